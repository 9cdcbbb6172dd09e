import type { DataOf, shareInfo } from '@grab/shared/contracts';
import type { Db } from '../../db/database';
import { errors } from '../../http/app-error';
import { findUserById } from '../users/users.repository';
import { teamCounts } from './team.repository';

/** The invitation data of the Team page: code, link (opening /register with the code), team counts. */
export async function invitationData(db: Db, userId: number, publicOrigin: string): Promise<DataOf<typeof shareInfo>> {
  const user = await findUserById(db, userId);
  if (!user) throw errors.unauthorized();
  const counts = await teamCounts(db, user.id);
  return {
    inviteCode: user.inviteCode,
    shareLink: `${publicOrigin}/register?shareCode=${encodeURIComponent(user.inviteCode)}`,
    totalInvites: counts.total,
    directInvites: counts.direct,
    // Rebates arrive with the issue "Team and levels".
    totalBonus: 0,
    todayBonus: 0,
  };
}
