import { type ConsoleWaiting, type DataOf, PAYOUT_FAIL_PRESETS, PAYOUT_STATES, type PayoutOrder, type PayoutState, payoutDailyTotals } from '@grab/shared/contracts';
import { institutionBesideMethod } from '@grab/shared/recipient';
import { useCustom } from '@refinedev/core';
import { useTable } from '@refinedev/react-table';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { asWords, DataTable, money, points, when } from '../ui/DataTable';
import { type Act, Notice, useOperatorAction } from '../ui/operator-action';
import { EarnerRef } from '../ui/phone';
import { useWaiting } from '../ui/waiting';

const METHOD_NAMES: Record<PayoutOrder['method'], string> = { bank: 'Bank', upi: 'UPI', wallet: 'Wallet' };

/** "UPI · as•••@okbank", "Bank · HDFC Bank · ••••1234": the institution only where it adds a name. */
function recipientText(order: PayoutOrder): string {
  const method = METHOD_NAMES[order.method];
  return [method, institutionBesideMethod(order.institutionName, [method, order.method]), order.maskedAccount].filter(Boolean).join(' · ');
}

function Callbacks({ orderId }: { orderId: number }) {
  const { result, query } = useCustom<{ list: { provider: string; eventId: string; status: string; outcome: string; receivedAt: string }[] }>({
    url: '/admin/payout/callbacks',
    method: 'get',
    config: { query: { orderId } },
  });
  if (query.isLoading) return <p>Loading callbacks…</p>;
  const list = result?.data?.list ?? [];
  return list.length === 0 ? (
    <p>No provider callback yet.</p>
  ) : (
    <ul className="callbacks">
      {list.map((c) => (
        <li key={`${c.provider}:${c.eventId}`}>
          {when(c.receivedAt)} · {c.provider} {c.eventId}: {c.status} → {c.outcome}
        </li>
      ))}
    </ul>
  );
}

type Totals = DataOf<typeof payoutDailyTotals>;

/** Read by the screen, which reads it again after each action: an approved order moves its row. */
function DailyTotals({ totals }: { totals: Totals | undefined }) {
  const list = totals?.list ?? [];
  return (
    <table className="totals">
      <caption>Daily totals per currency (last 14 days, UTC)</caption>
      <thead>
        <tr>
          <th scope="col">Day</th>
          <th scope="col">Currency</th>
          <th scope="col">State</th>
          <th scope="col">Orders</th>
          <th scope="col">Amount</th>
          <th scope="col">Points</th>
          <th scope="col">Fees (points)</th>
        </tr>
      </thead>
      <tbody>
        {list.map((t) => (
          <tr key={`${t.day}${t.currency}${t.state}`}>
            <td>{t.day}</td>
            <td>{t.currency}</td>
            <td>{asWords(t.state)}</td>
            <td>{t.orders}</td>
            <td>{money(t.amount, t.fractionDigits, t.currency)}</td>
            <td>{points(t.points)}</td>
            <td>{points(t.fee)}</td>
          </tr>
        ))}
        {totals && list.length === 0 && (
          <tr>
            <td colSpan={7} className="empty">
              No withdrawal in the last 14 days.
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

const OWN_WORDS = 'own';

/**
 * Fails one order. A reason from the list is kept as its key, so the earner reads it in their own
 * language; "Other" sends the operator's words as typed, which every earner reads as written.
 */
function FailOrder({ orderId, busy, onFail }: { orderId: number; busy: boolean; onFail: (reason: string) => void }) {
  const [choice, setChoice] = useState('');
  const [words, setWords] = useState('');
  const reason = choice === OWN_WORDS ? words.trim() : choice;
  return (
    <>
      <select className="fail-reason" aria-label={`Reason to fail order ${orderId}`} value={choice} onChange={(e) => setChoice(e.target.value)}>
        <option value="">Reason to fail…</option>
        {Object.entries(PAYOUT_FAIL_PRESETS).map(([key, text]) => (
          <option key={key} value={key}>
            {text}
          </option>
        ))}
        <option value={OWN_WORDS}>Other: my own words (not translated)</option>
      </select>
      {choice === OWN_WORDS && <input aria-label={`Own reason to fail order ${orderId}`} placeholder="Reason" value={words} onChange={(e) => setWords(e.target.value)} />}
      <button type="button" aria-label={`Fail order ${orderId}`} disabled={busy || reason.length < 2} onClick={() => onFail(reason)}>
        Fail
      </button>
    </>
  );
}

/**
 * One order's actions. Each is sent once: its buttons wait while it is on its way, so a double
 * click is not a second approval refused as "cannot do that now" over the first one's success.
 */
function OrderActions({ order, act }: { order: PayoutOrder; act: Act }) {
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  const send = async (url: string, values: object, done: string) => {
    setBusy(true);
    try {
      await act(url, values, done);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="row-actions">
      {order.state === 'awaiting_approval' && (
        <button type="button" aria-label={`Approve order ${order.id}`} disabled={busy} onClick={() => send('/admin/payout/approve', { orderId: order.id }, `Order ${order.id} approved and sent.`)}>
          Approve
        </button>
      )}
      {order.state === 'dispatch_failed' && (
        <button type="button" aria-label={`Retry order ${order.id}`} disabled={busy} onClick={() => send('/admin/payout/retry', { orderId: order.id }, `Order ${order.id} sent again.`)}>
          Retry
        </button>
      )}
      {['awaiting_approval', 'dispatch_failed', 'queued'].includes(order.state) && (
        <FailOrder orderId={order.id} busy={busy} onFail={(reason) => send('/admin/payout/fail', { orderId: order.id, reason }, `Order ${order.id} failed; points returned.`)} />
      )}
      <button type="button" aria-label={`Callbacks of order ${order.id}`} aria-expanded={open} onClick={() => setOpen(!open)}>
        Callbacks
      </button>
      {open && <Callbacks orderId={order.id} />}
    </div>
  );
}

/** Orders waiting for approval (or in any other state): approve, fail with a reason, send again. */
export function Withdrawals() {
  const { act, message, refreshWith, noticeRef } = useOperatorAction();
  // Rebuilt only with `act`, which keeps its identity: columns that change make the table start
  // again from its first filter, so an open order's callbacks would show "awaiting approval".
  const columns = useMemo<ColumnDef<PayoutOrder>[]>(
    () => [
      { id: 'id', header: 'Order', accessorKey: 'id' },
      { id: 'earner', header: 'Earner', cell: ({ row }) => <EarnerRef phone={row.original.earnerPhone} id={row.original.earnerId} /> },
      { id: 'amount', header: 'Amount', cell: ({ row }) => money(row.original.amount, row.original.fractionDigits, row.original.currency) },
      { id: 'to', header: 'To', cell: ({ row }) => recipientText(row.original) },
      { id: 'requested', header: 'Requested', cell: ({ row }) => when(row.original.requestedAt) },
      { id: 'state', header: 'State', cell: ({ row }) => `${asWords(row.original.state)}${row.original.lastError ? ` (${row.original.lastError})` : ''}` },
      { id: 'actions', header: 'Actions', cell: ({ row }) => <OrderActions order={row.original} act={act} /> },
    ],
    [act],
  );
  const table = useTable<PayoutOrder>({
    columns,
    refineCoreProps: { resource: 'withdrawals', pagination: { pageSize: 20 }, filters: { initial: [{ field: 'state', operator: 'eq', value: 'awaiting_approval' }] } },
  });
  const totals = useCustom<Totals>({ url: payoutDailyTotals.path, method: 'get' });
  const waiting = useWaiting()?.withdrawals;
  refreshWith(() => Promise.all([table.refineCore.tableQuery.refetch(), totals.query.refetch()]));
  const state = (table.refineCore.filters.find((f) => 'field' in f && f.field === 'state')?.value as string) ?? 'awaiting_approval';
  return (
    <section aria-labelledby="withdrawals-title">
      <h1 id="withdrawals-title">Withdrawals</h1>
      <label className="filter">
        State
        <select value={state} onChange={(e) => table.refineCore.setFilters([{ field: 'state', operator: 'eq', value: e.target.value }], 'replace')}>
          {PAYOUT_STATES.map((s) => (
            <option key={s} value={s}>
              {asWords(s)}
              {waitingIn(s, waiting)}
            </option>
          ))}
        </select>
      </label>
      <Notice message={message} noticeRef={noticeRef} />
      <DataTable table={table} caption="Orders" empty="No order is in this state." />
      <DailyTotals totals={totals.result?.data} />
    </section>
  );
}

/** The orders that wait for an operator in a state, after its name in the filter: " (3)". */
function waitingIn(state: PayoutState, waiting: ConsoleWaiting['withdrawals'] | undefined): string {
  const count = state === 'awaiting_approval' ? waiting?.awaitingApproval : state === 'dispatch_failed' ? waiting?.dispatchFailed : undefined;
  return count ? ` (${count})` : '';
}
