import { PASSWORD_MAX, PASSWORD_MIN, Password } from '@grab/shared/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/database';
import { currencies, drawSettings, institutions, offers, redeemCodes, rootInviteCodes, taskRuns, taskSteps, tasks, users, withdrawSettings } from '../db/schema';
import { register } from '../modules/auth/auth.service';
import { randomCode } from '../modules/auth/credentials';
import { TASK_TEXTS } from './seed-task-texts';
import { SEED_DRAW_CONFIG, SEED_DRAW_RULES } from './seed-draw';
import { SEED_OFFERS } from './seed-offers';
import { SEED_INSTITUTIONS, SEED_WITHDRAW_SETTINGS } from './seed-wallet';
import { FIRST_SEED_TITLES, SEED_REDEEM_CODES, SEED_TASKS, type SeedTask } from './seed-tasks';

export const ROOT_INVITE_CODE = 'ROOT01';
export const DEMO_EARNER = {
  country: 'IN',
  phone: '9876543210',
  e164: '+919876543210',
  password: 'grab-demo-2026',
  language: 'hi-IN',
} as const;

/** Decides audit submissions (`role` reviewer); its password may be set before the first start. */
export const DEMO_REVIEWER = {
  country: 'IN',
  phone: '9000000001',
  e164: '+919000000001',
  defaultPassword: 'grab-review-2026',
  passwordEnv: 'SEED_REVIEWER_PASSWORD',
} as const;

/**
 * Operator rates of SPEC §9's currencies: the value of one point in millionths of the major unit
 * (USD 1000 → 1,000 points = 1 USD; the others at that rate converted, rounded).
 */
const CURRENCIES = [
  { language: 'en-US', code: 'USD', microsPerPoint: 1_000, fractionDigits: 2 },
  { language: 'hi-IN', code: 'INR', microsPerPoint: 85_000, fractionDigits: 2 },
  { language: 'hi-IND', code: 'IDR', microsPerPoint: 16_000_000, fractionDigits: 0 },
  { language: 'br-BR', code: 'USD', microsPerPoint: 1_000, fractionDigits: 2 },
  { language: 'ur-PK', code: 'PKR', microsPerPoint: 280_000, fractionDigits: 0 },
  { language: 'bn-BD', code: 'BDT', microsPerPoint: 120_000, fractionDigits: 2 },
  { language: 'ph-PH', code: 'PHP', microsPerPoint: 57_000, fractionDigits: 2 },
  { language: 'ng-HA', code: 'NGN', microsPerPoint: 1_500_000, fractionDigits: 2 },
];

export interface SeedResult {
  rootInviteCode: string;
  /** Null outside demo mode, where no demo account exists. */
  demo: typeof DEMO_EARNER | null;
  createdDemo: boolean;
  reviewer: { country: string; phone: string; e164: string } | null;
  createdReviewer: boolean;
}

function reviewerPassword(env: NodeJS.ProcessEnv): { password: string; fromEnv: boolean } {
  const chosen = env[DEMO_REVIEWER.passwordEnv];
  if (!chosen) return { password: DEMO_REVIEWER.defaultPassword, fromEnv: false };
  if (!Password.safeParse(chosen).success) {
    throw new Error(`${DEMO_REVIEWER.passwordEnv} must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`);
  }
  return { password: chosen, fromEnv: true };
}

function taskRow(task: SeedTask, position: number, now: number): typeof tasks.$inferInsert {
  return {
    kind: task.kind,
    schedule: task.schedule,
    title: task.title,
    description: task.description,
    reward: task.reward,
    minLevel: task.minLevel ?? 1,
    resetTime: task.resetTime ?? null,
    endsAt: task.endsInDays ? new Date(now + task.endsInDays * 86_400_000) : null,
    timesPerPeriod: task.timesPerPeriod ?? 1,
    position,
    texts: TASK_TEXTS[task.key],
    targetUrl: task.targetUrl ?? null,
    showsInviteLink: task.showsInviteLink ?? false,
    proofPictures: task.proofPictures ?? 1,
    pictureLabels: task.pictureLabels ?? [],
    visitsNeeded: task.visitsNeeded ?? 1,
    dailyCap: task.dailyCap ?? null,
  };
}

/** True when the tasks are exactly the first seed's catalogue: no operator has changed it. */
function isFirstSeedCatalogue(titles: string[]): boolean {
  const expected = [...FIRST_SEED_TITLES].sort();
  const actual = [...titles].sort();
  return actual.length === expected.length && actual.every((title, i) => title === expected[i]);
}

/**
 * An empty catalogue gets the demo catalogue. A database seeded by the first version holds its six
 * tasks and would otherwise never see this one: when those six are all there is and no earner has
 * started any of them (no run, hence no submission, reward or share link either), they are switched
 * off, not deleted, and the current catalogue is added beside them. Any other catalogue, or one an
 * earner has touched, is the operator's and stays as it is.
 */
async function seedCatalogue(tx: Tx, now: number): Promise<void> {
  // Two processes starting together on one PostgreSQL must not both see an empty catalogue.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('grab:seed-catalogue'))`);
  const existing = await tx.select({ title: tasks.title }).from(tasks);
  if (existing.length > 0) {
    if (!isFirstSeedCatalogue(existing.map((t) => t.title))) return;
    const [run] = await tx.select({ id: taskRuns.id }).from(taskRuns).limit(1);
    if (run) return;
    await tx.update(tasks).set({ active: false });
  }
  for (const [position, task] of SEED_TASKS.entries()) {
    const [created] = await tx.insert(tasks).values(taskRow(task, position, now)).returning({ id: tasks.id });
    if (!created || task.steps.length === 0) continue;
    await tx.insert(taskSteps).values(task.steps.map((step, i) => ({ taskId: created.id, position: i, ...step })));
  }
}

/**
 * What every database needs: the currencies, and one root invitation code so the first earner can
 * sign up. The demo's code is the published `ROOT01`; anywhere else it is random, made once.
 */
async function seedBasics(db: Db, demo: boolean): Promise<string> {
  await db
    .insert(currencies)
    .values(CURRENCIES.map((c, position) => ({ ...c, position })))
    .onConflictDoNothing();
  // Seeded once: rows an operator changed or removed are never put back.
  const [anyInstitution] = await db.select({ id: institutions.id }).from(institutions).limit(1);
  if (!anyInstitution) {
    const rows = Object.entries(SEED_INSTITUTIONS).flatMap(([country, methods]) =>
      Object.entries(methods).flatMap(([method, names]) => (names ?? []).map((name, position) => ({ country, method: method as 'bank', name, position }))),
    );
    await db.insert(institutions).values(rows).onConflictDoNothing();
  }
  await db.insert(withdrawSettings).values(SEED_WITHDRAW_SETTINGS).onConflictDoNothing();
  await db.transaction(async (tx) => {
    // The draw's first configuration, only into an empty table: an operator's rows are theirs.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('grab:seed-draw'))`);
    const [anySettings] = await tx.select({ id: drawSettings.id }).from(drawSettings).limit(1);
    if (!anySettings) await tx.insert(drawSettings).values({ config: SEED_DRAW_CONFIG, ...SEED_DRAW_RULES });
  });
  if (demo) {
    await db.insert(rootInviteCodes).values({ code: ROOT_INVITE_CODE }).onConflictDoNothing();
    return ROOT_INVITE_CODE;
  }
  return db.transaction(async (tx) => {
    // Two processes starting together on one PostgreSQL must not both make a code.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('grab:seed-root-code'))`);
    const [existing] = await tx.select({ code: rootInviteCodes.code }).from(rootInviteCodes).limit(1);
    if (existing) return existing.code;
    const code = randomCode(8);
    await tx.insert(rootInviteCodes).values({ code });
    return code;
  });
}

/**
 * First start only in effect: every step checks what exists and adds only what is missing. Demo
 * accounts, the demo catalogue and its codes are added only with `demo` (DESIGN §4).
 * `env` names the reviewer's password (`SEED_REVIEWER_PASSWORD`), read only when the reviewer is made.
 */
export interface SeedOptions {
  /** Demo accounts, tasks and codes: only in demo mode (config `demo`), never by default. */
  demo: boolean;
  tokenTtlDays?: number;
  env?: NodeJS.ProcessEnv;
}

export async function seed(db: Db, { demo, tokenTtlDays = 30, env = process.env }: SeedOptions): Promise<SeedResult> {
  const now = Date.now();
  const rootInviteCode = await seedBasics(db, demo);
  if (!demo) return { rootInviteCode, demo: null, createdDemo: false, reviewer: null, createdReviewer: false };
  const reviewerLogin = reviewerPassword(env);
  await db.transaction((tx) => seedCatalogue(tx, now));
  await db
    .insert(redeemCodes)
    .values(
      SEED_REDEEM_CODES.map((c) => ({
        code: c.code,
        reward: c.reward,
        maxUses: c.maxUses,
        expiresAt: 'inDays' in c.expires ? new Date(now + c.expires.inDays * 86_400_000) : new Date(c.expires.at),
      })),
    )
    .onConflictDoNothing();
  await db.transaction(async (tx) => {
    // Demo partner offers, only into an empty table: an operator's offers are theirs.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('grab:seed-offers'))`);
    const [anyOffer] = await tx.select({ id: offers.id }).from(offers).limit(1);
    if (anyOffer) return;
    const rows = Object.entries(SEED_OFFERS).flatMap(([currency, list]) => list.map((offer, position) => ({ ...offer, currency, position })));
    await tx.insert(offers).values(rows);
  });

  const auth = { db, tokenTtlDays };
  // The seed's accounts come from no address; they are counted under this name, never limited.
  const SEED_ORIGIN = 'seed';
  const [demoEarner] = await db.select({ id: users.id }).from(users).where(eq(users.phone, DEMO_EARNER.e164));
  if (!demoEarner) {
    await register(
      auth,
      { country: DEMO_EARNER.country, phone: DEMO_EARNER.phone, password: DEMO_EARNER.password, rePassword: DEMO_EARNER.password, inviteCode: ROOT_INVITE_CODE },
      { ip: SEED_ORIGIN, acceptLanguage: DEMO_EARNER.language },
    );
  }
  const [reviewer] = await db.select({ id: users.id }).from(users).where(eq(users.phone, DEMO_REVIEWER.e164));
  if (!reviewer) {
    const session = await register(auth, {
      country: DEMO_REVIEWER.country,
      phone: DEMO_REVIEWER.phone,
      password: reviewerLogin.password,
      rePassword: reviewerLogin.password,
      inviteCode: ROOT_INVITE_CODE,
    }, { ip: SEED_ORIGIN });
    // Only the account made here is promoted: an existing holder of the number keeps its role.
    await db.update(users).set({ role: 'reviewer' }).where(eq(users.id, session.userInfo.id));
  }
  return {
    rootInviteCode,
    demo: DEMO_EARNER,
    createdDemo: !demoEarner,
    reviewer: { country: DEMO_REVIEWER.country, phone: DEMO_REVIEWER.phone, e164: DEMO_REVIEWER.e164 },
    createdReviewer: !reviewer,
  };
}
