import { fetchEndpoint } from '@grab/shared';
import { everyDayStat } from '@grab/shared/contracts';
import type { Period } from './report-period';

/** The agent report of one period. A refusal (dates the server will not take) is shown in the form, not toasted. */
export const reportQuery = (period: Period) => ({
  queryKey: ['team', 'report', period.start, period.end] as const,
  queryFn: () => fetchEndpoint(everyDayStat, period, { inline: true }),
});
