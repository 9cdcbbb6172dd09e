import { changeLanguage, initI18n } from '@grab/shared';
import type { DrawPrizeLook, WheelConfig } from '@grab/shared/contracts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LuckyGrid from '../../app/lucky-grid.widget';
import LuckyWheel from '../../app/lucky-wheel.widget';
import SlotMachine from '../../app/slot-machine.widget';
import { registerDrawLocales } from '../../locales/draw.locales';
import type { DrawHandle } from './draw-widget';
import type { CreateEngine, DrawEngine, EngineCallbacks } from './lucky-engine';

// The canvas is faked at the engine boundary: the widget's state machine, events, texts and timers
// run for real; the fake records what the canvas was told and lets a test say "it landed".
interface FakeEngine extends DrawEngine {
  config: unknown;
  callbacks: EngineCallbacks;
}

let engines: FakeEngine[];
let createEngine: CreateEngine;
const engine = () => engines.at(-1) as FakeEngine;

const prizes: DrawPrizeLook[] = ['10 points', '20 points', '50 points', '5 points'].map((text) => ({ fonts: [{ text }] }));
const wheel = { prizes };
const slot = { prizes, slots: [{}, {}, {}] };

function events() {
  return { onStart: vi.fn(), onEnd: vi.fn(), onSuccess: vi.fn(), onError: vi.fn(), onFinally: vi.fn(), onPhaseChange: vi.fn() };
}

beforeEach(async () => {
  engines = [];
  createEngine = vi.fn((_kind, _host, config, callbacks) => {
    const fake: FakeEngine = { config, callbacks, play: vi.fn(), land: vi.fn(), cancel: vi.fn(), show: vi.fn(), destroy: vi.fn() };
    engines.push(fake);
    return fake;
  }) as CreateEngine;
  await initI18n();
  await changeLanguage('en-US');
  await registerDrawLocales();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
});

const status = () => screen.getByRole('status').textContent;
const spinButton = () => screen.getByRole('button', { name: 'Spin' });

/** The wheel with a fake canvas and every event recorded. */
function mountWheel() {
  const on = events();
  const ref = createRef<DrawHandle>();
  const { unmount } = render(<LuckyWheel ref={ref} config={wheel} createEngine={createEngine} {...on} />);
  return { on, ref, unmount };
}

/** Spin up to full speed (2500 ms, SPEC §9). */
function toFullSpeed(ref: { current: DrawHandle | null }) {
  act(() => {
    ref.current?.play();
  });
  act(() => {
    vi.advanceTimersByTime(2500);
  });
}

describe('the lucky wheel', () => {
  it('spins on its button, waits at full speed, lands on the given prize and announces it', () => {
    const { on, ref } = mountWheel();
    expect(on.onSuccess).toHaveBeenCalledOnce();
    expect(on.onFinally).toHaveBeenCalledOnce();
    expect(screen.getByRole('region', { name: 'Lucky wheel' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Prizes: 10 points, 20 points, 50 points, 5 points' })).toBeTruthy();

    fireEvent.click(spinButton());
    expect(on.onStart).toHaveBeenCalledOnce();
    expect(engine().play).toHaveBeenCalledOnce();
    expect(ref.current?.phase).toBe('accelerating');
    expect(status()).toBe('Drawing your prize…');
    expect((spinButton() as HTMLButtonElement).disabled).toBe(true);

    act(() => {
      vi.advanceTimersByTime(2499);
    });
    expect(ref.current?.phase).toBe('accelerating');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(ref.current?.phase).toBe('constant');

    let taken: boolean | undefined;
    act(() => {
      taken = ref.current?.stop(2);
    });
    expect(taken).toBe(true);
    expect(engine().land).toHaveBeenCalledWith([2]);
    expect(ref.current?.phase).toBe('decelerating');
    expect(on.onEnd).not.toHaveBeenCalled();

    act(() => engine().callbacks.landed());
    expect(ref.current?.phase).toBe('idle');
    expect(on.onEnd).toHaveBeenCalledWith(prizes[2], 2);
    expect(status()).toBe('You won 50 points!');
    expect(on.onPhaseChange.mock.calls.map(([phase]) => phase)).toEqual(['accelerating', 'constant', 'decelerating', 'idle']);
    expect((spinButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('refuses play while spinning', () => {
    const { on, ref } = mountWheel();
    act(() => {
      expect(ref.current?.play()).toBe(true);
    });
    act(() => {
      expect(ref.current?.play()).toBe(false);
    });
    toFullSpeed({ current: null });
    act(() => {
      expect(ref.current?.play()).toBe(false);
    });
    expect(on.onStart).toHaveBeenCalledOnce();
    expect(engine().play).toHaveBeenCalledOnce();
  });

  it('refuses stop while idle', () => {
    const { on, ref } = mountWheel();
    act(() => {
      expect(ref.current?.stop(1)).toBe(false);
    });
    expect(engine().land).not.toHaveBeenCalled();
    expect(ref.current?.phase).toBe('idle');
    expect(on.onPhaseChange).not.toHaveBeenCalled();
  });

  it('refuses stop while decelerating, −1 included', () => {
    const { on, ref } = mountWheel();
    toFullSpeed(ref);
    act(() => {
      ref.current?.stop(1);
    });
    act(() => {
      expect(ref.current?.stop(3)).toBe(false);
      expect(ref.current?.stop(-1)).toBe(false);
    });
    expect(engine().land).toHaveBeenCalledOnce();
    expect(engine().cancel).not.toHaveBeenCalled();
    act(() => engine().callbacks.landed());
    expect(on.onEnd).toHaveBeenCalledWith(prizes[1], 1);
  });

  it('cancels back to idle on −1, with no end and no prize', () => {
    const { on, ref } = mountWheel();
    toFullSpeed(ref);
    act(() => {
      expect(ref.current?.stop(-1)).toBe(true);
    });
    expect(engine().cancel).toHaveBeenCalledOnce();
    expect(ref.current?.phase).toBe('idle');
    expect(status()).toBe('The draw was stopped.');
    expect(on.onEnd).not.toHaveBeenCalled();
    // A cancelled spin leaves the widget ready for the next one.
    act(() => {
      expect(ref.current?.play()).toBe(true);
    });
  });

  it('cancels during acceleration too, and the acceleration timer no longer counts', () => {
    const { ref } = mountWheel();
    act(() => {
      ref.current?.play();
    });
    act(() => {
      ref.current?.stop(-1);
    });
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(ref.current?.phase).toBe('idle');
    expect(engine().cancel).toHaveBeenCalledOnce();
  });

  it('treats an index that names no prize as −1', () => {
    const { ref } = mountWheel();
    toFullSpeed(ref);
    act(() => {
      ref.current?.stop(9);
    });
    expect(engine().cancel).toHaveBeenCalledOnce();
    expect(engine().land).not.toHaveBeenCalled();
  });

  it('keeps a stop made while accelerating and lands after full speed', () => {
    const { on, ref } = mountWheel();
    act(() => {
      ref.current?.play();
    });
    act(() => {
      expect(ref.current?.stop(3)).toBe(true);
    });
    expect(ref.current?.phase).toBe('accelerating');
    act(() => {
      vi.advanceTimersByTime(2500);
    });
    expect(ref.current?.phase).toBe('decelerating');
    act(() => engine().callbacks.landed());
    expect(on.onEnd).toHaveBeenCalledWith(prizes[3], 3);
  });

  it('lands on a `result` the page sets while it spins', () => {
    const on = events();
    const ref = createRef<DrawHandle>();
    const { rerender } = render(<LuckyWheel ref={ref} config={wheel} createEngine={createEngine} result={null} {...on} />);
    toFullSpeed(ref);
    rerender(<LuckyWheel ref={ref} config={wheel} createEngine={createEngine} result={1} {...on} />);
    expect(engine().land).toHaveBeenCalledWith([1]);
    act(() => engine().callbacks.landed());
    expect(on.onEnd).toHaveBeenCalledWith(prizes[1], 1);
  });

  it('does not spin from its button while disabled', () => {
    const on = events();
    render(<LuckyWheel config={wheel} createEngine={createEngine} disabled {...on} />);
    expect((spinButton() as HTMLButtonElement).disabled).toBe(true);
    // Drawn muted, so its own GO does not look like a second way to spin.
    expect(screen.getByRole('img').hasAttribute('data-disabled')).toBe(true);
    act(() => engine().callbacks.pressed());
    expect(on.onStart).not.toHaveBeenCalled();
  });

  it('emits error and finally when it cannot be created, and offers no spin', () => {
    const on = events();
    const failure = new Error('no canvas');
    render(
      <LuckyWheel
        config={wheel}
        createEngine={() => {
          throw failure;
        }}
        {...on}
      />,
    );
    expect(on.onError).toHaveBeenCalledWith(failure);
    expect(on.onSuccess).not.toHaveBeenCalled();
    expect(on.onFinally).toHaveBeenCalledOnce();
    expect(screen.getByRole('alert').textContent).toBe('The draw cannot be shown on this phone.');
    expect((spinButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('emits error with the real lucky-canvas where there is no 2D canvas (as in this test DOM)', () => {
    const on = events();
    const ref = createRef<DrawHandle>();
    render(<LuckyWheel ref={ref} config={wheel} {...on} />);
    expect(on.onError).toHaveBeenCalledOnce();
    expect(String(on.onError.mock.calls[0]?.[0])).toContain('canvas');
    act(() => {
      expect(ref.current?.play()).toBe(false);
    });
  });

  it('destroys the canvas when unmounted mid-spin, and reports nothing after', () => {
    const { on, ref, unmount } = mountWheel();
    act(() => {
      ref.current?.play();
    });
    const spun = engine();
    unmount();
    expect(spun.destroy).toHaveBeenCalledOnce();
    act(() => {
      vi.advanceTimersByTime(5000);
      spun.callbacks.landed();
    });
    expect(on.onEnd).not.toHaveBeenCalled();
    expect(on.onPhaseChange.mock.calls.map(([phase]) => phase)).toEqual(['accelerating']);
  });

  it('takes a configuration change after mount: a new canvas when idle, after the spin when spinning', () => {
    const on = events();
    const ref = createRef<DrawHandle>();
    const { rerender } = render(<LuckyWheel ref={ref} config={wheel} createEngine={createEngine} {...on} />);
    // The same configuration in a new object changes nothing.
    rerender(<LuckyWheel ref={ref} config={{ prizes: [...prizes] }} createEngine={createEngine} {...on} />);
    expect(engines).toHaveLength(1);

    const three = { prizes: prizes.slice(0, 3) };
    rerender(<LuckyWheel ref={ref} config={three} createEngine={createEngine} {...on} />);
    expect(engines).toHaveLength(2);
    expect(engines[0]?.destroy).toHaveBeenCalledOnce();
    expect(engine().config).toEqual(three);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('Prizes: 10 points, 20 points, 50 points');

    toFullSpeed(ref);
    const two = { prizes: prizes.slice(0, 2) };
    rerender(<LuckyWheel ref={ref} config={two} createEngine={createEngine} {...on} />);
    expect(engines).toHaveLength(2);
    act(() => {
      ref.current?.stop(2);
    });
    act(() => engine().callbacks.landed());
    expect(on.onEnd).toHaveBeenCalledWith(prizes[2], 2);
    expect(engines).toHaveLength(3);
    expect(engine().config).toEqual(two);
  });

  it('with reduced motion, does not animate and shows the result at once', () => {
    const on = events();
    const ref = createRef<DrawHandle>();
    render(<LuckyWheel ref={ref} config={wheel} createEngine={createEngine} reducedMotion {...on} />);
    act(() => {
      ref.current?.play();
    });
    expect(engine().play).not.toHaveBeenCalled();
    expect(ref.current?.phase).toBe('constant');
    act(() => {
      ref.current?.stop(0);
    });
    expect(engine().show).toHaveBeenCalledWith([0]);
    expect(engine().land).not.toHaveBeenCalled();
    expect(ref.current?.phase).toBe('idle');
    expect(on.onEnd).toHaveBeenCalledWith(prizes[0], 0);
    expect(status()).toBe('You won 10 points!');
  });

  it("follows the earner's prefers-reduced-motion", () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)', addEventListener() {}, removeEventListener() {} }));
    const ref = createRef<DrawHandle>();
    render(<LuckyWheel ref={ref} config={wheel} createEngine={createEngine} />);
    act(() => {
      ref.current?.play();
    });
    expect(engine().play).not.toHaveBeenCalled();
    expect(ref.current?.phase).toBe('constant');
  });

  it('announces in the earner’s language', async () => {
    await changeLanguage('br-BR');
    await registerDrawLocales();
    const ref = createRef<DrawHandle>();
    render(<LuckyWheel ref={ref} config={wheel} createEngine={createEngine} reducedMotion />);
    expect(screen.getByRole('button', { name: 'Girar' })).toBeTruthy();
    act(() => {
      ref.current?.play();
    });
    act(() => {
      ref.current?.stop(1);
    });
    expect(status()).toBe('¡Ganaste 20 points!');
  });
});

describe('the slot machine', () => {
  function spinning() {
    const on = events();
    const ref = createRef<DrawHandle>();
    render(<SlotMachine ref={ref} config={slot} createEngine={createEngine} {...on} />);
    toFullSpeed(ref);
    return { on, ref };
  }

  it('takes one index for every reel', () => {
    const { on, ref } = spinning();
    act(() => {
      ref.current?.stop(3);
    });
    expect(engine().land).toHaveBeenCalledWith([3, 3, 3]);
    act(() => engine().callbacks.landed());
    expect(on.onEnd).toHaveBeenCalledWith(prizes[3], 3);
  });

  it('gives no prize when the reels disagree', () => {
    const { on, ref } = spinning();
    act(() => {
      ref.current?.stop([1, 1, 2]);
    });
    expect(engine().land).toHaveBeenCalledWith([1, 1, 2]);
    act(() => engine().callbacks.landed());
    expect(on.onEnd).toHaveBeenCalledWith(undefined, undefined);
    expect(status()).toBe('The reels did not match: no prize this time.');
  });

  it('counts an array of the wrong length as −1 and cancels', () => {
    const { on, ref } = spinning();
    act(() => {
      expect(ref.current?.stop([1, 1])).toBe(true);
    });
    expect(engine().cancel).toHaveBeenCalledOnce();
    expect(engine().land).not.toHaveBeenCalled();
    expect(ref.current?.phase).toBe('idle');
    expect(on.onEnd).not.toHaveBeenCalled();
  });

  it('counts a value that is not an array as −1 and cancels', () => {
    const { ref } = spinning();
    act(() => {
      ref.current?.stop('1');
    });
    expect(engine().cancel).toHaveBeenCalledOnce();
    expect(ref.current?.phase).toBe('idle');
  });

  it('cancels on −1', () => {
    const { ref } = spinning();
    act(() => {
      ref.current?.stop(-1);
    });
    expect(engine().cancel).toHaveBeenCalledOnce();
  });

  it('shows disagreeing reels at once with reduced motion', () => {
    const on = events();
    const ref = createRef<DrawHandle>();
    render(<SlotMachine ref={ref} config={slot} createEngine={createEngine} reducedMotion {...on} />);
    act(() => {
      ref.current?.play();
    });
    act(() => {
      ref.current?.stop([0, 1, 0]);
    });
    expect(engine().show).toHaveBeenCalledWith([0, 1, 0]);
    expect(on.onEnd).toHaveBeenCalledWith(undefined, undefined);
  });
});

describe('the lucky grid', () => {
  it('starts from the button drawn on the canvas too, and takes one index', () => {
    const on = events();
    const ref = createRef<DrawHandle>();
    render(<LuckyGrid ref={ref} config={{ prizes }} createEngine={createEngine} {...on} />);
    expect(screen.getByRole('button', { name: 'Start' })).toBeTruthy();
    act(() => engine().callbacks.pressed());
    expect(on.onStart).toHaveBeenCalledOnce();
    act(() => {
      vi.advanceTimersByTime(2500);
    });
    act(() => {
      ref.current?.stop([1, 1]);
    });
    expect(engine().cancel).toHaveBeenCalledOnce();
  });
});

describe("the button drawn on the canvas", () => {
  // The seed's pointer button: the operator's "GO" in white, 22 px bold, a little above the centre.
  const look = { fontSize: '22px', fontColor: '#ffffff', fontWeight: 700, top: '-14px' };
  const withGo: WheelConfig = { prizes, buttons: [{ radius: '32%', background: '#ffb347', pointer: true, fonts: [{ text: 'GO', ...look }] }] };
  const drawnFont = () => (engine().config as WheelConfig).buttons?.[0]?.fonts?.[0];

  it("says the earner's word in place of the operator's, in the operator's colour, size and place", async () => {
    await changeLanguage('ur-PK');
    await registerDrawLocales();
    render(<LuckyWheel config={withGo} createEngine={createEngine} />);
    expect(drawnFont()).toMatchObject({ text: 'شروع', ...look, wordWrap: false });
    expect((engine().config as WheelConfig).buttons?.[0]).toMatchObject({ radius: '32%', background: '#ffb347', pointer: true });
    // The page's real button and the prizes are untouched.
    expect(screen.getByRole('button', { name: 'گھمائیں' })).toBeTruthy();
    expect((engine().config as WheelConfig).prizes).toEqual(prizes);
  });

  it('draws the grid\'s middle cell in the earner\'s language too', async () => {
    await changeLanguage('hi-IN');
    await registerDrawLocales();
    render(<LuckyGrid config={{ prizes, buttons: [{ background: '#ff6b00', fonts: [{ text: 'GO', top: '30%' }] }] }} createEngine={createEngine} />);
    expect((engine().config as WheelConfig).buttons?.[0]?.fonts?.[0]).toMatchObject({ text: 'शुरू', top: '30%' });
  });

  it('follows a change of language: a new canvas when idle, after the spin when spinning', async () => {
    const ref = createRef<DrawHandle>();
    const on = events();
    render(<LuckyWheel ref={ref} config={withGo} createEngine={createEngine} {...on} />);
    expect(drawnFont()?.text).toBe('GO');

    await act(async () => {
      await changeLanguage('bn-BD');
      await registerDrawLocales();
    });
    expect(engines).toHaveLength(2);
    expect(engines[0]?.destroy).toHaveBeenCalledOnce();
    expect(drawnFont()?.text).toBe('শুরু');

    toFullSpeed(ref);
    await act(async () => {
      await changeLanguage('ng-HA');
      await registerDrawLocales();
    });
    expect(engines).toHaveLength(2);
    act(() => {
      ref.current?.stop(1);
    });
    act(() => engine().callbacks.landed());
    expect(on.onEnd).toHaveBeenCalledWith(prizes[1], 1);
    expect(engines).toHaveLength(3);
    expect(drawnFont()?.text).toBe('FARA');
  });
});
