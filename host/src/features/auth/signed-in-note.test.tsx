import { queryClient, store, tokenAtom, userInfoAtom } from '@grab/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../app/test-utils';
import { RegisterPage } from './register.page';

const EARNER = { id: 7, phone: '+919812345678', country: 'IN', thirdUserId: 't7', thirdName: 'Asha', asset: 0, level: 1, inviteCode: 'ASHA01', currency: 'INR', createdAt: '2026-01-01T00:00:00.000Z' } as const;

beforeEach(() => {
  queryClient.clear();
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 200, data: null, msg: 'ok' }), { headers: { 'content-type': 'application/json' } })));
});

afterEach(() => {
  vi.unstubAllGlobals();
  store.set(userInfoAtom, null);
  store.set(tokenAtom, null);
  localStorage.clear();
});

describe('register page opened while logged in', () => {
  it('says so instead of the form, with a way home and a way to log out that brings the form back', async () => {
    store.set(userInfoAtom, EARNER);
    store.set(tokenAtom, 'a-live-token-1234567890');
    await renderApp(<RegisterPage />, '/register');
    expect(screen.getByTestId('signed-in-note').textContent).toContain('You are already logged in on this phone');
    expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/home');
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Log out and register' }));
    await waitFor(() => expect(screen.queryByTestId('signed-in-note')).toBeNull());
    expect(screen.getByRole('button', { name: 'Register' })).toBeTruthy();
    expect(store.get(tokenAtom)).toBeNull();
  });

  it('shows the form to a visitor', async () => {
    await renderApp(<RegisterPage />, '/register');
    expect(screen.getByRole('button', { name: 'Register' })).toBeTruthy();
    expect(screen.queryByTestId('signed-in-note')).toBeNull();
  });
});
