import type { EarnerProfile } from '@grab/shared/contracts';
import { useCustomMutation, useList } from '@refinedev/core';
import { useTable } from '@refinedev/react-table';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { DataTable, points, when } from '../ui/DataTable';

interface Line {
  id: number;
  transferId: number;
  amount: number;
  reason: string;
  createdAt: string;
}
const LEDGER_COLUMNS: ColumnDef<Line>[] = [
  { id: 'when', header: 'When', cell: ({ row }) => when(row.original.createdAt) },
  { id: 'reason', header: 'Reason', accessorKey: 'reason' },
  { id: 'amount', header: 'Points', cell: ({ row }) => points(row.original.amount) },
  { id: 'transfer', header: 'Transfer', accessorKey: 'transferId' },
];

function Ledger({ earnerId }: { earnerId: number }) {
  const table = useTable<Line>({
    columns: LEDGER_COLUMNS,
    refineCoreProps: { resource: 'ledger', pagination: { pageSize: 20 }, filters: { permanent: [{ field: 'earnerId', operator: 'eq', value: earnerId }] } },
  });
  return <DataTable table={table} caption="Ledger entries" />;
}

function Profile({ earner, onChange }: { earner: EarnerProfile; onChange: (e: EarnerProfile) => void }) {
  const { mutateAsync } = useCustomMutation<EarnerProfile>();
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const toggle = async () => {
    try {
      const url = earner.frozen ? '/admin/earners/unfreeze' : '/admin/earners/freeze';
      const answer = await mutateAsync({ url, method: 'post', values: { earnerId: earner.id, reason }, successNotification: false, errorNotification: false });
      onChange(answer.data);
      setReason('');
      setMessage(answer.data.frozen ? 'Frozen.' : 'Unfrozen.');
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <div className="profile">
      <h2>
        {earner.phone} · #{earner.id}
      </h2>
      <dl>
        <dt>Invitation code</dt>
        <dd>{earner.inviteCode}</dd>
        <dt>Level</dt>
        <dd>{earner.level}</dd>
        <dt>Balance</dt>
        <dd>{points(earner.balance)} points</dd>
        <dt>Direct team</dt>
        <dd>{earner.directCount}</dd>
        <dt>Invited by</dt>
        <dd>{earner.inviterId ? `#${earner.inviterId}` : '—'}</dd>
        <dt>Joined</dt>
        <dd>{when(earner.createdAt)}</dd>
        <dt>Status</dt>
        <dd>{earner.frozen ? `Frozen since ${when(earner.frozen.frozenAt)}: ${earner.frozen.reason}` : 'Active'}</dd>
      </dl>
      <div className="freeze">
        <label>
          Reason (the earner reads it)
          <input value={reason} maxLength={300} onChange={(e) => setReason(e.target.value)} />
        </label>
        <button type="button" disabled={reason.trim().length < 2} onClick={() => void toggle()}>
          {earner.frozen ? 'Unfreeze' : 'Freeze withdrawals'}
        </button>
        {message && <p role="status">{message}</p>}
      </div>
      <Ledger earnerId={earner.id} />
    </div>
  );
}

/** Search by phone or invitation code; profile, ledger, freeze and unfreeze. */
export function Earners() {
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<EarnerProfile | null>(null);
  const { result, query } = useList<EarnerProfile>({
    resource: 'earners',
    filters: [{ field: 'q', operator: 'eq', value: search }],
    queryOptions: { enabled: search.length >= 3 },
  });
  return (
    <section aria-labelledby="earners-title">
      <h1 id="earners-title">Earners</h1>
      <form
        className="filters"
        onSubmit={(e) => {
          e.preventDefault();
          setChosen(null);
          setSearch(q.trim());
        }}
      >
        <label>
          Phone or invitation code
          <input value={q} onChange={(e) => setQ(e.target.value)} minLength={3} maxLength={20} />
        </label>
        <button type="submit">Search</button>
      </form>
      {query.error && <p className="error">{query.error.message}</p>}
      {search && !chosen && (
        <ul className="results">
          {result.data.map((e) => (
            <li key={e.id}>
              <button type="button" onClick={() => setChosen(e)}>
                {e.phone} · {e.inviteCode} · level {e.level}
                {e.frozen ? ' · frozen' : ''}
              </button>
            </li>
          ))}
          {result.data.length === 0 && !query.isFetching && <li>No earner found.</li>}
        </ul>
      )}
      {chosen && <Profile earner={chosen} onChange={setChosen} />}
    </section>
  );
}
