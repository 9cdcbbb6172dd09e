import type { OperatorRole } from '@grab/shared/contracts';

export type Screen = 'reviews' | 'withdrawals' | 'earners' | 'tasks' | 'codes' | 'fraud' | 'config' | 'offers' | 'audit';

export const SCREENS: { id: Screen; label: string; roles: OperatorRole[] }[] = [
  { id: 'reviews', label: 'Review queue', roles: ['admin', 'reviewer'] },
  { id: 'withdrawals', label: 'Withdrawals', roles: ['admin', 'payout'] },
  { id: 'earners', label: 'Earners', roles: ['admin'] },
  { id: 'tasks', label: 'Tasks', roles: ['admin'] },
  { id: 'codes', label: 'Redemption codes', roles: ['admin'] },
  { id: 'fraud', label: 'Fraud flags', roles: ['admin', 'reviewer'] },
  { id: 'config', label: 'Configuration', roles: ['admin'] },
  { id: 'offers', label: 'Offers', roles: ['admin'] },
  { id: 'audit', label: 'Audit log', roles: ['admin'] },
];

/**
 * Where a role lands after sign-in. Not the review queue for admins: opening the queue claims a
 * submission, and an admin who signed in to edit a task would hold one a reviewer is waiting for.
 */
export const LANDING: Record<OperatorRole, Screen> = { admin: 'tasks', reviewer: 'reviews', payout: 'withdrawals' };

/** What the menu shows a role. Only a convenience: the server refuses every call the role may not make. */
export function screensFor(role: OperatorRole) {
  return SCREENS.filter((s) => s.roles.includes(role));
}

/** Whether the role's menu offers the screen: a link to one it may not open would only be refused there. */
export function mayOpen(role: OperatorRole, screen: Screen): boolean {
  return SCREENS.some((s) => s.id === screen && s.roles.includes(role));
}

/**
 * The console's address after `#`: the screen, then what it opens, as in `#/earners?earner=123`.
 * Only the hash, so /admin/... paths stay the API's and a link never reloads the console.
 */
export function readAddress(hash = window.location.hash): { screen: string; params: URLSearchParams } {
  const [screen = '', query = ''] = hash.replace(/^#\/?/, '').split('?', 2);
  return { screen, params: new URLSearchParams(query) };
}

/** The Earners screen opened on one earner's profile. */
export const earnerAddress = (id: number) => `#/earners?earner=${id}`;
