import { z } from 'zod/mini';
import { endpoint, Empty, Points } from './envelope';

/** Headers every messaging API call carries besides the bearer token (SPEC §7). */
export const MESSAGING_TIME_HEADER = 'x-time';
export const MESSAGING_VERIFY_HEADER = 'x-verify';
/** The server rejects a time header further than this from its clock. */
export const MESSAGING_MAX_SKEW_MS = 5 * 60 * 1000;

export const AppInfo = z.object({
  /** The platform's official account the earner sends the code to (DESIGN §2.3). */
  officialAccount: z.string(),
  /** Daily cap on messaging-task points, hundredths of a point. */
  dailyCap: Points,
});
export type AppInfo = z.infer<typeof AppInfo>;

export const appInfo = endpoint({ api: 'messaging', method: 'GET', path: '/api/user/get_appinfo', auth: true, input: Empty, data: AppInfo });
