import { BrowserRouter, changeLanguage, formatDateTime, initI18n, queryClient, Toaster } from '@grab/shared';
import type { DrawSetup, DrawStatus, SpinAnswer } from '@grab/shared/contracts';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DrawEngine, EngineCallbacks } from '../features/draw-widget/lucky-engine';
import LuckyDrawPage from './lucky-draw.page';

// The canvas is faked at the engine boundary, as in the widget tests: the page, the widget's state
// machine and its timers run for real; a test says when the animation came to rest.
const engines = vi.hoisted(() => [] as { play: ReturnType<typeof vi.fn>; land: ReturnType<typeof vi.fn>; cancel: ReturnType<typeof vi.fn>; callbacks: EngineCallbacks }[]);
vi.mock('../features/draw-widget/lucky-engine', () => ({
  createLuckyEngine: (_kind: string, _host: HTMLDivElement, _config: unknown, callbacks: EngineCallbacks): DrawEngine => {
    const fake = { play: vi.fn(), land: vi.fn(), cancel: vi.fn(), show: vi.fn(), destroy: vi.fn(), callbacks };
    engines.push(fake);
    return fake;
  },
}));
const engine = () => {
  const last = engines.at(-1);
  if (!last) throw new Error('no widget was created');
  return last;
};

const prize = (text: string, amount: number, weight: number) => ({ amount, weight, fonts: [{ text }] });

const SETUP: DrawSetup = {
  version: 3,
  featured: 'wheel',
  rules: { dailySpins: 1, spinsPerAuditTask: 1 },
  config: {
    dayWidgets: ['wheel'],
    prizes: [prize('1 point', 100, 50), prize('5 points', 500, 30), prize('20 points', 2000, 15), prize('100 points', 10000, 5)],
    wheel: {},
    grid: {},
    slot: { slots: [{}, {}, {}] },
  },
};

const HISTORY = [{ spinId: 7, version: 3, prizeIndex: 1, amount: 500, spunAt: '2026-11-23T09:30:00.000Z' }];

let status: DrawStatus;
let spin: () => Response;
let spinCalls: unknown[];

function envelope(data: unknown, code = 200, msg = 'ok') {
  return new Response(JSON.stringify({ code, data, msg }), { status: code === 200 ? 200 : 400, headers: { 'content-type': 'application/json' } });
}

const answer = (over: Partial<SpinAnswer> = {}): SpinAnswer => ({ spinId: 8, version: 3, prizeIndex: 2, amount: 2000, spunAt: '2026-11-24T12:00:00.000Z', spinsLeft: 0, repeated: false, ...over });

beforeEach(async () => {
  engines.length = 0;
  sessionStorage.clear();
  queryClient.clear();
  status = { spinsLeft: 1, history: HISTORY };
  spin = () => envelope(answer());
  spinCalls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/app/draw/config') return envelope(SETUP);
      if (path === '/app/draw/status') return envelope(status);
      if (path === '/app/draw/spin' && init?.method === 'POST') {
        spinCalls.push(JSON.parse(String(init.body)));
        return spin();
      }
      if (path === '/app/user/info') return envelope({});
      return new Response('not found', { status: 404 });
    }),
  );
  await initI18n();
  await changeLanguage('en-US');
});

afterEach(() => {
  sessionStorage.clear();
});

function renderPage() {
  return render(
    <BrowserRouter>
      <LuckyDrawPage />
      <Toaster />
    </BrowserRouter>,
  );
}

const announced = () => within(screen.getByRole('region', { name: 'Lucky wheel' })).getByRole('status').textContent;

describe('LuckyDrawPage', () => {
  it("shows the spins left, today's widget, the prizes with their chances and the earner's prizes", async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Lucky draw' })).toBeTruthy();
    expect(screen.getByTestId('spins-left').textContent).toBe('1 spin left');
    expect(screen.getByRole('region', { name: 'Lucky wheel' })).toBeTruthy();
    const games = screen.getByRole('group', { name: 'Choose a game' });
    expect(within(games).getByRole('button', { name: 'Wheel · today' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(games).getByRole('button', { name: 'Grid' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByText('Prizes and chances')).toBeTruthy();
    expect(screen.getByText('50%')).toBeTruthy();
    const history = within(screen.getByRole('region', { name: 'Your prizes' })).getAllByRole('listitem');
    expect(history).toHaveLength(1);
    expect(history[0]?.textContent).toContain('+5\u00a0points');
    // As every screen writes a moment: the month in words, never "11/23/2026, 9:30:00 AM".
    expect(history[0]?.querySelector('time')?.textContent).toBe(formatDateTime('2026-11-23T09:30:00.000Z', 'en-US'));
    expect(history[0]?.querySelector('time')?.textContent).toMatch(/^Nov 2[34], 2026, \d{1,2}:\d{2}\s?[AP]M$/);
    expect(screen.queryByTestId('no-spins')).toBeNull();

    fireEvent.click(within(games).getByRole('button', { name: 'Slots' }));
    expect(await screen.findByRole('region', { name: 'Slot machine' })).toBeTruthy();
  });

  it('with no spins left, says how to get one and cannot spin', async () => {
    status = { spinsLeft: 0, history: [] };
    renderPage();
    const card = await screen.findByTestId('no-spins');
    expect(within(card).getByRole('heading', { name: 'No spins left — here is how to get one' })).toBeTruthy();
    expect(within(card).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['A free spin every day', 'One spin for each approved screenshot task']);
    expect(within(card).getByRole('link', { name: 'See tasks' }).getAttribute('href')).toBe('/home');
    expect(screen.getByText('No prizes yet')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Spin' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("sends only a key, lands on the server's index and shows the prize once it comes to rest", async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Spin' }));
    expect(engine().play).toHaveBeenCalledOnce();
    expect(announced()).toBe('Drawing your prize…');
    await waitFor(() => expect(spinCalls).toHaveLength(1));
    expect(Object.keys(spinCalls[0] as object)).toEqual(['idempotencyKey']);
    // The server's index is handed to the canvas; it slows down onto it once at full speed (2.5 s, SPEC §9).
    await waitFor(() => expect(engine().land).toHaveBeenCalledWith([2]));
    const widget = screen.getByRole('region', { name: 'Lucky wheel' });
    await waitFor(() => expect(widget.querySelector('[data-phase]')?.getAttribute('data-phase')).toBe('decelerating'), { timeout: 5000 });
    expect(screen.queryByTestId('draw-won')).toBeNull();

    status = { spinsLeft: 0, history: [answer(), ...HISTORY] };
    act(() => engine().callbacks.landed());
    expect(announced()).toBe('You won 20 points!');
    expect(screen.getByTestId('draw-won').textContent).toBe('You won 20\u00a0points');
    // The spin is done with: the next tap is a new key, and the page reads the spins again.
    expect(sessionStorage.length).toBe(0);
    expect(await screen.findByTestId('no-spins')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Your prizes' })).getAllByRole('listitem')).toHaveLength(2);
  }, 10_000);

  it('a refusal cancels the spin with −1 and shows the server’s message', async () => {
    spin = () => envelope(null, 400, 'No spins left');
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Spin' }));
    await waitFor(() => expect(engine().cancel).toHaveBeenCalledOnce());
    expect(engine().land).not.toHaveBeenCalled();
    expect(announced()).toBe('The draw was stopped.');
    expect(await screen.findByText('No spins left')).toBeTruthy();
    expect(sessionStorage.length).toBe(0);
    expect((screen.getByRole('button', { name: 'Spin' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('after a reload mid-spin, asks again with the same key and shows the kept prize without spinning', async () => {
    sessionStorage.setItem('grab.draw.pendingSpin', 'kept-key-0123456789');
    spin = () => envelope(answer({ repeated: true }));
    renderPage();
    expect(await screen.findByTestId('draw-won')).toBeTruthy();
    expect(screen.getByTestId('draw-won').textContent).toBe('You won 20\u00a0points');
    expect(spinCalls).toEqual([{ idempotencyKey: 'kept-key-0123456789' }]);
    expect(engines.every((e) => e.play.mock.calls.length === 0)).toBe(true);
    await waitFor(() => expect(sessionStorage.length).toBe(0));
  });
});
