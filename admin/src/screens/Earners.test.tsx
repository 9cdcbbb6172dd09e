// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Earners } from './Earners';
import { ok, renderInConsole } from '../testing/console';

// The Earners screen against its two calls at the network boundary: the search answers "#id" with
// that account alone (as the server does), the ledger is empty. Every search sent is kept.

function profile(id: number, inviterId: number | null = null) {
  return {
    id,
    publicId: `P${id}`,
    phone: `+9198765${String(id).padStart(5, '0')}`,
    country: 'IN',
    currency: 'INR',
    inviteCode: `CODE${id}`,
    level: 2,
    role: 'earner',
    balance: 1_250_00,
    directCount: 0,
    inviterId,
    frozen: null,
    createdAt: '2026-03-01T10:00:00.000Z',
  };
}

const EARNERS = [profile(4321, 77), profile(77)];
let searches: string[];

beforeEach(() => {
  searches = [];
  localStorage.setItem('grab.console.token', 'console-token');
  vi.stubGlobal('fetch', async (url: string) => {
    const address = new URL(String(url), 'http://console.test');
    if (address.pathname === '/admin/earners/search') {
      const q = address.searchParams.get('q') ?? '';
      searches.push(q);
      return ok({ list: EARNERS.filter((e) => `#${e.id}` === q || e.phone.includes(q)) });
    }
    if (address.pathname === '/admin/earners/ledger') return ok({ list: [], hasMore: false });
    return new Response('', { status: 404 });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  window.history.replaceState(null, '', '#/');
});

const renderEarners = () => renderInConsole(<Earners />);

/**
 * The console at `hash` before the screen is drawn. happy-dom, unlike browsers, fires `hashchange`
 * for `replaceState` too, a moment later: it is let pass first, so the screen sees only the changes a
 * browser would send it.
 */
async function atAddress(hash: string) {
  window.history.replaceState(null, '', hash);
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/** The profile on screen is earner `id`'s. */
const profileOf = (id: number) => screen.findByRole('heading', { level: 2, name: new RegExp(`· #${id}$`) });

describe('the Earners screen opened on an earner from the address', () => {
  it('searches "#id" and shows that profile at once, with no list to pick from', async () => {
    await atAddress('#/earners?earner=4321');
    renderEarners();
    await profileOf(4321);
    expect(searches).toEqual(['#4321']);
    expect((screen.getByLabelText('Phone or invitation code, or #number') as HTMLInputElement).value).toBe('#4321');
    expect(screen.getByText('CODE4321')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Earners found' })).toBeNull();
  });

  it("follows the address when it changes: the inviter's link opens the inviter", async () => {
    await atAddress('#/earners?earner=4321');
    renderEarners();
    await profileOf(4321);
    const inviter = screen.getByRole('link', { name: '#77' });
    expect(inviter.getAttribute('href')).toBe('#/earners?earner=77');
    act(() => {
      window.location.hash = '/earners?earner=77';
    });
    await profileOf(77);
    expect(searches).toEqual(['#4321', '#77']);
  });

  it('opens nothing without an earner in the address; a pick from the list goes into it', async () => {
    await atAddress('#/earners');
    renderEarners();
    expect(searches).toEqual([]);
    fireEvent.change(screen.getByLabelText('Phone or invitation code, or #number'), { target: { value: '98765' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    // Each result carries its "#id", what a bare number might also have meant.
    await screen.findByRole('button', { name: '+91 98765 04321 (#4321) · CODE4321 · level 2' });
    fireEvent.click(screen.getByRole('button', { name: /\(#77\)/ }));
    await profileOf(77);
    expect(window.location.hash).toBe('#/earners?earner=77');
  });
});
