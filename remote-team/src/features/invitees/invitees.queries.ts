import { fetchEndpoint } from '@grab/shared';
import { teamInvitees } from '@grab/shared/contracts';

export const INVITEES_PAGE_SIZE = 10;

// Under `team`, beside the shared invitation data: only the team pages ask for these, so they live
// here and not in @grab/shared, whose exports ship with every page's first load.
export const inviteesQuery = (page: number) => ({
  queryKey: ['team', 'invitees', page] as const,
  queryFn: () => fetchEndpoint(teamInvitees, { page, pageSize: INVITEES_PAGE_SIZE }),
});
