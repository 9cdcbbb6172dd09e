import { DEFAULT_TITLE, type OperatorSettings } from '@grab/shared/contracts';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Executor } from '../../db/database';
import { OPERATOR_SETTING_KEYS, operatorSettings } from '../../db/schema';

type Key = (typeof OPERATOR_SETTING_KEYS)[number];
/** Each value is wrapped in an object: a bare JSON string of digits would come back from a driver as a number. */
type Stored = { v: unknown };

/** What applies while the operator has set nothing: the server's environment. */
export function settingsDefaults(config: Config): OperatorSettings {
  return { title: DEFAULT_TITLE, fbPixelId: config.fbPixelId, messagingDailyCap: config.messaging.dailyCap, reviewDeadlineMinutes: config.reviewDeadlineMinutes };
}

/** Every setting, the operator's where set; one read of a table of at most four rows. */
export async function settingsOf(db: Executor, defaults: OperatorSettings): Promise<OperatorSettings> {
  const rows = await db.select({ key: operatorSettings.key, value: operatorSettings.value }).from(operatorSettings);
  const out: OperatorSettings = { ...defaults };
  for (const row of rows) (out as Record<Key, unknown>)[row.key] = (row.value as Stored).v;
  return out;
}

/** One numeric setting, read in the caller's transaction (the messaging cap, the review deadline). */
export async function numberSetting(db: Executor, key: 'messagingDailyCap' | 'reviewDeadlineMinutes', fallback: number): Promise<number> {
  const [row] = await db.select({ value: operatorSettings.value }).from(operatorSettings).where(eq(operatorSettings.key, key));
  const value = (row?.value as Stored | undefined)?.v;
  return typeof value === 'number' ? value : fallback;
}

/** Stores the settings that differ from what applies now; the values were checked by the contract. */
export async function saveSettings(db: Executor, values: OperatorSettings, current: OperatorSettings, by: number): Promise<void> {
  for (const key of OPERATOR_SETTING_KEYS) {
    if (values[key] === current[key]) continue;
    await db
      .insert(operatorSettings)
      .values({ key, value: { v: values[key] }, updatedBy: by })
      .onConflictDoUpdate({ target: operatorSettings.key, set: { value: { v: values[key] }, updatedBy: by, updatedAt: new Date() } });
  }
}
