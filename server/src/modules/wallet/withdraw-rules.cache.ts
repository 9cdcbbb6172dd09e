import { type CurrencyCode, quoteWithdrawal, type WithdrawQuote } from '@grab/shared/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { errors } from '../../http/app-error';

/** The operator's rules of one currency, as the tables hold them (rows as `to_jsonb` gives them). */
export interface CurrencyRules {
  currency: CurrencyCode;
  /** The rows themselves: the withdrawal function compares them with the tables before it writes. */
  settingsRow: Record<string, unknown>;
  currencyRow: Record<string, unknown>;
  presets: number[];
  minAmount: number;
  feeBps: number;
  feeMinPoints: number;
  fractionDigits: number;
  microsPerPoint: number;
}

interface Entry {
  until: number;
  rules: Promise<CurrencyRules | null>;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

async function loadRules(db: Executor, currency: string): Promise<CurrencyRules | null> {
  const [row] = rowsOf<{ settings: Record<string, unknown> | string; currency: Record<string, unknown> | string }>(
    await db.execute(sql`
      select to_jsonb(s) as settings, to_jsonb(c) as currency
      from withdraw_settings s join lateral (select * from currencies c where c.code = s.currency order by c.language limit 1) c on true
      where s.currency = ${currency}`),
  );
  if (!row) return null;
  const settings = (typeof row.settings === 'string' ? JSON.parse(row.settings) : row.settings) as Record<string, unknown>;
  const money = (typeof row.currency === 'string' ? JSON.parse(row.currency) : row.currency) as Record<string, unknown>;
  return {
    currency: currency as CurrencyCode,
    settingsRow: settings,
    currencyRow: money,
    presets: [...(settings.presets as number[])].sort((a, b) => a - b),
    minAmount: Number(settings.min_amount),
    feeBps: Number(settings.fee_bps),
    feeMinPoints: Number(settings.fee_min_points),
    fractionDigits: Number(money.fraction_digits),
    microsPerPoint: Number(money.micros_per_point),
  };
}

/**
 * Withdrawal rules per currency and each earner's currency, kept by this process for `ttlMs`, so a
 * withdrawal request does not read them every time. A copy can never decide an amount on its own:
 * the withdrawal function compares the rows it was computed from with the tables and answers
 * 'stale' when an operator changed them, and the request is then computed again from fresh rows.
 */
export class WithdrawRulesCache {
  private readonly rules = new Map<string, Entry>();
  /** An earner's currency is set when they register (migration 0037 moved it once, before this version started). */
  private readonly currencies = new Map<number, string>();

  constructor(private readonly ttlMs: number) {}

  async currencyOf(db: Executor, userId: number, fresh = false): Promise<string> {
    const known = fresh ? undefined : this.currencies.get(userId);
    if (known) return known;
    const [row] = rowsOf<{ currency: string }>(await db.execute(sql`select currency from users where id = ${userId}`));
    if (!row) throw errors.unauthorized();
    if (this.currencies.size >= 100_000) this.currencies.clear();
    this.currencies.set(userId, row.currency);
    return row.currency;
  }

  async of(db: Executor, currency: string, fresh = false, now = Date.now()): Promise<CurrencyRules> {
    const entry = fresh ? undefined : this.rules.get(currency);
    let rules: Promise<CurrencyRules | null>;
    if (entry && entry.until > now) rules = entry.rules;
    else {
      rules = loadRules(db, currency);
      const next = { until: now + this.ttlMs, rules };
      if (this.ttlMs > 0) this.rules.set(currency, next);
      rules.catch(() => {
        if (this.rules.get(currency) === next) this.rules.delete(currency);
      });
    }
    const found = await rules;
    if (!found) throw errors.notFound();
    return found;
  }
}

/** The amount's problem against the rules, as the withdrawal function's outcome names it. */
export function amountProblem(amount: number, rules: CurrencyRules): 'below_minimum' | 'not_offered' | null {
  if (rules.presets.includes(amount)) return null;
  return amount < rules.minAmount ? 'below_minimum' : 'not_offered';
}

export function quoteOf(amount: number, rules: CurrencyRules): WithdrawQuote {
  return quoteWithdrawal(amount, rules);
}
