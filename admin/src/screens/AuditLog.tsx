import type { OperatorAction } from '@grab/shared/contracts';
import { useTable } from '@refinedev/react-table';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { DataTable, when } from '../ui/DataTable';

/** A whole task or configuration is long: its first line shows, the rest opens on demand. */
function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <>—</>;
  const text = JSON.stringify(value);
  if (text.length <= 240) return <code>{text}</code>;
  return (
    <details>
      <summary>
        <code>{text.slice(0, 120)}…</code>
      </summary>
      <code>{text}</code>
    </details>
  );
}

const COLUMNS: ColumnDef<OperatorAction>[] = [
  { id: 'when', header: 'When', cell: ({ row }) => when(row.original.createdAt) },
  { id: 'who', header: 'Who', cell: ({ row }) => `#${row.original.operatorId} (${row.original.operatorRole})` },
  { id: 'what', header: 'What', accessorKey: 'action' },
  { id: 'on', header: 'On', cell: ({ row }) => `${row.original.targetType} ${row.original.targetId}` },
  { id: 'before', header: 'Before', cell: ({ row }) => <Json value={row.original.before} /> },
  { id: 'after', header: 'After', cell: ({ row }) => <Json value={row.original.after} /> },
  { id: 'note', header: 'Note', cell: ({ row }) => row.original.note ?? '' },
];

const FIELDS = [
  { field: 'action', label: 'Action', placeholder: 'review.fail' },
  { field: 'targetType', label: 'Object type', placeholder: 'submission' },
  { field: 'targetId', label: 'Object id', placeholder: '42' },
  { field: 'operatorId', label: 'Operator id', placeholder: '7' },
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
      <DataTable table={table} caption="Operator actions" />
    </section>
  );
}
