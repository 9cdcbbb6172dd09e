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
