import { Route, Routes, store, tokenAtom, useLocation, userInfoAtom } from '@grab/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../test-utils';
import { RequireSession } from './require-session';

const earner = {
  id: 1,
  phone: '+919876543210',
  country: 'IN',
  thirdUserId: 'u1',
  thirdName: 'demo',
  asset: 0,
  level: 1,
  inviteCode: 'DEMO01',
  currency: 'INR' as const,
  createdAt: '2026-01-01T00:00:00Z',
};

function Where() {
  const location = useLocation();
  return <output>{`${location.pathname}${location.search}`}</output>;
}

function guarded(path: string) {
  return renderApp(
    <RequireSession>
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </RequireSession>,
    path,
  );
}

afterEach(() => {
  store.set(userInfoAtom, null);
  store.set(tokenAtom, null);
});

describe('RequireSession', () => {
  it('sends a visitor without user info to login with the full target encoded', async () => {
    await guarded('/withdrawal?amount=5&shareCode=ROOT01');
    expect(screen.getByRole('status').textContent).toBe('/login?redirect=%2Fwithdrawal%3Famount%3D5%26shareCode%3DROOT01');
  });

  it('leaves the login and register pages alone', async () => {
    await guarded('/login?redirect=%2Fhome');
    expect(screen.getByRole('status').textContent).toBe('/login?redirect=%2Fhome');
  });

  it('treats user info without a token as no session', async () => {
    store.set(userInfoAtom, earner);
    await guarded('/team');
    expect(screen.getByRole('status').textContent).toBe('/login?redirect=%2Fteam');
  });

  it('lets an earner with user info and token through', async () => {
    store.set(userInfoAtom, earner);
    store.set(tokenAtom, 'token-1');
    await guarded('/team?tab=2');
    expect(screen.getByRole('status').textContent).toBe('/team?tab=2');
  });
});
