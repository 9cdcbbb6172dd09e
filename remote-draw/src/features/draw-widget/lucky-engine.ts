import { LuckyGrid, LuckyWheel, SlotMachine } from 'lucky-canvas';
import type { DrawConfigOf, DrawKind } from './draw-defaults';
import { gridOptions, reelOrders, slotOptions, wheelOptions } from './draw-defaults';

/**
 * The canvas behind a widget. The widget keeps the state machine; the engine only animates. Tests
 * inject a fake engine, so the state machine and the React wrapper run without a canvas.
 */
type WheelData = ConstructorParameters<typeof LuckyWheel>[1];
type GridData = ConstructorParameters<typeof LuckyGrid>[1];
type SlotData = ConstructorParameters<typeof SlotMachine>[1];

export interface DrawEngine {
  /** Start spinning (accelerate, then keep full speed). */
  play(): void;
  /** Decelerate onto the target (one index, or one per reel); `landed` follows. */
  land(target: readonly number[]): void;
  /** Stop where it is, at once; `landed` does not follow. */
  cancel(): void;
  /** Reduced motion: draw the target as the end of a spin would, without animating. */
  show(target: readonly number[]): void;
  /** Stop every frame, timer, listener and observer, and remove the canvas. */
  destroy(): void;
}

export interface EngineCallbacks {
  /** The animation came to rest on the target given to `land`. */
  landed(): void;
  /** The earner pressed the start button drawn on the canvas (wheel and grid). */
  pressed(): void;
}

export type CreateEngine = <K extends DrawKind>(kind: K, host: HTMLDivElement, config: DrawConfigOf<K>, callbacks: EngineCallbacks) => DrawEngine;

/**
 * What we reach inside a lucky-canvas 1.7 instance. Public: play, stop. Private, read only to draw a
 * result without animating (reduced motion): the wheel's angle, the grid's lit cell, the reels'
 * scroll. The version is pinned (~1.7.27) for this; lucky-engine.test.ts would not catch a rename,
 * so re-check these fields when upgrading.
 */
interface LuckyInternals {
  play(): void;
  stop(index: number | number[]): void;
  draw(): void;
  rotateDeg: number;
  currIndex: number;
  prizeFlag: number | number[] | undefined;
  scroll: number[];
  cellAndSpacing: number;
}

/**
 * lucky-canvas never lets go: each instance adds a window resize listener and a MutationObserver on
 * <html> that it never removes, and its animation loop schedules frames it never cancels. It takes
 * these from `window` while it is being constructed, so we hand it tracked ones for that moment and
 * release them all on destroy.
 */
function constructTracked<T>(construct: () => T) {
  const frames = new Set<number>();
  const listeners: [string, EventListenerOrEventListenerObject][] = [];
  const observers: MutationObserver[] = [];
  const requestFrame = window.requestAnimationFrame.bind(window);
  const frame = (callback: FrameRequestCallback) => {
    const id = requestFrame((time) => {
      frames.delete(id);
      callback(time);
    });
    frames.add(id);
    return id;
  };

  const addEventListener = window.addEventListener;
  const NativeObserver = window.MutationObserver;
  const originalFrame = window.requestAnimationFrame;
  window.requestAnimationFrame = frame;
  window.addEventListener = function (this: Window, type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) {
    if (listener) listeners.push([type, listener]);
    addEventListener.call(this, type, listener, options);
  } as typeof window.addEventListener;
  if (NativeObserver) {
    window.MutationObserver = class extends NativeObserver {
      constructor(callback: MutationCallback) {
        super(callback);
        observers.push(this);
      }
    };
  }
  let instance: T;
  try {
    instance = construct();
  } finally {
    window.requestAnimationFrame = originalFrame;
    window.addEventListener = addEventListener;
    if (NativeObserver) window.MutationObserver = NativeObserver;
  }
  return {
    instance,
    cancelFrames() {
      for (const id of frames) window.cancelAnimationFrame(id);
      frames.clear();
    },
    release() {
      for (const id of frames) window.cancelAnimationFrame(id);
      frames.clear();
      for (const [type, listener] of listeners) window.removeEventListener(type, listener);
      for (const observer of observers) observer.disconnect();
    },
  };
}

/** The real engine: a lucky-canvas LuckyWheel, LuckyGrid or SlotMachine in `host`. */
export const createLuckyEngine: CreateEngine = (kind, host, config, callbacks) => {
  // Without a 2D context lucky-canvas only logs, then fails inside a promise nobody awaits: check first.
  if (!document.createElement('canvas').getContext('2d')) throw new Error('This browser cannot draw on a canvas.');

  // Only a landing we asked for counts: lucky-canvas also calls `end` after a cancel.
  let landing = false;
  let destroyed = false;
  const end = () => {
    if (!landing || destroyed) return;
    landing = false;
    callbacks.landed();
  };
  const start = () => {
    if (!destroyed) callbacks.pressed();
  };
  const options = { divElement: host };

  const tracked = constructTracked(() => {
    // Our lengths may be numbers where lucky-canvas's types say string; it reads both (getLength).
    if (kind === 'wheel') return new LuckyWheel(options, { ...wheelOptions(config as DrawConfigOf<'wheel'>), start, end } as unknown as WheelData);
    if (kind === 'grid') return new LuckyGrid(options, { ...gridOptions(config as DrawConfigOf<'grid'>), start, end } as unknown as GridData);
    return new SlotMachine(options, { ...slotOptions(config as DrawConfigOf<'slot'>), end } as unknown as SlotData);
  });
  const lucky = tracked.instance as unknown as LuckyInternals;

  return {
    play() {
      lucky.play();
    },
    land(target) {
      landing = true;
      lucky.stop(kind === 'slot' ? [...target] : (target[0] ?? -1));
    },
    cancel() {
      landing = false;
      lucky.stop(-1);
      // The loop would run one more frame and call `end`; a new spin would otherwise run two loops.
      tracked.cancelFrames();
    },
    show(target) {
      const index = target[0] ?? 0;
      if (kind === 'wheel') {
        const wheel = config as DrawConfigOf<'wheel'>;
        const prizeDeg = 360 / Math.max(1, wheel.prizes.length);
        // Where lucky-canvas's own deceleration ends: the prize's middle under the pointer.
        lucky.rotateDeg = -index * prizeDeg - prizeDeg / 2 - (wheel.defaultConfig?.offsetDegree ?? 0);
      } else if (kind === 'grid') {
        lucky.prizeFlag = index;
        lucky.currIndex = index;
      } else {
        const orders = reelOrders(config as DrawConfigOf<'slot'>);
        lucky.prizeFlag = [...target];
        lucky.scroll = target.map((prize, reel) => lucky.cellAndSpacing * Math.max(0, orders[reel]?.indexOf(prize) ?? 0));
      }
      lucky.draw();
    },
    destroy() {
      destroyed = true;
      landing = false;
      tracked.release();
      host.replaceChildren();
    },
  };
};
