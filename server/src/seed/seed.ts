import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { currencies, rootInviteCodes, taskSteps, tasks, users } from '../db/schema';
import { register } from '../modules/auth/auth.service';

export const ROOT_INVITE_CODE = 'ROOT01';
export const DEMO_EARNER = {
  country: 'IN',
  phone: '9876543210',
  e164: '+919876543210',
  password: 'grab-demo-2026',
  language: 'hi-IN',
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

interface SeedTask {
  kind: string;
  schedule: 'once' | 'recurring' | 'timed';
  title: string;
  description: string;
  reward: number;
  minLevel: number;
  resetTime?: string;
  endsInDays?: number;
  timesPerPeriod?: number;
  steps: { h5Url: string; title: string }[];
}

const TASKS: SeedTask[] = [
  {
    kind: 'registration',
    schedule: 'once',
    title: 'Sign up on a partner app',
    description: 'Register on the partner app and upload a screenshot of your profile page.',
    reward: 100_00,
    minLevel: 1,
    steps: [{ h5Url: '/auditTask', title: 'Upload a screenshot of your new account' }],
  },
  {
    kind: 'joinGroup',
    schedule: 'once',
    title: 'Join our community group',
    description: 'Join the official Grab group to hear about new tasks first.',
    reward: 5_00,
    minLevel: 1,
    steps: [
      { h5Url: '/joinTgTask', title: 'Open the group and join' },
      { h5Url: '/auditTask', title: 'Upload a screenshot of the joined group' },
    ],
  },
  {
    kind: 'share',
    schedule: 'recurring',
    title: 'Share Grab with a friend',
    description: 'Share your invitation link once a day.',
    reward: 2_00,
    minLevel: 1,
    resetTime: '00:00',
    timesPerPeriod: 3,
    steps: [{ h5Url: '/shareTask', title: 'Share your link' }],
  },
  {
    kind: 'hang',
    schedule: 'recurring',
    title: 'Stay online',
    description: 'Keep the online page open; every hour online earns points.',
    reward: 1_00,
    minLevel: 2,
    resetTime: '00:00',
    timesPerPeriod: 8,
    steps: [{ h5Url: '/hangTask', title: 'Go online' }],
  },
  {
    kind: 'messaging',
    schedule: 'recurring',
    title: 'Verify your messaging number',
    description: 'Send a one-time code to our official account to prove that the number is yours.',
    reward: 20_00,
    minLevel: 1,
    resetTime: '00:00',
    steps: [{ h5Url: '/wsTask', title: 'Send the code to our official account' }],
  },
  {
    kind: 'appDownload',
    schedule: 'timed',
    title: 'Try the partner app this week',
    description: 'Install the partner app, open it, and upload two screenshots.',
    reward: 50_00,
    minLevel: 3,
    endsInDays: 30,
    steps: [
      { h5Url: '/shareTask', title: 'Open the download page' },
      { h5Url: '/auditTask', title: 'Upload two screenshots' },
    ],
  },
];

export interface SeedResult {
  rootInviteCode: string;
  demo: typeof DEMO_EARNER;
  createdDemo: boolean;
}

/** First start only in effect: every step checks what exists and adds only what is missing. */
export async function seed(db: Db, tokenTtlDays = 30): Promise<SeedResult> {
  await db.insert(rootInviteCodes).values({ code: ROOT_INVITE_CODE }).onConflictDoNothing();
  await db
    .insert(currencies)
    .values(CURRENCIES.map((c, position) => ({ ...c, position })))
    .onConflictDoNothing();
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(tasks);
    if (Number(row?.n ?? 0) > 0) return;
    for (const [position, task] of TASKS.entries()) {
      const [created] = await tx
        .insert(tasks)
        .values({
          kind: task.kind,
          schedule: task.schedule,
          title: task.title,
          description: task.description,
          reward: task.reward,
          minLevel: task.minLevel,
          resetTime: task.resetTime ?? null,
          endsAt: task.endsInDays ? new Date(Date.now() + task.endsInDays * 86_400_000) : null,
          timesPerPeriod: task.timesPerPeriod ?? 1,
          position,
        })
        .returning({ id: tasks.id });
      if (!created) continue;
      await tx.insert(taskSteps).values(task.steps.map((s, i) => ({ taskId: created.id, position: i, h5Url: s.h5Url, title: s.title })));
    }
  });
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.phone, DEMO_EARNER.e164));
  if (!demo) {
    await register(
      { db, tokenTtlDays },
      { country: DEMO_EARNER.country, phone: DEMO_EARNER.phone, password: DEMO_EARNER.password, rePassword: DEMO_EARNER.password, inviteCode: ROOT_INVITE_CODE },
      DEMO_EARNER.language,
    );
  }
  return { rootInviteCode: ROOT_INVITE_CODE, demo: DEMO_EARNER, createdDemo: !demo };
}
