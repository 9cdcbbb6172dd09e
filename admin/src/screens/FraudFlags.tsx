import type { SignupFlag } from '@grab/shared/contracts';
import { useTable } from '@refinedev/react-table';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable, when } from '../ui/DataTable';

const COLUMNS: ColumnDef<SignupFlag>[] = [
  { id: 'inviter', header: 'Inviter', cell: ({ row }) => `${row.original.inviterPhone} (#${row.original.inviterId})` },
  { id: 'shared', header: 'Shared', accessorKey: 'sharedBy' },
  { id: 'signups', header: 'Sign-ups', accessorKey: 'signups' },
  { id: 'invitees', header: 'Invitees', cell: ({ row }) => row.original.inviteeIds.map((id) => `#${id}`).join(', ') },
  { id: 'last', header: 'Last', cell: ({ row }) => when(row.original.lastAt) },
];

/** Sign-ups sharing one device or address under one inviter. Read only for now: acting is on the Earners screen. */
export function FraudFlags() {
  const table = useTable<SignupFlag>({ columns: COLUMNS, refineCoreProps: { resource: 'signupFlags', pagination: { pageSize: 20 } } });
  return (
    <section aria-labelledby="fraud-title">
      <h1 id="fraud-title">Fraud flags</h1>
      <p>Sign-ups per device and per address. Duplicate pictures show on each submission of the review queue.</p>
      <DataTable table={table} caption="Sign-ups sharing a device or address" />
    </section>
  );
}
