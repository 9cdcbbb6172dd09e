import { zodResolver } from '@hookform/resolvers/zod';
import { type EarnerLedgerLine, type EarnerProfile, earnerReverse, type InputOf } from '@grab/shared/contracts';
import { countryName } from '@grab/shared/countries';
import { useCustomMutation, useList } from '@refinedev/core';
import { useTable } from '@refinedev/react-table';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { asWords, DataTable, points, when } from '../ui/DataTable';
import { Phone } from '../ui/phone';

type Reverse = InputOf<typeof earnerReverse>;

/** The reason for taking back one credit, checked by the call's own schema before it is sent. */
function ReverseForm({ earnerId, line, onDone, onCancel }: { earnerId: number; line: EarnerLedgerLine; onDone: (earner: EarnerProfile) => void; onCancel: () => void }) {
  const { mutateAsync } = useCustomMutation<{ earner: EarnerProfile }>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<Reverse>({ resolver: zodResolver(earnerReverse.input), defaultValues: { earnerId, entryId: line.id, reason: '' } });
  const submit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      const answer = await mutateAsync({ url: earnerReverse.path, method: 'post', values, successNotification: false, errorNotification: false });
      onDone(answer.data.earner);
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : String(error));
    }
  });
  return (
    <form className="reverse-form" onSubmit={submit} noValidate aria-labelledby="reverse-title">
      <h3 id="reverse-title">
        Reverse entry #{line.id}: {points(line.amount)} points ({asWords(line.reason)}, {when(line.createdAt)})
      </h3>
      <p>The points go back to the platform as a new reversal entry; this entry itself stays as it is.</p>
      <label>
        Reason (kept in the audit log)
        <input {...register('reason')} maxLength={300} aria-invalid={formState.errors.reason ? true : undefined} />
      </label>
      {formState.errors.reason && <p className="error">Write a reason of 2 to 300 characters.</p>}
      {refusal && (
        <p className="error" role="alert">
          {refusal}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="fail" disabled={formState.isSubmitting}>
          Reverse {points(line.amount)} points
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The earner's ledger legs, paged; a credit made by mistake is reversed from here. */
function Ledger({ earnerId, onChange }: { earnerId: number; onChange: (e: EarnerProfile) => void }) {
  const [picked, setPicked] = useState<EarnerLedgerLine | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const columns = useMemo<ColumnDef<EarnerLedgerLine>[]>(
    () => [
      { id: 'entry', header: 'Entry', accessorKey: 'id' },
      { id: 'when', header: 'When', cell: ({ row }) => when(row.original.createdAt) },
      { id: 'reason', header: 'Reason', cell: ({ row }) => asWords(row.original.reason) },
      { id: 'amount', header: 'Points', cell: ({ row }) => points(row.original.amount) },
      { id: 'transfer', header: 'Transfer', accessorKey: 'transferId' },
      {
        id: 'correction',
        header: 'Correction',
        cell: ({ row }) => {
          const line = row.original;
          if (line.reversedBy !== null) return `Reversed by transfer ${line.reversedBy}`;
          if (!line.reversible) return '';
          return (
            <button type="button" aria-label={`Reverse entry ${line.id}`} onClick={() => setPicked(line)}>
              Reverse…
            </button>
          );
        },
      },
    ],
    [],
  );
  const table = useTable<EarnerLedgerLine>({
    columns,
    refineCoreProps: { resource: 'ledger', pagination: { pageSize: 20 }, filters: { permanent: [{ field: 'earnerId', operator: 'eq', value: earnerId }] } },
  });
  return (
    <>
      {message && (
        <p className="notice" role="status">
          {message}
        </p>
      )}
      {picked && (
        <ReverseForm
          key={picked.id}
          earnerId={earnerId}
          line={picked}
          onCancel={() => setPicked(null)}
          onDone={(earner) => {
            setMessage(`Entry ${picked.id} reversed: ${points(picked.amount)} points taken back.`);
            setPicked(null);
            onChange(earner);
            void table.refineCore.tableQuery.refetch();
          }}
        />
      )}
      <DataTable table={table} caption="Ledger entries" empty="No ledger entry yet." />
    </>
  );
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
        <Phone number={earner.phone} /> · #{earner.id}
      </h2>
      <dl>
        <dt>Country</dt>
        <dd>
          {countryName(earner.country, 'en')} · paid in {earner.currency}
        </dd>
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
      <Ledger earnerId={earner.id} onChange={onChange} />
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
                <Phone number={e.phone} /> · {e.inviteCode} · level {e.level}
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
