import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { type Database, openPglite } from '../src/db/database';
import { checkLedger } from '../src/modules/ledger/ledger.service';

/** The migrations as they stood before the ledger became double-entry. */
function migrationsBefore(tag: string, into: string): void {
  const source = loadConfig({}).migrationsDir;
  const journal = JSON.parse(fs.readFileSync(path.join(source, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  const kept = journal.entries.slice(0, cut);
  fs.mkdirSync(path.join(into, 'meta'), { recursive: true });
  fs.writeFileSync(path.join(into, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: kept }));
  for (const entry of kept) fs.copyFileSync(path.join(source, `${entry.tag}.sql`), path.join(into, `${entry.tag}.sql`));
}

const rows = async <T>(database: Database, query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * Each case migrates a new embedded database through every migration, as a first start does: about
 * 15 s on an idle machine and several times that on a busy one, so it gets a first start's time.
 */
const MIGRATING = { timeout: 120_000 };

describe('the double-entry migration', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grab-ledger-migration-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('turns every single-sided entry into a transfer against rewards, keeping keys, balances and reversals', MIGRATING, async () => {
    const old = path.join(dir, 'old');
    migrationsBefore('0007_wallet_double_entry', old);
    const database = await openPglite(path.join(dir, 'db'));
    try {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(database.db as never, { migrationsFolder: old });
      await database.db.execute(sql`insert into users (id, public_id, phone, country, password_hash, invite_code) values
        (1, 'p1', '+911', 'IN', 'x', 'A1'), (2, 'p2', '+912', 'IN', 'x', 'A2')`);
      await database.db.execute(sql`insert into ledger_entries (id, user_id, amount, reason, idempotency_key, reverses) values
        (1, 1, 10000, 'welcome_bonus', 'welcome:1', null),
        (2, 1, 500, 'task_reward', 'task-run:9', null),
        (3, 2, 10000, 'welcome_bonus', 'welcome:2', null),
        (4, 1, -500, 'reversal', 'reverse:2', 2)`);
      await database.db.execute(sql`insert into balances (user_id, balance) values (1, 10000), (2, 10000)`);

      await migrate(database.db as never, { migrationsFolder: loadConfig({}).migrationsDir });

      const transfers = await rows<{ id: number; idempotency_key: string; amount: number; reverses: number | null }>(database, sql`select id, idempotency_key, amount, reverses from ledger_transfers order by id`);
      expect(transfers.map((t) => [Number(t.id), t.idempotency_key, Number(t.amount), t.reverses === null ? null : Number(t.reverses)])).toEqual([
        [1, 'welcome:1', 10000, null],
        [2, 'task-run:9', 500, null],
        [3, 'welcome:2', 10000, null],
        [4, 'reverse:2', 500, 2],
      ]);
      const legs = await rows<{ transfer_id: number; account: string; user_id: number | null; amount: number }>(database, sql`select transfer_id, account, user_id, amount from ledger_entries order by transfer_id, amount`);
      expect(legs.map((l) => [Number(l.transfer_id), l.account, l.user_id, Number(l.amount)])).toEqual([
        [1, 'rewards', null, -10000],
        [1, 'earner', 1, 10000],
        [2, 'rewards', null, -500],
        [2, 'earner', 1, 500],
        [3, 'rewards', null, -10000],
        [3, 'earner', 2, 10000],
        [4, 'earner', 1, -500],
        [4, 'rewards', null, 500],
      ]);
      expect(await checkLedger(database.db)).toEqual({
        unbalancedEarners: 0,
        sumOfAllAccounts: 0,
        unbalancedTransfers: 0,
        negativeBalances: 0,
        platform: { rewards: -20000 },
      });
      // New transfers continue after the migrated ids, and the ledger refuses edits.
      const [next] = await rows<{ id: number }>(database, sql`select nextval(pg_get_serial_sequence('ledger_transfers', 'id')) as id`);
      expect(Number(next?.id)).toBe(5);
      await expect(database.db.execute(sql`update ledger_entries set amount = 1 where id = 1`)).rejects.toThrow();
      await expect(database.db.execute(sql`delete from ledger_transfers where id = 1`)).rejects.toThrow();
    } finally {
      await database.close();
    }
  });

  it('refuses, at commit, a transfer whose legs do not cancel out', MIGRATING, async () => {
    const database = await openPglite(path.join(dir, 'db2'));
    try {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(database.db as never, { migrationsFolder: loadConfig({}).migrationsDir });
      await database.db.execute(sql`insert into users (id, public_id, phone, country, password_hash, invite_code) values (1, 'p1', '+911', 'IN', 'x', 'A1')`);
      await expect(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`insert into ledger_transfers (id, idempotency_key, reason, amount) values (1, 'k', 'prize', 100)`);
          await tx.execute(sql`insert into ledger_entries (transfer_id, account, user_id, amount, reason) values (1, 'earner', 1, 100, 'prize'), (1, 'rewards', null, -90, 'prize')`);
        }),
      ).rejects.toThrow();
      expect(await rows(database, sql`select * from ledger_transfers`)).toHaveLength(0);
    } finally {
      await database.close();
    }
  });
});
