import { zodResolver } from '@hookform/resolvers/zod';
import { type EarnerLedgerLine, type EarnerProfile, earnerReverse, type InputOf } from '@grab/shared/contracts';
import { countryName } from '@grab/shared/countries';
import { useCustomMutation, useList } from '@refinedev/core';
import { useTable } from '@refinedev/react-table';
import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { earnerAddress, readAddress } from '../access';
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
        <dd>{earner.inviterId ? <a href={earnerAddress(earner.inviterId)}>#{earner.inviterId}</a> : '—'}</dd>
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

/** The earner the address asks for (`#/earners?earner=123`), as written there. */
const earnerInAddress = () => readAddress().params.get('earner');

/**
 * Each time the address asks for an earner (a link from another screen or from a profile's inviter)
 * is a visit of its own, numbered, so the same earner asked again, after the operator looked at
 * others, opens again.
 */
function useEarnerVisit(): { earner: string | null; visit: number } {
  const [visit, setVisit] = useState(() => ({ earner: earnerInAddress(), visit: 0 }));
  useEffect(() => {
    const onChange = () => {
      const earner = earnerInAddress();
      if (earner !== null) setVisit((last) => ({ earner, visit: last.visit + 1 }));
    };
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return visit;
}

/** The address names the profile on screen, so a reload or a copied address opens it again. */
const showInAddress = (earnerId: number | null) => window.history.replaceState(window.history.state, '', earnerId === null ? '#/earners' : earnerAddress(earnerId));

/**
 * Search by phone, invitation code or "#id"; profile, ledger, freeze and unfreeze. Opened from an
 * earner's link, it searches "#id" and shows that profile at once.
 */
export function Earners() {
  const { earner, visit } = useEarnerVisit();
  // A visit starts the search afresh from the address, rather than copying the address into state kept from before.
  return <EarnerSearch key={visit} asked={earner} />;
}

function EarnerSearch({ asked }: { asked: string | null }) {
  // The address's value goes to the search as it is: the server's check words what is wrong with "#abc".
  const fromAddress = asked === null ? '' : `#${asked}`;
  const [q, setQ] = useState(fromAddress);
  const [search, setSearch] = useState(fromAddress);
  /** The earner the address asked for, shown as soon as the search finds them. */
  const [opening, setOpening] = useState<number | null>(asked === null ? null : Number(asked));
  const [chosen, setChosen] = useState<EarnerProfile | null>(null);
  const { result, query } = useList<EarnerProfile>({
    resource: 'earners',
    filters: [{ field: 'q', operator: 'eq', value: search }],
    queryOptions: { enabled: search.length > 0 },
  });
  const open = chosen ?? (opening === null ? undefined : result.data.find((e) => e.id === opening));
  const choose = (earner: EarnerProfile) => {
    setChosen(earner);
    showInAddress(earner.id);
  };
  return (
    <section aria-labelledby="earners-title">
      <h1 id="earners-title">Earners</h1>
      <form
        className="filters"
        onSubmit={(e) => {
          e.preventDefault();
          setChosen(null);
          setOpening(null);
          setSearch(q.trim());
          showInAddress(null);
        }}
      >
        <label>
          Phone or invitation code, or #number
          <input value={q} onChange={(e) => setQ(e.target.value)} maxLength={20} placeholder="#123" />
        </label>
        <button type="submit">Search</button>
      </form>
      {query.error && (
        <p className="error" role="alert">
          {query.error.message}
        </p>
      )}
      {search && !open && !query.error && (
        <ul className="results" aria-label="Earners found">
          {result.data.map((e) => (
            <li key={e.id}>
              <button type="button" onClick={() => choose(e)}>
                <Phone number={e.phone} /> (#{e.id}) · {e.inviteCode} · level {e.level}
                {e.frozen ? ' · frozen' : ''}
              </button>
            </li>
          ))}
          {result.data.length === 0 && !query.isFetching && <li>No earner found.</li>}
        </ul>
      )}
      {open && <Profile key={open.id} earner={open} onChange={choose} />}
    </section>
  );
}
