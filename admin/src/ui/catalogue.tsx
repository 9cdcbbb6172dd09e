import { useCreate, useCustomMutation } from '@refinedev/core';
import { useTable } from '@refinedev/react-table';
import type { ColumnDef } from '@tanstack/react-table';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ArchiveActions, useEditing } from './editing';
import { type Act, refusalOf, useOperatorAction } from './operator-action';

/** A row's edit and archive buttons, drawn by a column; `children` come first (a task's pause). */
export type RowActions<T> = (item: T, name: string, archive: { path: string; values: object }, children?: ReactNode) => ReactNode;

/**
 * What every catalogue screen (tasks, offers) is made of: a paged table of one resource, the form
 * that creates or edits a row, archive buttons that ask once more, and the operator's notice.
 * `columnsOf` is read when the row state changes, not on every render, so the table keeps its
 * columns while the operator types in the form.
 */
export function useCatalogue<T extends { id: number }>(resource: string, columnsOf: (draw: { actions: RowActions<T>; act: Act }) => ColumnDef<T>[]) {
  const { act, message, say, refreshWith, noticeRef } = useOperatorAction();
  const editing = useEditing<T>();
  const { edit } = editing;
  const actions = useCallback<RowActions<T>>(
    (item, name, archive, children) => (
      <ArchiveActions name={name} onEdit={() => edit(item)} onArchive={() => act(archive.path, archive.values, `${name.charAt(0).toUpperCase()}${name.slice(1)} archived.`)}>
        {children}
      </ArchiveActions>
    ),
    [act, edit],
  );
  const latestColumns = useRef(columnsOf);
  latestColumns.current = columnsOf;
  const columns = useMemo(() => latestColumns.current({ actions, act }), [actions, act]);
  const table = useTable<T>({ columns, refineCoreProps: { resource, pagination: { pageSize: 30 } } });
  refreshWith(() => table.refineCore.tableQuery.refetch());
  /** A form saved: close it, say what it did, and show the row as the server now has it. */
  const done = (text: string) => {
    editing.close();
    say(text);
    void table.refineCore.tableQuery.refetch();
  };
  return { table, editing, message, noticeRef, done };
}

/**
 * The save of a catalogue form: a new row is created through the resource, an edit of row `id`
 * is posted to `updatePath`. The edit's form is scrolled into view, since its button may be far
 * down the list. `refusal` is the server's message when it did not take the save.
 */
export function useRowSave({ resource, noun, id, updatePath, onCreated, onDone }: {
  resource: string;
  /** "Task": what the operator reads in "Task 5 saved." */
  noun: string;
  id: number | undefined;
  updatePath: string;
  /** Empties the form for the next new row. */
  onCreated: () => void;
  onDone: (message: string) => void;
}) {
  const { mutateAsync: create } = useCreate();
  const { mutateAsync: post } = useCustomMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const formId = id === undefined ? `new-${noun.toLowerCase()}` : `edit-${noun.toLowerCase()}-${id}`;
  useEffect(() => {
    if (id !== undefined) document.getElementById(formId)?.scrollIntoView({ block: 'start' });
  }, [id, formId]);
  /** `checked` is what the contract's resolver let through. */
  const save = async (checked: object) => {
    setRefusal(null);
    try {
      if (id !== undefined) {
        await post({ url: updatePath, method: 'post', values: checked, successNotification: false, errorNotification: false });
        onDone(`${noun} ${id} saved.`);
      } else {
        await create({ resource, values: checked, successNotification: false, errorNotification: false });
        onCreated();
        onDone(`${noun} created.`);
      }
    } catch (error) {
      setRefusal(refusalOf(error));
    }
  };
  return { save, refusal, formId };
}
