import type { BaseRecord } from '@refinedev/core';
import type { UseTableReturnType } from '@refinedev/react-table';
import { flexRender } from '@tanstack/react-table';

/**
 * A TanStack table of a refine resource, with previous/next paging. `empty` says what no rows mean
 * on that screen, so an operator on a new deployment knows what to do rather than what is missing.
 */
export function DataTable<T extends BaseRecord>({ table, caption, empty }: { table: UseTableReturnType<T>; caption: string; empty: string }) {
  const { reactTable, refineCore } = table;
  const loading = refineCore.tableQuery.isFetching;
  const error = refineCore.tableQuery.error;
  return (
    <div className="table-wrap">
      <table>
        <caption>{caption}</caption>
        <thead>
          {reactTable.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col">
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {/* Keyed by the record, not its place: a row's own state (a chosen reason, an open question)
              stays with its record when an action takes the row above it out of the list. */}
          {reactTable.getRowModel().rows.map((row) => (
            <tr key={row.original.id === undefined ? row.id : String(row.original.id)}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
              ))}
            </tr>
          ))}
          {!loading && reactTable.getRowModel().rows.length === 0 && (
            <tr>
              <td colSpan={reactTable.getAllColumns().length} className="empty">
                {error ? error.message : empty}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <div className="pager">
        <button type="button" onClick={() => reactTable.previousPage()} disabled={!reactTable.getCanPreviousPage()}>
          Previous
        </button>
        <span>Page {reactTable.getState().pagination.pageIndex + 1}</span>
        <button type="button" onClick={() => reactTable.nextPage()} disabled={!reactTable.getCanNextPage()}>
          Next
        </button>
        {loading && <span aria-live="polite">Loading…</span>}
      </div>
    </div>
  );
}

const formats = new Map<number, Intl.NumberFormat>();
/** One formatter per number of decimals, made once: tables format every cell on each render. */
const grouped = (digits: number) => {
  let format = formats.get(digits);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
    formats.set(digits, format);
  }
  return format;
};
const POINTS = grouped(2);
/** Hundredths of a point as points, grouped by thousands: a payout of 100,000.00 is read at a glance. */
export const points = (hundredths: number) => POINTS.format(hundredths / 100);
/** Minor units of a currency as money, with the currency's own decimals. */
export const money = (amount: number, digits: number, currency: string) => `${grouped(digits).format(amount / 10 ** digits)} ${currency}`;
/** A code of the API (a ledger reason, an order's state) as words: `welcome_bonus` → "Welcome bonus". A new code reads without a table to update. */
export const asWords = (code: string) => {
  const words = code.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};
/**
 * An instant as "2026-12-02 09:28:57 UTC": year first, as the daily totals' days are written, so
 * operators in any country never read 03/12 as the 12th of March.
 */
export const when = (iso: string | null) => {
  const at = iso ? new Date(iso) : null;
  if (!at || Number.isNaN(at.getTime())) return '—';
  const text = at.toISOString();
  return `${text.slice(0, 10)} ${text.slice(11, 19)} UTC`;
};
