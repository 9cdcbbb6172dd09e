import { DRAW_WIDGETS, DrawConfig, type DrawRules, type DrawSetup, type DrawWidget } from '@grab/shared/contracts';
import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { drawSettings } from '../../db/schema';

export interface DrawSettings {
  id: number;
  config: DrawConfig;
  rules: DrawRules;
}

function parsed(row: typeof drawSettings.$inferSelect): DrawSettings {
  // The same schema the client reads it with: a configuration the widget could not draw is never picked from.
  const config = DrawConfig.parse(row.config);
  return { id: row.id, config, rules: { dailySpins: row.dailySpins, spinsPerAuditTask: row.spinsPerAuditTask } };
}

/** The configuration in force: the newest row. Null before any was seeded. */
export async function currentSettings(db: Executor): Promise<DrawSettings | null> {
  const [row] = await db.select().from(drawSettings).orderBy(desc(drawSettings.id)).limit(1);
  return row ? parsed(row) : null;
}

export async function settingsById(db: Executor, id: number): Promise<DrawSettings | null> {
  const [row] = await db.select().from(drawSettings).where(eq(drawSettings.id, id));
  return row ? parsed(row) : null;
}

const DAY_MS = 86_400_000;

/** Today's widget: the operator's list taken in turn, one entry per UTC day. */
export function widgetOfDay(config: DrawConfig, now: Date): DrawWidget {
  const day = Math.floor(now.getTime() / DAY_MS);
  return config.dayWidgets[day % config.dayWidgets.length] ?? DRAW_WIDGETS[0];
}

export function setupOf(settings: DrawSettings, now: Date): DrawSetup {
  return { version: settings.id, featured: widgetOfDay(settings.config, now), rules: settings.rules, config: settings.config };
}
