import { appInfo, fetchEndpoint, getCode, getPhoneStatus, type PhoneStatus, queryClient, tasksChanged } from '@grab/shared';

/** How often a waiting code's status is asked while the send window is open. */
export const STATUS_POLL_MS = 3_000;

export const messagingKeys = {
  all: ['messaging'] as const,
  appInfo: ['messaging', 'appInfo'] as const,
  code: ['messaging', 'code'] as const,
  status: (phone: string) => ['messaging', 'status', phone] as const,
};

/** `get_appinfo`: the official account, limits, and the earner's verified numbers. */
export const appInfoQuery = () => ({ queryKey: messagingKeys.appInfo, queryFn: () => fetchEndpoint(appInfo) });

/** `get_code`: a code still waiting from an earlier visit, so a reload resumes the wait. */
export const waitingCodeQuery = () => ({ queryKey: messagingKeys.code, queryFn: () => fetchEndpoint(getCode) });

/** `get_phonestatus`, asked again every few seconds while the code is on its way. */
export const phoneStatusQuery = (phone: string) => ({
  queryKey: messagingKeys.status(phone),
  queryFn: () => fetchEndpoint(getPhoneStatus, { phone }),
  refetchInterval: (query: { state: { data: PhoneStatus | undefined } }) => (isWaiting(query.state.data) ? STATUS_POLL_MS : false),
  // The earner is in the messaging app while the code travels: ask at once when they come back.
  refetchOnWindowFocus: 'always' as const,
});

export function isWaiting(status: PhoneStatus | undefined): boolean {
  return !status || status.state === 'waiting';
}

/** A number was verified or deleted: the list, the day's figures, the balance and the hall ask again. */
export async function numbersChanged(): Promise<void> {
  queryClient.removeQueries({ queryKey: messagingKeys.code });
  await Promise.all([queryClient.invalidateQueries({ queryKey: messagingKeys.appInfo }), tasksChanged()]);
}
