import { Route, Routes } from '@grab/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test-utils';
import { TabLayout } from './tab-layout';

function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      {`${name} ${count}`}
    </button>
  );
}

function layout(path: string) {
  return renderApp(
    <Routes>
      <Route element={<TabLayout home={<Counter name="home" />} user={<Counter name="user" />} />}>
        <Route path="/home" element={null} />
        <Route path="/user" element={null} />
        <Route path="/team" element={<Counter name="team" />} />
      </Route>
    </Routes>,
    path,
  );
}

describe('TabLayout', () => {
  it('marks the current tab and labels the tab bar', async () => {
    await layout('/user');
    const nav = screen.getByRole('navigation', { name: 'Main sections' });
    expect(nav).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Account' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });

  it('keeps Home and Account state across tab switches, but not Team', async () => {
    const user = userEvent.setup();
    await layout('/home');
    await user.click(screen.getByRole('button', { name: 'home 0' }));
    await user.click(screen.getByRole('link', { name: 'Team' }));
    await user.click(screen.getByRole('button', { name: 'team 0' }));
    expect(screen.getByRole('button', { name: 'team 1' })).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Account' }));
    await user.click(screen.getByRole('button', { name: 'user 0' }));
    await user.click(screen.getByRole('link', { name: 'Home' }));
    expect(screen.getByRole('button', { name: 'home 1' })).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Account' }));
    expect(screen.getByRole('button', { name: 'user 1' })).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Team' }));
    expect(screen.getByRole('button', { name: 'team 0' })).toBeTruthy();
  });
});
