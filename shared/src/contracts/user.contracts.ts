import { z } from 'zod/mini';
import { endpoint, Empty, Points } from './envelope';

export const LanguageKey = z.enum(['en-US', 'hi-IN', 'hi-IND', 'br-BR', 'ur-PK', 'bn-BD', 'ph-PH', 'ng-HA']);
export type LanguageKey = z.infer<typeof LanguageKey>;

export const CurrencyCode = z.enum(['USD', 'INR', 'IDR', 'PKR', 'BDT', 'PHP', 'NGN']);
export type CurrencyCode = z.infer<typeof CurrencyCode>;

/** SPEC §3 user info: `thirdUserId` and `thirdName` feed the messaging API's sign. */
export const UserInfo = z.object({
  id: z.int(),
  phone: z.string(),
  country: z.string(),
  thirdUserId: z.string(),
  thirdName: z.string(),
  /** Balance in hundredths of a point. */
  asset: Points,
  level: z.int().check(z.gte(1), z.lte(11)),
  inviteCode: z.string(),
  currency: CurrencyCode,
  createdAt: z.string(),
});
export type UserInfo = z.infer<typeof UserInfo>;

/** Why part of a balance is not withdrawable yet; the client shows the reason in the earner's language. */
export const LockedReason = z.enum(['welcomeBonusUntilFirstTask']);
export type LockedReason = z.infer<typeof LockedReason>;

export const AssetInfo = z.object({
  /** Everything credited minus everything debited, in hundredths of a point. */
  balance: Points,
  /** Points waiting for a review; not yet in the balance. */
  pending: Points,
  /** What can be withdrawn now: the balance less `locked`. */
  withdrawable: Points,
  /** Points in the balance that cannot be withdrawn yet, and why (DESIGN §5: the welcome bonus waits for a first approved task). */
  locked: Points,
  lockedReason: z.nullable(LockedReason),
  todayEarnings: Points,
  totalEarnings: Points,
  /** Since Monday 00:00 UTC. */
  weekEarnings: Points,
  /** The last 14 UTC days, oldest first, each day present even when nothing was earned. */
  dailyEarnings: z.array(z.object({ date: z.string(), amount: Points })),
});
export type AssetInfo = z.infer<typeof AssetInfo>;

export const userInfo = endpoint({ api: 'main', method: 'POST', path: '/app/user/info', auth: true, input: Empty, data: UserInfo });
export const assetInfo = endpoint({ api: 'main', method: 'GET', path: '/app/user/assetInfo', auth: true, input: Empty, data: AssetInfo });
