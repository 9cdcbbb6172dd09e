import { z } from 'zod/mini';
import { endpoint, Empty, Points } from './envelope';

export const ShareInfo = z.object({
  inviteCode: z.string(),
  /** The register page with `shareCode` filled in. */
  shareLink: z.string(),
  /** Everyone below the earner, five levels deep. */
  totalInvites: z.int(),
  directInvites: z.int(),
  /** Rebates earned from the team, hundredths of a point. */
  totalBonus: Points,
  todayBonus: Points,
});
export type ShareInfo = z.infer<typeof ShareInfo>;

export const shareInfo = endpoint({ api: 'main', method: 'POST', path: '/app/user/shareInfo', auth: true, input: Empty, data: ShareInfo });
