import { z } from 'zod/mini';
import { Empty, endpoint, Points } from './envelope';

/** How deep the team goes: rebates, counts and the report all stop here. */
export const TEAM_DEPTH = 5;

/** Someone in the team as others may see them: never the whole phone number. */
export const MaskedPerson = z.object({
  /** `+91 ••••••3210`: country code and the last four digits. */
  maskedPhone: z.string(),
  level: z.int(),
});
export type MaskedPerson = z.infer<typeof MaskedPerson>;

export const ShareInfo = z.object({
  inviteCode: z.string(),
  /** The register page with `shareCode` filled in. */
  shareLink: z.string(),
  /** Everyone below the earner, five levels deep. */
  totalInvites: z.int(),
  directInvites: z.int(),
  /** Members at depth 1..5, in that order. */
  countsByDepth: z.array(z.int()),
  /** Who invited this earner; null for an earner who joined with a root code. */
  inviter: z.nullable(MaskedPerson),
  level: z.int(),
  /** Rebates credited from the team, hundredths of a point (UTC days). */
  totalBonus: Points,
  todayBonus: Points,
  yesterdayBonus: Points,
  /** Of `totalBonus`, what came from direct invitees (depth 1). */
  directBonus: Points,
  /** Rebates waiting for their invitee's first approved audit task: not in the balance yet. */
  heldBonus: Points,
  /** Rebate rates by depth, in basis points (300 = 3 %), as configured. */
  rebateBps: z.array(z.int()),
});
export type ShareInfo = z.infer<typeof ShareInfo>;

export const shareInfo = endpoint({ api: 'main', method: 'POST', path: '/app/user/shareInfo', auth: true, input: Empty, data: ShareInfo });

const QueryPage = z.optional(z.pipe(z.coerce.number(), z.int().check(z.gte(1), z.lte(10_000))));
const QueryPageSize = z.optional(z.pipe(z.coerce.number(), z.int().check(z.gte(1), z.lte(50))));

export const Invitee = z.object({
  ...MaskedPerson.shape,
  joinedAt: z.string(),
  /** Rebates this invitee has brought the earner: credited, and held for their first approved audit task. */
  bonus: Points,
  heldBonus: Points,
  /** True once the invitee has had an audit task approved (their rebates are released). */
  verified: z.boolean(),
});
export type Invitee = z.infer<typeof Invitee>;

export const InviteesQuery = z.object({ page: QueryPage, pageSize: QueryPageSize });
export const Invitees = z.object({ items: z.array(Invitee), total: z.int(), page: z.int(), pageSize: z.int() });
export type Invitees = z.infer<typeof Invitees>;
/** The earner's direct invitees, newest first. */
export const teamInvitees = endpoint({ api: 'main', method: 'GET', path: '/app/team/invitees', auth: true, input: InviteesQuery, data: Invitees });

/** A calendar day, `YYYY-MM-DD` (UTC). */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const REPORT_MAX_DAYS_DEFAULT = 31;

/** Both dates are required; the message is SPEC §5's. Range and order are checked by the server, which knows the maximum. */
const Day = z.string({ error: 'validation.periodRequired' }).check(z.regex(DAY_PATTERN, { error: 'validation.periodRequired' }));
export const EveryDayStatQuery = z.object({ start: Day, end: Day });

export const DayStat = z.object({
  date: z.string(),
  /** Team members (depth 1..5) who registered that day. */
  registered: z.int(),
  /** Team members who earned task points that day, and those points. */
  onlineUsers: z.int(),
  onlinePoints: Points,
  /** Team members who asked for a withdrawal that day, and the points it held (fee included). */
  withdrawalUsers: z.int(),
  withdrawalPoints: Points,
});
export type DayStat = z.infer<typeof DayStat>;
export const EveryDayStat = z.object({ days: z.array(DayStat), maxDays: z.int() });
export type EveryDayStat = z.infer<typeof EveryDayStat>;
/** The agent report: one row per day of the earner's own team, oldest first, every day present. */
export const everyDayStat = endpoint({ api: 'main', method: 'GET', path: '/app/stat/everyDayStat', auth: true, input: EveryDayStatQuery, data: EveryDayStat });

/** Who invites a person about to register: shown on the register page. */
export const InviterQuery = z.object({ shareCode: z.string().check(z.minLength(1), z.maxLength(32)) });
export const inviterOf = endpoint({ api: 'main', method: 'GET', path: '/public/user/inviter', auth: false, input: InviterQuery, data: z.nullable(MaskedPerson) });

/**
 * Several sign-ups under one inviter from one browser or one address: maybe one person farming
 * their own rebates. They are shown to operators, never dropped, since a family or a shop shares
 * a phone or a network too.
 */
export const FLAG_DECISIONS = ['dismissed', 'frozen', 'released'] as const;
/** An operator's decision on a fraud flag, with the note they wrote. */
export const FlagDecision = z.object({ decision: z.enum(FLAG_DECISIONS), note: z.string(), decidedBy: z.int(), decidedAt: z.string() });
export type FlagDecision = z.infer<typeof FlagDecision>;

export const SignupFlag = z.object({
  /** Names the flag (inviter, what is shared, and a digest of the shared device or address). */
  key: z.string(),
  /** The latest decision, while no new sign-up joined the flag since; null when it is open. */
  decision: z.nullable(FlagDecision),
  inviterId: z.int(),
  /** Masked for review: enough to notice one person behind many accounts. */
  inviterPhone: z.string(),
  sharedBy: z.enum(['device', 'address']),
  signups: z.int(),
  inviteeIds: z.array(z.int()),
  lastAt: z.string(),
});
export type SignupFlag = z.infer<typeof SignupFlag>;
export const SignupFlagsQuery = z.object({ page: QueryPage });
export const signupFlags = endpoint({ api: 'main', method: 'GET', path: '/admin/team/signup-flags', auth: true, input: SignupFlagsQuery, data: z.object({ items: z.array(SignupFlag), page: z.int() }) });
