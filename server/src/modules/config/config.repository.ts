import type { Currency } from '@grab/shared/contracts';
import { asc } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { currencies } from '../../db/schema';

/** The currencies in the operator's order, as the contract names them. */
export async function listCurrencies(db: Executor): Promise<Currency[]> {
  const rows = await db.select().from(currencies).orderBy(asc(currencies.position));
  return rows.map((r) => ({ code: r.code as Currency['code'], language: r.language as Currency['language'], microsPerPoint: r.microsPerPoint, fractionDigits: r.fractionDigits }));
}
