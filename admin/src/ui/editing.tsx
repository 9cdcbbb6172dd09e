import { type ReactNode, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { Notice } from './operator-action';

/** Which form of a list screen is open: a new object's, or one object's edit; opening one closes the other. */
export function useEditing<T extends { id: number }>() {
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<T | null>(null);
  // Stable, so table columns that open an edit need not be rebuilt for it.
  const edit = useCallback((item: T) => {
    setCreating(false);
    setEditing(item);
  }, []);
  const toggleNew = useCallback(() => {
    setEditing(null);
    setCreating((open) => !open);
  }, []);
  const close = useCallback(() => {
    setCreating(false);
    setEditing(null);
  }, []);
  return { creating, editing, edit, toggleNew, close };
}
export type Editing<T extends { id: number }> = ReturnType<typeof useEditing<T>>;

/**
 * The top of a list screen: the button that opens the new object's form, what the last action
 * did, and the open form. `form` draws the form of a new object (no item) or of an edit.
 */
export function EditorPanel<T extends { id: number }>({ editing, newLabel, message, noticeRef, form }: {
  editing: Editing<T>;
  newLabel: string;
  message: string | null;
  noticeRef?: RefObject<HTMLParagraphElement | null>;
  form: (item?: T) => ReactNode;
}) {
  return (
    <>
      <button type="button" onClick={editing.toggleNew} aria-expanded={editing.creating}>
        {editing.creating ? 'Close the form' : newLabel}
      </button>
      <Notice message={message} noticeRef={noticeRef} />
      {editing.creating && form()}
      {editing.editing && (
        <>
          {form(editing.editing)}
          <button type="button" onClick={editing.close}>
            Close without saving
          </button>
        </>
      )}
    </>
  );
}

/**
 * A row's edit and archive buttons. Archiving is for good, so it asks once more in place, with the
 * focus on the question and back on Archive if the operator keeps the row; `children` come first
 * (a task's pause, say). Whether it asks is this row's own state: a table whose columns changed
 * with it lost its filter, and a row that moved up took the question to the next one.
 */
export function ArchiveActions({ name, onEdit, onArchive, children }: {
  /** "task 5": the buttons' accessible names say which row they act on. */
  name: string;
  onEdit: () => void;
  /** Whether the server took it. */
  onArchive: () => Promise<boolean>;
  children?: ReactNode;
}) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const archiveButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
    else if (asked.current) archiveButton.current?.focus();
    asked.current = confirming;
  }, [confirming]);
  if (confirming) {
    return (
      <div className="row-actions">
        <button
          ref={confirmButton}
          type="button"
          className="fail"
          aria-label={`Archive ${name} for good`}
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            const archived = await onArchive();
            setBusy(false);
            if (!archived) setConfirming(false);
          }}
        >
          Archive for good
        </button>
        <button type="button" aria-label={`Keep ${name}`} onClick={() => setConfirming(false)}>
          Keep
        </button>
      </div>
    );
  }
  return (
    <div className="row-actions task-actions">
      {children}
      <button type="button" aria-label={`Edit ${name}`} onClick={onEdit}>
        Edit
      </button>
      <button ref={archiveButton} type="button" aria-label={`Archive ${name}`} onClick={() => setConfirming(true)}>
        Archive
      </button>
    </div>
  );
}
