import { type FlagDecision, type HeldRebates, heldRebatesDecide, type SignupFlag, signupFlagDecide } from '@grab/shared/contracts';
import { useGetIdentity } from '@refinedev/core';
import { useTable } from '@refinedev/react-table';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import type { Operator } from '../api/auth-provider';
import { DataTable, points, when } from '../ui/DataTable';
import { type Act, Notice, useOperatorAction } from '../ui/operator-action';
import { EarnerRef } from '../ui/phone';
import { useWaiting } from '../ui/waiting';

const DECIDED: Record<FlagDecision['decision'], string> = { dismissed: 'Dismissed', frozen: 'Frozen', released: 'Released' };
const decided = (d: FlagDecision | null) => (d ? `${DECIDED[d.decision]} by #${d.decidedBy}, ${when(d.decidedAt)}: ${d.note}` : 'Open');
/** How many of a table's flags no one has decided on, after its caption: " · 3 open". */
const openIn = (count: number | undefined) => (count ? ` · ${count} open` : '');

/** A note and the flag's buttons; the note is required, and for a freeze it is the reason the earners read. */
function Decide({ label, actions, act }: { label: string; actions: { text: string; url: string; values: (note: string) => object; done: string; danger?: boolean }[]; act: Act }) {
  const [note, setNote] = useState('');
  const ready = note.trim().length >= 2;
  return (
    <div className="row-actions">
      <input aria-label={`Note on ${label}`} placeholder="Note (2 to 300 characters)" value={note} maxLength={300} onChange={(e) => setNote(e.target.value)} />
      {actions.map((a) => (
        <button
          key={a.text}
          type="button"
          className={a.danger ? 'fail' : undefined}
          disabled={!ready}
          onClick={() => void act(a.url, a.values(note.trim()), a.done).then((ok) => ok && setNote(''))}
        >
          {a.text}
        </button>
      ))}
    </div>
  );
}

/**
 * Sign-ups sharing one device or address under one inviter, and rebates held for an invitee:
 * each flag is dismissed or acted on with a note. Duplicate pictures are flagged on each submission
 * of the review queue, where failing it with the preset reason is the action.
 */
export function FraudFlags() {
  const { data: identity } = useGetIdentity<Operator>();
  const admin = identity?.role === 'admin';
  const { act: call, message, refreshWith, noticeRef } = useOperatorAction();
  // The admins' counts (null for a reviewer, who reads the flags but does not decide them).
  const open = useWaiting()?.fraud;

  const signupColumns = useMemo<ColumnDef<SignupFlag>[]>(
    () => [
      { id: 'inviter', header: 'Inviter', cell: ({ row }) => <EarnerRef phone={row.original.inviterPhone} id={row.original.inviterId} /> },
      { id: 'shared', header: 'Shared', accessorKey: 'sharedBy' },
      { id: 'signups', header: 'Sign-ups', accessorKey: 'signups' },
      { id: 'invitees', header: 'Invitees', cell: ({ row }) => row.original.inviteeIds.map((id) => `#${id}`).join(', ') },
      { id: 'last', header: 'Last', cell: ({ row }) => when(row.original.lastAt) },
      { id: 'state', header: 'Decision', cell: ({ row }) => decided(row.original.decision) },
      ...(admin
        ? [
            {
              id: 'act',
              header: 'Act',
              cell: ({ row }: { row: { original: SignupFlag } }) => {
                const f = row.original;
                // Decided until a new sign-up joins it (the server refuses a second decision).
                if (f.decision) return null;
                const label = `the ${f.sharedBy} flag of inviter #${f.inviterId}`;
                return (
                  <Decide
                    label={label}
                    act={call}
                    actions={[
                      { text: 'Dismiss', url: signupFlagDecide.path, values: (note) => ({ key: f.key, action: 'dismiss', note }), done: `Flag of inviter #${f.inviterId} dismissed.` },
                      {
                        text: 'Freeze all',
                        danger: true,
                        url: signupFlagDecide.path,
                        values: (note) => ({ key: f.key, action: 'freeze', note }),
                        done: `Inviter #${f.inviterId} and invitees frozen; they read the note as the reason.`,
                      },
                    ]}
                  />
                );
              },
            } satisfies ColumnDef<SignupFlag>,
          ]
        : []),
    ],
    [admin, call],
  );
  const heldColumns = useMemo<ColumnDef<HeldRebates>[]>(
    () => [
      { id: 'earner', header: 'Invitee', cell: ({ row }) => <EarnerRef phone={row.original.earnerPhone} id={row.original.earnerId} /> },
      { id: 'rebates', header: 'Rebates', accessorKey: 'rebates' },
      { id: 'amount', header: 'Points held', cell: ({ row }) => points(row.original.amount) },
      { id: 'uplines', header: 'Uplines', accessorKey: 'uplines' },
      { id: 'since', header: 'Since', cell: ({ row }) => when(row.original.since) },
      { id: 'state', header: 'Decision', cell: ({ row }) => decided(row.original.decision) },
      {
        id: 'act',
        header: 'Act',
        cell: ({ row }) => {
          const h = row.original;
          return (
            <Decide
              label={`the rebates held for #${h.earnerId}`}
              act={call}
              actions={[
                { text: 'Keep held', url: heldRebatesDecide.path, values: (note) => ({ earnerId: h.earnerId, action: 'keep', note }), done: `Rebates of #${h.earnerId} kept held.` },
                { text: 'Release', url: heldRebatesDecide.path, values: (note) => ({ earnerId: h.earnerId, action: 'release', note }), done: `Rebates of #${h.earnerId} released to the uplines.` },
              ]}
            />
          );
        },
      },
    ],
    [call],
  );
  const signups = useTable<SignupFlag>({ columns: signupColumns, refineCoreProps: { resource: 'signupFlags', pagination: { pageSize: 50 } } });
  const held = useTable<HeldRebates>({ columns: heldColumns, refineCoreProps: { resource: 'heldRebates', pagination: { pageSize: 30 }, queryOptions: { enabled: admin } } });
  refreshWith(() => Promise.all([signups.refineCore.tableQuery.refetch(), admin ? held.refineCore.tableQuery.refetch() : null]));
  return (
    <section aria-labelledby="fraud-title">
      <h1 id="fraud-title">Fraud flags</h1>
      <p>Sign-ups per device and per address, and rebates held until an invitee's first approved audit task. Duplicate pictures show on each submission of the review queue.</p>
      <Notice message={message} noticeRef={noticeRef} />
      <DataTable table={signups} caption={`Sign-ups sharing a device or address${openIn(open?.signupFlags)}`} empty="No inviter has two sign-ups from one browser or one address." />
      {admin && <DataTable table={held} caption={`Held rebates${openIn(open?.heldRebates)}`} empty="No rebate is held." />}
    </section>
  );
}
