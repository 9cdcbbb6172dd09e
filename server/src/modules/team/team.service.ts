import { DAY_PATTERN, type DataOf, type EveryDayStat, type Invitees, type MaskedPerson, type shareInfo } from '@grab/shared/contracts';
import type { Db } from '../../db/database';
import { AppError, errors } from '../../http/app-error';
import { ErrorCode } from '@grab/shared/contracts';
import { maskPhoneForTeam } from '../users/masked-phone';
import { invitationLink } from './invitation-link';
import { findUserById } from '../users/users.repository';
import { bonusOf, countsByDepth, directInvitees, inviterByCode, rebateBps } from './team.repository';
import { teamDays } from './team-stats.repository';

const DAY_MS = 86_400_000;
const INVITEES_PAGE_SIZE = 20;

/** The invitation data of the Team page: code, link (opening /register with the code), the team, the inviter, the bonus. */
export async function invitationData(db: Db, userId: number, publicOrigin: string): Promise<DataOf<typeof shareInfo>> {
  const user = await findUserById(db, userId);
  if (!user) throw errors.unauthorized();
  const [counts, bonus, rates, inviter] = await Promise.all([
    countsByDepth(db, user.id),
    bonusOf(db, user.id),
    rebateBps(db),
    user.inviterId === null ? null : findUserById(db, user.inviterId),
  ]);
  return {
    inviteCode: user.inviteCode,
    shareLink: invitationLink(publicOrigin, user.inviteCode),
    totalInvites: counts.reduce((a, b) => a + b, 0),
    directInvites: counts[0] ?? 0,
    countsByDepth: counts,
    inviter: inviter ? { maskedPhone: maskPhoneForTeam(inviter.phone), level: inviter.level } : null,
    level: user.level,
    totalBonus: bonus.total,
    todayBonus: bonus.today,
    yesterdayBonus: bonus.yesterday,
    directBonus: bonus.direct,
    heldBonus: bonus.held,
    rebateBps: rates,
  };
}

/** `GET /app/team/invitees`: the earner's own direct invitees only (the query is by the caller's id). */
export async function inviteesOf(db: Db, userId: number, page = 1, pageSize = INVITEES_PAGE_SIZE): Promise<Invitees> {
  const { items, total } = await directInvitees(db, userId, page, pageSize);
  return {
    items: items.map((r) => ({ maskedPhone: maskPhoneForTeam(r.phone), level: r.level, joinedAt: r.joinedAt.toISOString(), bonus: r.bonus, heldBonus: r.heldBonus, verified: r.verified })),
    total,
    page,
    pageSize,
  };
}

/**
 * A `YYYY-MM-DD` that is a real calendar day, as UTC midnight; null for anything else (2026-02-30,
 * 2026-13-01). Days before 1970 are no day of any team, and JavaScript's year 0000 is none of
 * PostgreSQL's.
 */
function dayOf(text: string): number | null {
  if (!DAY_PATTERN.test(text)) return null;
  const ms = Date.parse(`${text}T00:00:00Z`);
  if (Number.isNaN(ms) || ms < 0 || new Date(ms).toISOString().slice(0, 10) !== text) return null;
  return ms;
}

/**
 * `GET /app/stat/everyDayStat`: the earner's own team (the rollups are keyed by the caller), one
 * row per UTC day. Both dates are required, in order, not after today, and at most `maxDays` apart.
 */
export async function agentReport(db: Db, userId: number, start: string, end: string, maxDays: number, now: Date): Promise<EveryDayStat> {
  const from = dayOf(start);
  const to = dayOf(end);
  if (from === null || to === null) throw errors.validation('validation.periodRequired');
  if (from > to) throw errors.validation('validation.periodOrder');
  const today = Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  if (to > today) throw errors.validation('validation.periodFuture');
  if ((to - from) / DAY_MS + 1 > maxDays) throw new AppError(ErrorCode.validation, 'validation.periodTooLong', { n: maxDays });
  return { days: await teamDays(db, userId, start, end), maxDays };
}

/** Who a person about to register would join under: masked, for the register page. Root codes and unknown codes: null. */
export async function inviterForCode(db: Db, code: string): Promise<MaskedPerson | null> {
  const inviter = await inviterByCode(db, code.trim().toUpperCase());
  return inviter ? { maskedPhone: maskPhoneForTeam(inviter.phone), level: inviter.level } : null;
}
