import { type ReactNode, useCallback, useState } from 'react';
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
export function EditorPanel<T extends { id: number }>({ editing, newLabel, message, form }: { editing: Editing<T>; newLabel: string; message: string | null; form: (item?: T) => ReactNode }) {
  return (
    <>
      <button type="button" onClick={editing.toggleNew} aria-expanded={editing.creating}>
        {editing.creating ? 'Close the form' : newLabel}
      </button>
      <Notice message={message} />
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
 * A row's edit and archive buttons. Archiving is for good, so it asks once more in place;
 * `children` come first (a task's pause, say).
 */
export function ArchiveActions({ name, confirming, onConfirming, onEdit, onArchive, children }: {
  /** "task 5": the buttons' accessible names say which row they act on. */
  name: string;
  confirming: boolean;
  onConfirming: (confirming: boolean) => void;
  onEdit: () => void;
  onArchive: () => Promise<unknown>;
  children?: ReactNode;
}) {
  if (confirming) {
    return (
      <div className="row-actions">
        <button type="button" className="fail" onClick={() => void onArchive().then(() => onConfirming(false))}>
          Archive for good
        </button>
        <button type="button" onClick={() => onConfirming(false)}>
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
      <button type="button" aria-label={`Archive ${name}`} onClick={() => onConfirming(true)}>
        Archive
      </button>
    </div>
  );
}
