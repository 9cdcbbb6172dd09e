import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test-utils';
import type { RemoteRegistry } from './remote-registry';
import { RemoteSection } from './remote-section';

function TaskHall() {
  return <h1>Task hall</h1>;
}

const flaky = { broken: true };
function Flaky() {
  if (flaky.broken) throw new Error('render bug');
  return <p>Balance card</p>;
}

describe('RemoteSection', () => {
  it('shows a fallback card when the remote fails to load, and Retry downloads it again', async () => {
    const load = vi.fn<RemoteRegistry['load']>().mockRejectedValueOnce(new Error('remoteEntry.js 503')).mockResolvedValue(TaskHall);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderApp(<RemoteSection registry={{ load }} remote="remote_tasks" expose="TaskHall" />);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This section could not load');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { name: 'Task hall' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(load).toHaveBeenNthCalledWith(1, 'remote_tasks', 'TaskHall', false);
    expect(load).toHaveBeenNthCalledWith(2, 'remote_tasks', 'TaskHall', true);
  });

  it('catches a remote that throws while rendering', async () => {
    flaky.broken = true;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderApp(<RemoteSection registry={{ load: async () => Flaky }} remote="remote_wallet" expose="BalanceCard" />);
    expect(await screen.findByRole('alert')).toBeTruthy();
    flaky.broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Balance card')).toBeTruthy();
  });

  it('gives a full-screen page that failed its own Back and the tab bar', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn<RemoteRegistry['load']>().mockRejectedValue(new Error('chunk 404'));
    await renderApp(<RemoteSection registry={{ load }} remote="remote_draw" expose="LuckyDrawPage" backTo="/home" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'This section could not load' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'Main sections' });
    expect(within(tabs).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/home', '/user', '/team']);
  });

  it('keeps a section inside a tab page to its card: the page around it has Back and tabs of its own', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderApp(<RemoteSection registry={{ load: vi.fn<RemoteRegistry['load']>().mockRejectedValue(new Error('503')) }} remote="remote_wallet" expose="BalanceCard" />);
    expect(await screen.findByRole('heading', { level: 2, name: 'This section could not load' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('makes the failure card the heading of a tab whose whole screen failed (Home, Team)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderApp(<RemoteSection registry={{ load: vi.fn<RemoteRegistry['load']>().mockRejectedValue(new Error('503')) }} remote="remote_tasks" expose="TaskHall" wholeTab />);
    expect(await screen.findByRole('heading', { level: 1, name: 'This section could not load' })).toBeTruthy();
    // The tab bar belongs to the layout around it, not to the card.
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
