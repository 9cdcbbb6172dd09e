import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { Z_INDEX_POPUP } from './layers';

/** SPEC §9: toasts close on their own after 3000 ms. */
export const TOAST_DURATION_MS = 3000;

export type ToastTone = 'success' | 'danger' | 'info';

export interface ToastItem {
  id: number;
  tone: ToastTone;
  message: string;
  /** The page (pathname) the toast was raised on: it belongs to that screen and goes when the earner leaves it. */
  screen: string;
}

export interface ToastOptions {
  duration?: number;
}

// Module level on purpose: host and remotes share this package as one instance, so a toast raised
// by a remote shows in the host's one <Toaster />.
let items: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function dismiss(id: number) {
  items = items.filter((item) => item.id !== id);
  emit();
}

const currentScreen = () => (typeof location === 'undefined' ? '' : location.pathname);

function show(tone: ToastTone, message: string, options: ToastOptions = {}): number {
  const id = nextId++;
  // The same text twice in a row (a retried call) would only stack up noise; and an action that
  // succeeds makes the earlier failures old news ("code expired" must not sit beside "10 points credited").
  const kept = items.filter((item) => item.message !== message && !(tone === 'success' && item.tone === 'danger'));
  items = [...kept, { id, tone, message, screen: currentScreen() }];
  emit();
  setTimeout(() => dismiss(id), options.duration ?? TOAST_DURATION_MS);
  return id;
}

/**
 * The earner is now on `screen`: toasts raised on another page go ("Wrong password" must not follow
 * the earner to Home). A toast raised after the navigation (what a finished step says on the page it
 * leads to) was raised on the new page and stays.
 */
function screenShown(screen: string) {
  const kept = items.filter((item) => item.screen === screen);
  if (kept.length === items.length) return;
  items = kept;
  emit();
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  danger: (message: string, options?: ToastOptions) => show('danger', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  dismiss,
  screenShown,
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getItems = () => items;

const TONE_COLOR: Record<ToastTone, string> = {
  success: 'var(--g-success, #15803d)',
  danger: 'var(--g-danger, #b91c1c)',
  info: 'var(--g-text, #111827)',
};

const TOAST_LIFT = '--g-toast-lift';

/**
 * Keeps toasts above a card pinned to the bottom of the screen (a prompt after sign-up) while the
 * card is shown, so "+100 points" never covers the card's buttons. Returns the card's ref.
 */
export function useToastLift(): (card: HTMLElement | null) => void {
  const stop = useRef<(() => void) | null>(null);
  useEffect(() => () => stop.current?.(), []);
  return useCallback((card: HTMLElement | null) => {
    stop.current?.();
    stop.current = null;
    if (!card) return;
    const root = document.documentElement.style;
    const lift = () => root.setProperty(TOAST_LIFT, `${Math.ceil(card.getBoundingClientRect().height) + 12}px`);
    lift();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(lift) : null;
    observer?.observe(card);
    stop.current = () => {
      observer?.disconnect();
      root.removeProperty(TOAST_LIFT);
    };
  }, []);
}

/**
 * The live region is rendered even when empty: screen readers only announce changes inside a region
 * that already exists. Errors use role="alert" so they interrupt. Toasts sit low on the screen, above
 * the tab bar, where they never cover Back or a page's title.
 */
export function Toaster() {
  const current = useSyncExternalStore(subscribe, getItems, getItems);
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="toaster"
      style={{
        position: 'fixed',
        insetInline: 0,
        insetBlockEnd: `calc(var(--g-tab-bar-height, 4rem) + 1rem + env(safe-area-inset-bottom, 0px) + var(${TOAST_LIFT}, 0px))`,
        zIndex: Z_INDEX_POPUP + 100,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: '0.5rem',
        pointerEvents: 'none',
        paddingInline: '1rem',
      }}
    >
      {current.map((item) => (
        <div
          key={item.id}
          role={item.tone === 'danger' ? 'alert' : undefined}
          data-tone={item.tone}
          style={{
            maxInlineSize: '22rem',
            padding: '0.75rem 1rem',
            borderRadius: 'var(--g-radius, 12px)',
            background: TONE_COLOR[item.tone],
            color: '#fff',
            boxShadow: 'var(--g-shadow, 0 4px 16px rgb(0 0 0 / 0.2))',
            fontSize: '0.9375rem',
            lineHeight: 1.4,
            textAlign: 'start',
            pointerEvents: 'auto',
          }}
        >
          {item.message}
        </div>
      ))}
    </div>
  );
}
