import { randomInt } from 'node:crypto';
import { type CodeBatch, codeBatchCodes, codeBatchCreate, codeBatchList, type RedeemCodeView } from '@grab/shared/contracts';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, Executor } from '../../db/database';
import { redeemCodeBatches, redeemCodes, redeemCodeUses, users } from '../../db/schema';
import { errors } from '../../http/app-error';
import { earnerOf, route } from '../../http/route';
import { recordAction } from '../admin/audit-log.repository';
import { operatorsOnly } from '../admin/operator-roles';

const PAGE = 20;
/** The newest redemptions a batch's page shows. */
const REDEMPTIONS_SHOWN = 200;
/** Typed by hand from a poster or a message: no 0/O, 1/I/L. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 10;

function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

type BatchRow = typeof redeemCodeBatches.$inferSelect;

const redeemedOf = sql<number>`(select count(*) from ${redeemCodeUses} u join ${redeemCodes} c on c.code = u.code where c.batch_id = ${redeemCodeBatches.id})`.mapWith(Number);

function toBatch(row: BatchRow, redeemed: number): CodeBatch {
  return {
    id: row.id,
    reward: row.reward,
    count: row.count,
    maxUses: row.maxUses,
    expiresAt: row.expiresAt.toISOString(),
    note: row.note,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    redeemed,
  };
}

async function codesOf(db: Executor, batchId: number): Promise<RedeemCodeView[]> {
  const rows = await db.select().from(redeemCodes).where(eq(redeemCodes.batchId, batchId)).orderBy(asc(redeemCodes.code));
  return rows.map((r) => ({ code: r.code, used: r.used, maxUses: r.maxUses, expiresAt: r.expiresAt.toISOString() }));
}

/**
 * Redemption codes made by an operator in batches: the reward of each is decided here, on the
 * server, and an earner only ever types the code (the redemption itself is the tasks module's).
 * Admins only.
 */
export function redeemCodesAdminRoutes(app: FastifyInstance, db: Db): void {
  const guard = operatorsOnly('admin');
  route(
    app,
    codeBatchCreate,
    async (input, request) => {
      const expiresAt = new Date(input.expiresAt);
      if (expiresAt.getTime() <= Date.now()) throw errors.validation('admin.expiryPast');
      const operator = earnerOf(request);
      return db.transaction(async (tx) => {
        const [batch] = await tx
          .insert(redeemCodeBatches)
          .values({ reward: input.reward, count: input.count, maxUses: input.maxUses, expiresAt, note: input.note, createdBy: operator.userId })
          .returning();
        if (!batch) throw errors.conflict();
        // A clash with an existing code (one in 31^10) is drawn again rather than failing the batch.
        let made = 0;
        while (made < input.count) {
          const wanted = Array.from({ length: input.count - made }, newCode);
          const inserted = await tx
            .insert(redeemCodes)
            .values([...new Set(wanted)].map((code) => ({ code, reward: input.reward, maxUses: input.maxUses, expiresAt, batchId: batch.id })))
            .onConflictDoNothing()
            .returning({ code: redeemCodes.code });
          made += inserted.length;
        }
        const view = toBatch(batch, 0);
        await recordAction(tx, operator, { action: 'codes.create', targetType: 'codeBatch', targetId: batch.id, after: view, note: input.note || null });
        return { batch: view, codes: await codesOf(tx, batch.id) };
      });
    },
    guard,
  );
  route(
    app,
    codeBatchList,
    async (input) => {
      const page = input.page ?? 1;
      const rows = await db
        .select({ batch: redeemCodeBatches, redeemed: redeemedOf })
        .from(redeemCodeBatches)
        .orderBy(desc(redeemCodeBatches.id))
        .limit(PAGE + 1)
        .offset((page - 1) * PAGE);
      return { list: rows.slice(0, PAGE).map((r) => toBatch(r.batch, r.redeemed)), hasMore: rows.length > PAGE };
    },
    guard,
  );
  route(
    app,
    codeBatchCodes,
    async (input) => {
      const [row] = await db.select({ batch: redeemCodeBatches, redeemed: redeemedOf }).from(redeemCodeBatches).where(eq(redeemCodeBatches.id, input.batchId));
      if (!row) throw errors.notFound();
      const redemptions = await db
        .select({ code: redeemCodeUses.code, earnerId: redeemCodeUses.userId, earnerPhone: users.phone, reward: redeemCodes.reward, redeemedAt: redeemCodeUses.createdAt })
        .from(redeemCodeUses)
        .innerJoin(redeemCodes, eq(redeemCodes.code, redeemCodeUses.code))
        .innerJoin(users, eq(users.id, redeemCodeUses.userId))
        .where(eq(redeemCodes.batchId, input.batchId))
        .orderBy(desc(redeemCodeUses.createdAt))
        .limit(REDEMPTIONS_SHOWN);
      return {
        batch: toBatch(row.batch, row.redeemed),
        codes: await codesOf(db, input.batchId),
        redemptions: redemptions.map((r) => ({ ...r, redeemedAt: r.redeemedAt.toISOString() })),
      };
    },
    guard,
  );
}
