import { type Recipient, type RecipientInput, recipientRules } from '@grab/shared/contracts';
import { normalizePhone } from '@grab/shared/phone';
import { and, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/database';
import { institutions, recipients, users } from '../../db/schema';
import { errors } from '../../http/app-error';
import { bankNameOf } from './bank-names';

/** Only the end of an account ever leaves the server. */
export function maskAccount(method: string, account: string): string {
  if (method === 'upi') {
    const [name = '', handle = ''] = account.split('@');
    return `${name.slice(0, 2)}•••@${handle}`;
  }
  return `•••• ${account.slice(-4)}`;
}

type RecipientRow = typeof recipients.$inferSelect & { institutionName: string; institutionActive: boolean };

export function toRecipient(row: RecipientRow, now: Date): Recipient {
  return {
    id: row.id,
    method: row.method,
    institutionId: row.institutionId,
    institutionName: row.institutionName,
    name: row.name,
    maskedAccount: maskAccount(row.method, row.account),
    ifsc: row.ifsc,
    bankName: row.ifsc ? bankNameOf(row.ifsc) : null,
    coolingOffUntil: row.coolingOffUntil > now ? row.coolingOffUntil.toISOString() : null,
    available: row.institutionActive,
  };
}

export async function recipientOf(db: Executor, userId: number): Promise<RecipientRow | null> {
  const [row] = await db
    .select({ recipient: recipients, institutionName: institutions.name, institutionActive: institutions.active })
    .from(recipients)
    .innerJoin(institutions, eq(institutions.id, recipients.institutionId))
    .where(eq(recipients.userId, userId));
  return row ? { ...row.recipient, institutionName: row.institutionName, institutionActive: row.institutionActive } : null;
}

/** The form's own check, with the country's rules; the first problem is the earner's message. */
function validate(country: string, input: RecipientInput): RecipientInput {
  const parsed = recipientRules(country, (c, phone) => normalizePhone(c, phone) !== null).safeParse(input);
  if (!parsed.success) throw errors.validation(parsed.error.issues[0]?.message ?? 'validation.form');
  return parsed.data;
}

/**
 * Saves the earner's one recipient. A new or changed recipient cannot be paid for the cooling-off
 * period, so a stolen session cannot redirect a withdrawal at once; saving the same details again
 * changes nothing and keeps the clock where it was.
 */
export async function saveRecipient(db: Db, userId: number, input: RecipientInput, coolingOffHours: number, now: Date): Promise<Recipient> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ country: users.country }).from(users).where(eq(users.id, userId));
    if (!user) throw errors.unauthorized();
    const value = validate(user.country, input);
    const [institution] = await tx
      .select()
      .from(institutions)
      .where(and(eq(institutions.id, value.institutionId), eq(institutions.country, user.country), eq(institutions.method, value.method), eq(institutions.active, true)));
    if (!institution) throw errors.institutionUnavailable(value.method);
    // Wallets are paid to the number in its international form, whatever way it was typed.
    const account = value.method === 'wallet' ? (normalizePhone(user.country, value.account) ?? value.account) : value.method === 'upi' ? value.account.toLowerCase() : value.account;
    const ifsc = value.method === 'bank' && user.country === 'IN' ? (value.ifsc ?? null) : null;
    const details = { method: value.method, institutionId: institution.id, name: value.name, account, ifsc };
    const current = await recipientOf(tx, userId);
    const unchanged =
      current && current.method === details.method && current.institutionId === details.institutionId && current.name === details.name && current.account === details.account && current.ifsc === details.ifsc;
    if (current && unchanged) return toRecipient(current, now);
    const coolingOffUntil = new Date(now.getTime() + coolingOffHours * 3_600_000);
    const [saved] = await tx
      .insert(recipients)
      .values({ userId, ...details, coolingOffUntil, updatedAt: now })
      .onConflictDoUpdate({ target: recipients.userId, set: { ...details, coolingOffUntil, updatedAt: now } })
      .returning();
    if (!saved) throw new Error('The recipient was not saved');
    return toRecipient({ ...saved, institutionName: institution.name, institutionActive: institution.active }, now);
  });
}
