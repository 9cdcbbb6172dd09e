import type { OperatorAction } from '@grab/shared/contracts';
import { useTable } from '@refinedev/react-table';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { changesOf, type FieldChange, shownValue } from '../ui/audit-changes';
import { DataTable, when } from '../ui/DataTable';

/** The first lines of a change show; a whole task made has dozens, and the rest open on demand. */
const LINES_SHOWN = 4;

/** What the action changed, a line a field; a record made or removed shows its fields' values alone. */
function Changes({ action }: { action: OperatorAction }) {
  const changes = changesOf(action.before, action.after);
  if (changes.length === 0) return <>—</>;
  const made = action.before === null || action.before === undefined;
  const removed = action.after === null || action.after === undefined;
  const line = (change: FieldChange) => (
    <li key={change.path}>
      <code>{change.path || 'value'}</code>:{' '}
      {made ? shownValue(change.after) : removed ? shownValue(change.before) : `${shownValue(change.before)} → ${shownValue(change.after)}`}
    </li>
  );
  const rest = changes.slice(LINES_SHOWN);
  return (
    <>
      <ul className="changes">{changes.slice(0, LINES_SHOWN).map(line)}</ul>
      {rest.length > 0 ? (
        <details>
          <summary>{rest.length} more</summary>
          <ul className="changes">{rest.map(line)}</ul>
        </details>
      ) : null}
    </>
  );
}

const COLUMNS: ColumnDef<OperatorAction>[] = [
  { id: 'when', header: 'When', cell: ({ row }) => when(row.original.createdAt) },
  { id: 'who', header: 'Who', cell: ({ row }) => `#${row.original.operatorId} (${row.original.operatorRole})` },
  { id: 'what', header: 'What', accessorKey: 'action' },
  { id: 'on', header: 'On', cell: ({ row }) => `${row.original.targetType} ${row.original.targetId}` },
  { id: 'change', header: 'Change', cell: ({ row }) => <Changes action={row.original} /> },
  { id: 'note', header: 'Note', cell: ({ row }) => row.original.note ?? '' },
];

const FIELDS = [
  { field: 'action', label: 'Action', placeholder: 'e.g. review.fail' },
  { field: 'targetType', label: 'Object type', placeholder: 'e.g. submission' },
  { field: 'targetId', label: 'Object id', placeholder: 'e.g. 42' },
  { field: 'operatorId', label: 'Operator id', placeholder: 'e.g. 7' },
] as const;

/** Every operator action, newest first; rows are never edited or removed (the database refuses). */
export function AuditLog() {
  const table = useTable<OperatorAction>({ columns: COLUMNS, refineCoreProps: { resource: 'audit', pagination: { pageSize: 30 } } });
  const [draft, setDraft] = useState<Record<string, string>>({});
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">Audit log</h1>
      <form
        className="filters"
        onSubmit={(e) => {
          e.preventDefault();
          table.refineCore.setFilters(
            FIELDS.map(({ field }) => ({ field, operator: 'eq' as const, value: draft[field]?.trim() || undefined })),
            'replace',
          );
        }}
      >
        {FIELDS.map(({ field, label, placeholder }) => (
          <label key={field}>
            {label}
            <input value={draft[field] ?? ''} placeholder={placeholder} onChange={(e) => setDraft({ ...draft, [field]: e.target.value })} />
          </label>
        ))}
        <button type="submit">Filter</button>
      </form>
      <DataTable table={table} caption="Operator actions" empty={table.refineCore.filters.length > 0 ? 'No operator action matches the filter.' : 'No operator action yet.'} />
    </section>
  );
}
