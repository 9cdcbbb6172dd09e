import { everyDayStat, inviterOf, shareInfo, signupFlags, teamInvitees } from '@grab/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { earnerOf, route } from '../../http/route';
import { reviewersOnly } from '../reviews/reviewer-role';
import { signupFlagPage } from './signup-flags.repository';
import { agentReport, invitationData, inviteesOf, inviterForCode } from './team.service';

export function teamRoutes(app: FastifyInstance, db: Db, config: Config, clock: Clock): void {
  route(app, shareInfo, (_input, request) => invitationData(db, earnerOf(request).userId, config.publicOrigin));
  route(app, teamInvitees, (input, request) => inviteesOf(db, earnerOf(request).userId, input.page, input.pageSize));
  route(app, everyDayStat, (input, request) => {
    const { userId } = earnerOf(request);
    return agentReport(db, userId, input.start, input.end, config.reportMaxDays, clock.now(userId));
  });
  route(app, inviterOf, (input) => inviterForCode(db, input.shareCode));
  // Operators who review proofs also judge whether sign-ups look farmed.
  route(app, signupFlags, async (input) => ({ items: await signupFlagPage(db, input.page ?? 1), page: input.page ?? 1 }), { guards: [reviewersOnly] });
}
