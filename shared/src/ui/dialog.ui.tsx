import { type KeyboardEvent, useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { i18n } from '../i18n/i18n';
import { Z_INDEX_POPUP } from './layers';

export interface ConfirmOptions {
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** A question in another language than the page's (BCP 47 tag and direction). */
  lang?: string;
  dir?: 'ltr' | 'rtl';
}

interface OpenDialog extends ConfirmOptions {
  id: number;
  resolve: (ok: boolean) => void;
}

// One queue for the whole app (host and remotes share this module), rendered by the host's <DialogHost />.
let dialogs: readonly OpenDialog[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function confirmDialog(options: ConfirmOptions): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    dialogs = [...dialogs, { ...options, id: nextId++, resolve }];
    emit();
  });
}

function close(id: number, ok: boolean) {
  const dialog = dialogs.find((d) => d.id === id);
  if (!dialog) return;
  dialogs = dialogs.filter((d) => d.id !== id);
  emit();
  dialog.resolve(ok);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getDialogs = () => dialogs;

const buttonStyle = {
  minBlockSize: '2.75rem',
  minInlineSize: '2.75rem',
  paddingInline: '1.25rem',
  borderRadius: 'var(--g-radius, 12px)',
  fontSize: '1rem',
  fontWeight: 600,
  cursor: 'pointer',
} as const;

function ConfirmDialog({ dialog, layer }: { dialog: OpenDialog; layer: number }) {
  const titleId = useId();
  const messageId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Cancel takes the focus: a stray Enter must not confirm something the earner did not read.
    cancelRef.current?.focus();
    return () => previous?.focus();
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close(dialog.id, false);
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    const focusable = ref.current.querySelectorAll<HTMLElement>('button');
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: Z_INDEX_POPUP + layer,
        background: 'rgb(0 0 0 / 0.45)',
        display: 'grid',
        placeItems: 'center',
        padding: '1rem',
      }}
    >
      <div
        ref={ref}
        role="dialog"
        lang={dialog.lang}
        dir={dialog.dir}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
        onKeyDown={onKeyDown}
        style={{
          inlineSize: 'min(100%, 22rem)',
          background: 'var(--g-surface, #fff)',
          color: 'var(--g-text, #111827)',
          borderRadius: 'var(--g-radius, 12px)',
          boxShadow: 'var(--g-shadow, 0 8px 24px rgb(0 0 0 / 0.25))',
          padding: '1.25rem',
          textAlign: 'start',
        }}
      >
        <h2 id={titleId} style={{ margin: 0, fontSize: '1.125rem' }}>
          {dialog.title}
        </h2>
        <p id={messageId} style={{ marginBlock: '0.75rem 1.25rem', lineHeight: 1.5 }}>
          {dialog.message}
        </p>
        <div style={{ display: 'flex', gap: '0.75rem', justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <button
            ref={cancelRef}
            type="button"
            onClick={() => close(dialog.id, false)}
            style={{ ...buttonStyle, background: 'transparent', color: 'var(--g-text, #111827)', border: '1px solid var(--g-border, #d1d5db)' }}
          >
            {dialog.cancelLabel ?? i18n.t('common.cancel')}
          </button>
          <button
            type="button"
            onClick={() => close(dialog.id, true)}
            style={{ ...buttonStyle, background: 'var(--g-primary, #15803d)', color: 'var(--g-on-primary, #fff)', border: 'none' }}
          >
            {dialog.confirmLabel ?? i18n.t('common.confirm')}
          </button>
        </div>
      </div>
    </div>
  );
}

/** Renders every open confirm dialog; the host mounts it once. */
export function DialogHost() {
  const open = useSyncExternalStore(subscribe, getDialogs, getDialogs);
  return (
    <>
      {open.map((dialog, index) => (
        <ConfirmDialog key={dialog.id} dialog={dialog} layer={index * 10} />
      ))}
    </>
  );
}
