/// <reference types="@rsbuild/core/types" />
import { useT } from '@grab/shared';
import type { DrawPrizeLook } from '@grab/shared/contracts';
import { type Ref, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { DRAW_NS, registerDrawLocales } from '../../locales/draw.locales';
import { withButtonLabel } from './button-label';
import { accelerationTime, type DrawConfigOf, type DrawKind, reelOrders } from './draw-defaults';
import { type DrawEvent, type DrawPhase, type DrawState, IDLE, landedPrize, normaliseStop, transition } from './draw-machine';
import styles from './draw-widget.module.css';
import { type CreateEngine, createLuckyEngine, type DrawEngine } from './lucky-engine';
import { usePrefersReducedMotion } from './reduced-motion';

registerDrawLocales();

/** What a page holds through `ref`. */
export interface DrawHandle {
  /** Start a spin. Only when idle; returns whether it started. */
  play(): boolean;
  /**
   * Land on the server's prize: an index (wheel, grid; on the slot machine every reel), or one index
   * per reel. Only while spinning and not yet decelerating; returns whether it was taken. Anything that
   * names no prize (−1, a wrong-length array, not a number) cancels the spin back to idle.
   */
  stop(target: unknown): boolean;
  /** The current phase (SPEC §4). */
  readonly phase: DrawPhase;
}

export interface DrawWidgetProps<K extends DrawKind> {
  /** SPEC §3's configuration; SPEC §9's defaults fill what it leaves out. A change is applied when idle. */
  config: DrawConfigOf<K>;
  /**
   * Declarative stop: when this changes to a prize index (or one per reel) while the widget spins, it
   * lands there, as `stop` would. Set it back to null before the next spin.
   */
  result?: unknown;
  /** The spin button is shown but cannot be pressed (no spins left, a request under way). */
  disabled?: boolean;
  /** Hide the widget's own spin button (the page starts spins with `ref.play()`). */
  hideButton?: boolean;
  /** The spin button's text; by default the widget's own, in the earner's language. */
  buttonLabel?: string;
  /** The result is still announced to screen readers, but not shown: for a page that shows its own result line. */
  quietStatus?: boolean;
  /** How the announcement names prize `index`; by default its texts, or "Prize n". */
  prizeName?: (index: number) => string;
  /** Overrides the earner's `prefers-reduced-motion`. */
  reducedMotion?: boolean;
  /** A spin started (idle → accelerating): ask the server for the prize now. */
  onStart?: () => void;
  /** The spin ended on the target: the prize, or undefined when the reels disagree; the index likewise. */
  onEnd?: (prize: DrawPrizeLook | undefined, index: number | undefined) => void;
  /** The widget was created (again after each configuration change). */
  onSuccess?: () => void;
  /** The widget could not be created; it shows a message instead of the canvas. */
  onError?: (error: unknown) => void;
  /** After each creation, whether it succeeded or not. */
  onFinally?: () => void;
  /** Every change of phase, including a cancel back to idle. */
  onPhaseChange?: (phase: DrawPhase) => void;
  ref?: Ref<DrawHandle>;
  /** Tests: a fake canvas. */
  createEngine?: CreateEngine;
}

type Announcement = { key: string; options?: Record<string, unknown> } | null;

export function DrawWidget<K extends DrawKind>({ kind, ref, ...props }: DrawWidgetProps<K> & { kind: K }) {
  const { t, ready } = useT(DRAW_NS);
  const prefersReduced = usePrefersReducedMotion();
  const reduced = props.reducedMotion ?? prefersReduced;
  const createEngine = props.createEngine ?? createLuckyEngine;

  const [pageFont] = useState(readPageFont);
  // What the canvas draws: the operator's configuration with the earner's word on its button, once
  // this language's texts are here (until then the operator's own word, rather than a key).
  const canvasConfig = ready ? withButtonLabel(props.config, t('go'), pageFont) : props.config;
  // The configuration drawn now; a new one (a language change included) waits until the widget is
  // idle. Compared by value, so a page may pass a fresh object on every render.
  const configKey = JSON.stringify(canvasConfig);
  const [applied, setApplied] = useState({ key: configKey, config: canvasConfig });
  const [phase, setPhase] = useState<DrawPhase>('idle');
  const [failed, setFailed] = useState(false);
  const [announcement, setAnnouncement] = useState<Announcement>(null);

  const hostRef = useRef<HTMLDivElement>(null);
  const engineRef = useRef<DrawEngine | null>(null);
  const stateRef = useRef<DrawState>(IDLE);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const animatedRef = useRef(true);
  const lastTarget = useRef<readonly number[]>([]);
  const latest = useRef({ props, canvasConfig, applied: applied.config, reduced, t });
  latest.current = { props, canvasConfig, applied: applied.config, reduced, t };

  useEffect(() => {
    if (phase === 'idle' && configKey !== applied.key) setApplied({ key: configKey, config: latest.current.canvasConfig });
  }, [configKey, applied.key, phase]);

  const dispatch = useCallback((event: DrawEvent): boolean => {
    const { state, effect } = transition(stateRef.current, event);
    if (effect === 'refused') return false;
    const changed = state.phase !== stateRef.current.phase;
    stateRef.current = state;
    const { props: current, applied: config } = latest.current;
    const engine = engineRef.current;

    if (effect === 'start') {
      animatedRef.current = !latest.current.reduced;
      setAnnouncement({ key: 'drawing' });
    } else if (effect === 'cancel') {
      clearTimeout(timerRef.current);
      engine?.cancel();
      setAnnouncement({ key: 'cancelled' });
    }
    // At the end: the prize every reel shows, or none when they disagree.
    const landed = effect === 'end' ? landedPrize(lastTarget.current) : undefined;
    if (effect === 'end') {
      const name = landed === undefined ? '' : (current.prizeName?.(landed) ?? defaultPrizeName(config.prizes[landed], landed, latest.current.t));
      setAnnouncement(landed === undefined ? { key: 'noPrize' } : { key: 'won', options: { prize: name } });
    }
    if (changed) {
      setPhase(state.phase);
      current.onPhaseChange?.(state.phase);
    }

    if (effect === 'start') {
      current.onStart?.();
      if (animatedRef.current) {
        engine?.play();
        timerRef.current = setTimeout(() => dispatch({ type: 'accelerated' }), accelerationTime(config));
      } else {
        // Reduced motion: nothing moves; the widget waits at "full speed" for the result.
        dispatch({ type: 'accelerated' });
      }
    } else if (effect === 'land' && state.target) {
      lastTarget.current = state.target;
      if (animatedRef.current) engine?.land(state.target);
      else {
        engine?.show(state.target);
        dispatch({ type: 'landed' });
      }
    } else if (effect === 'end') {
      current.onEnd?.(landed === undefined ? undefined : config.prizes[landed], landed);
    }
    return true;
  }, []);

  const play = useCallback(() => (engineRef.current ? dispatch({ type: 'play' }) : false), [dispatch]);
  const stop = useCallback(
    (input: unknown) => {
      const config = latest.current.applied;
      const reels = kind === 'slot' ? reelOrders(config as DrawConfigOf<'slot'>) : null;
      return dispatch({ type: 'stop', target: normaliseStop(input, config.prizes.length, reels) });
    },
    [dispatch, kind],
  );
  useImperativeHandle(
    ref,
    () => ({
      play,
      stop,
      get phase() {
        return stateRef.current.phase;
      },
    }),
    [play, stop],
  );

  // One engine per applied configuration; destroyed on a change and on unmount, mid-spin included.
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const { props: current } = latest.current;
    let engine: DrawEngine | null = null;
    try {
      engine = createEngine(kind, host, applied.config, {
        landed: () => dispatch({ type: 'landed' }),
        pressed: () => {
          if (!latest.current.props.disabled) play();
        },
      });
      engineRef.current = engine;
      setFailed(false);
      current.onSuccess?.();
    } catch (error) {
      engineRef.current = null;
      setFailed(true);
      current.onError?.(error);
    } finally {
      current.onFinally?.();
    }
    return () => {
      clearTimeout(timerRef.current);
      engine?.destroy();
      engineRef.current = null;
      // Unmounted or replaced mid-spin: nothing more is reported for that spin.
      stateRef.current = IDLE;
    };
  }, [applied, createEngine, kind, dispatch, play]);

  // Declarative stop: a new result while spinning lands there.
  const resultKey = JSON.stringify(props.result ?? null);
  useEffect(() => {
    const result: unknown = JSON.parse(resultKey);
    if (result !== null && stateRef.current.phase !== 'idle') stop(result);
  }, [resultKey, stop]);

  // lucky-canvas draws at the configured size in pixels (300 by default). On a screen narrower than
  // that the drawing is zoomed down to the width there is, instead of being cut or pushing the page
  // sideways (320 px phones, 200 % text).
  const sectionRef = useRef<HTMLElement>(null);
  const [fit, setFit] = useState(1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new configuration rebuilds the drawing at its own size, to be measured again.
  useEffect(() => {
    const section = sectionRef.current;
    const host = hostRef.current;
    if (!section || !host || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const drawn = Number.parseFloat(host.style.width);
      const room = section.clientWidth;
      setFit(drawn > 0 && room > 0 ? Math.min(1, room / drawn) : 1);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(section);
    measure();
    return () => observer.disconnect();
  }, [applied]);

  const prizeNames = applied.config.prizes.map((prize, index) => props.prizeName?.(index) ?? defaultPrizeName(prize, index, t));

  return (
    <section ref={sectionRef} className={styles.widget} aria-label={t(`${kind}.name`)}>
      <div
        ref={hostRef}
        className={styles.canvas}
        style={fit < 1 ? { zoom: fit } : undefined}
        role="img"
        aria-label={t('prizes', { list: prizeNames.join(', ') })}
        data-phase={phase}
        data-disabled={props.disabled && phase === 'idle' ? true : undefined}
        hidden={failed}
      />
      {failed && (
        <p role="alert" className={styles.failed}>
          {t('failed')}
        </p>
      )}
      {!props.hideButton && (
        <button
          type="button"
          className="g-button"
          disabled={failed || props.disabled || phase !== 'idle'}
          onClick={() => {
            if (!props.disabled) play();
          }}
        >
          {props.buttonLabel ?? t(`${kind}.button`)}
        </button>
      )}
      <p className={props.quietStatus ? 'g-visually-hidden' : styles.status} role="status" aria-live="polite" aria-atomic="true">
        {announcement ? t(announcement.key, announcement.options) : ''}
      </p>
    </section>
  );
}

/** The font family of the page's text, for words the canvas draws in the earner's script. */
function readPageFont(): string {
  return getComputedStyle(document.body).fontFamily;
}

function defaultPrizeName(prize: DrawPrizeLook | undefined, index: number, t: (key: string, options?: Record<string, unknown>) => string): string {
  const text = (prize?.fonts ?? [])
    .map((font) => font.text.trim())
    .filter(Boolean)
    .join(' ');
  return text || t('prizeNumber', { number: index + 1 });
}
