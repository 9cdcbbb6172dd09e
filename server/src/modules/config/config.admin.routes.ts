import { type ConsoleConfig, configCurrency, configDraw, configInstitution, configInstitutionPlace, configLevels, configRebates, configSettings, configView, configWithdraw, DrawConfig, type OperatorSettings } from '@grab/shared/contracts';
import { asc, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, Executor } from '../../db/database';
import { currencies, drawSettings, levelRules, rebateRates, withdrawSettings } from '../../db/schema';
import { errors } from '../../http/app-error';
import { earnerOf, route } from '../../http/route';
import { recordAction } from '../admin/audit-log.repository';
import { operatorsOnly } from '../admin/operator-roles';
import { currentSettings } from '../draw/draw-settings.repository';
import { consoleInstitutions, placeInstitution, saveInstitution } from '../wallet/institutions.repository';
import { listCurrencies } from './config.repository';
import { saveSettings, settingsOf } from './operator-settings.repository';

/**
 * Everything the configuration screen shows, read from the tables the rules are read from. No
 * process keeps a copy that could outlive a change: rebates, levels and draw prizes are read in
 * the transaction that uses them, and a withdrawal compares the rule rows it was computed from
 * with the tables before it writes (a stale copy is answered by computing again).
 */
async function configOf(db: Executor, defaults: OperatorSettings): Promise<ConsoleConfig> {
  const [settings, money, withdraw, levels, rebates, draw, payees] = await Promise.all([
    settingsOf(db, defaults),
    listCurrencies(db),
    db.select().from(withdrawSettings).orderBy(asc(withdrawSettings.currency)),
    db.select().from(levelRules).orderBy(asc(levelRules.level)),
    db.select().from(rebateRates).orderBy(asc(rebateRates.depth)),
    currentSettings(db),
    consoleInstitutions(db),
  ]);
  return {
    settings,
    currencies: money,
    withdraw: withdraw.map((w) => ({
      currency: w.currency as ConsoleConfig['withdraw'][number]['currency'],
      presets: [...w.presets].sort((a, b) => a - b),
      minAmount: w.minAmount,
      feeBps: w.feeBps,
      feeMinPoints: w.feeMinPoints,
      dailyCount: w.dailyCount,
      dailyAmount: Number(w.dailyAmount),
      approvalAbove: Number(w.approvalAbove),
    })),
    levels: levels.map((l) => ({ level: l.level, minTaskPoints: Number(l.minTaskPoints), minActiveInvitees: l.minActiveInvitees })),
    // Depths without a row pay nothing, so the chain ends at the first missing one.
    rebates: rebates.filter((r, i) => r.depth === i + 1).map((r) => r.bps),
    draw: draw ? { version: draw.id, prizes: draw.config.prizes.map((p) => ({ amount: p.amount, weight: p.weight })), ...draw.rules } : null,
    institutions: payees,
  };
}

/** The configuration screen's calls. Admins only; each change is one transaction with its audit entry (before and after). */
export function configAdminRoutes(app: FastifyInstance, db: Db, defaults: OperatorSettings): void {
  const guard = operatorsOnly('admin');
  const change = <T>(action: string, targetId: string, pick: (c: ConsoleConfig) => T, apply: (tx: Executor) => Promise<void>) => (request: Parameters<typeof earnerOf>[0]) =>
    db.transaction(async (tx) => {
      const before = await configOf(tx, defaults);
      await apply(tx);
      const after = await configOf(tx, defaults);
      await recordAction(tx, earnerOf(request), { action, targetType: 'config', targetId, before: pick(before), after: pick(after) });
      return after;
    });

  route(app, configView, () => configOf(db, defaults), guard);
  route(
    app,
    configSettings,
    (input, request) =>
      change(
        'config.settings',
        'settings',
        (c) => c.settings,
        async (tx) => saveSettings(tx, input, await settingsOf(tx, defaults), earnerOf(request).userId),
      )(request),
    guard,
  );
  route(
    app,
    configCurrency,
    (input, request) =>
      change(
        'config.currency',
        input.code,
        (c) => c.currencies.filter((m) => m.code === input.code),
        async (tx) => {
          const rows = await tx.update(currencies).set({ microsPerPoint: input.microsPerPoint, fractionDigits: input.fractionDigits }).where(eq(currencies.code, input.code)).returning();
          if (rows.length === 0) throw errors.notFound();
        },
      )(request),
    guard,
  );
  route(
    app,
    configWithdraw,
    (input, request) =>
      change(
        'config.withdraw',
        input.currency,
        (c) => c.withdraw.find((w) => w.currency === input.currency) ?? null,
        async (tx) => {
          const { currency, ...rules } = input;
          const [row] = await tx.update(withdrawSettings).set(rules).where(eq(withdrawSettings.currency, currency)).returning();
          if (!row) throw errors.notFound();
        },
      )(request),
    guard,
  );
  route(
    app,
    configInstitution,
    (input, request) =>
      change(
        'config.institution',
        input.id === null ? `${input.country}:${input.method}:new` : String(input.id),
        (c) => c.institutions.find((i) => (input.id === null ? i.country === input.country && i.method === input.method && i.name === input.name : i.id === input.id)) ?? null,
        (tx) => saveInstitution(tx, input),
      )(request),
    guard,
  );
  route(
    app,
    configInstitutionPlace,
    (input, request) => {
      // The audit entry shows the whole list of the moved row's country and method, before and after.
      const listOf = (c: ConsoleConfig) => {
        const moved = c.institutions.find((i) => i.id === input.id);
        return moved ? c.institutions.filter((i) => i.country === moved.country && i.method === moved.method).map((i) => i.name) : null;
      };
      return change('config.institution.place', String(input.id), listOf, (tx) => placeInstitution(tx, input))(request);
    },
    guard,
  );
  route(
    app,
    configLevels,
    (input, request) =>
      change(
        'config.levels',
        'levels',
        (c) => c.levels,
        async (tx) => {
          // Levels already reached stay (a level is only ever raised); new thresholds count from the next reward.
          for (const l of input.levels) {
            await tx
              .insert(levelRules)
              .values({ level: l.level, minTaskPoints: l.minTaskPoints, minActiveInvitees: l.minActiveInvitees })
              .onConflictDoUpdate({ target: levelRules.level, set: { minTaskPoints: l.minTaskPoints, minActiveInvitees: l.minActiveInvitees, updatedAt: new Date() } });
          }
          await tx.delete(levelRules).where(gt(levelRules.level, input.levels.length));
        },
      )(request),
    guard,
  );
  route(
    app,
    configRebates,
    (input, request) =>
      change(
        'config.rebates',
        'rebates',
        (c) => c.rebates,
        async (tx) => {
          for (const [i, bps] of input.rates.entries()) {
            await tx.insert(rebateRates).values({ depth: i + 1, bps }).onConflictDoUpdate({ target: rebateRates.depth, set: { bps, updatedAt: new Date() } });
          }
          await tx.delete(rebateRates).where(gt(rebateRates.depth, input.rates.length));
        },
      )(request),
    guard,
  );
  route(
    app,
    configDraw,
    (input, request) =>
      change(
        'config.draw',
        'draw',
        (c) => c.draw,
        async (tx) => {
          const current = await currentSettings(tx);
          if (!current) throw errors.notFound();
          if (input.prizes.length !== current.config.prizes.length) throw errors.validation('admin.prizeCount');
          // A new row, never an edit: every spin keeps the configuration it was picked from.
          const config = DrawConfig.parse({ ...current.config, prizes: current.config.prizes.map((p, i) => ({ ...p, ...input.prizes[i] })) });
          await tx.insert(drawSettings).values({ config, dailySpins: input.dailySpins, spinsPerAuditTask: input.spinsPerAuditTask });
        },
      )(request),
    guard,
  );
}
