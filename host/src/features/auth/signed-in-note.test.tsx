import { store, userInfoAtom } from '@grab/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../app/test-utils';
import { RegisterPage } from './register.page';

const EARNER = { id: 7, phone: '+919812345678', country: 'IN', thirdUserId: 't7', thirdName: 'Asha', asset: 0, level: 1, inviteCode: 'ASHA01', currency: 'INR', createdAt: '2026-01-01T00:00:00.000Z' } as const;

afterEach(() => {
  vi.unstubAllGlobals();
  store.set(userInfoAtom, null);
});

describe('register page opened while logged in', () => {
  it('says so instead of offering a second account, and logging out brings the form back', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 200, data: null, msg: 'ok' }), { headers: { 'content-type': 'application/json' } })));
    store.set(userInfoAtom, EARNER);
    await renderApp(<RegisterPage />, '/register');
    expect(screen.getByTestId('signed-in-note').textContent).toContain('You are already logged in');
    expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/home');
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Log out and register' }));
    await waitFor(() => expect(screen.queryByTestId('signed-in-note')).toBeNull());
    expect(screen.getByRole('button', { name: 'Register' })).toBeTruthy();
  });
});
