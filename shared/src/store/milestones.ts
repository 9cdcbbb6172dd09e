/**
 * Moments on this device that later prompts wait for. Kept in local storage, not in the session:
 * installing the app is a matter of the phone, whoever is logged in on it.
 */

/** Set once the earner completed a first task here (a reward collected); the install prompt waits for it. */
export const FIRST_REWARD_KEY = 'firstReward';
/** Dispatched on `window` when FIRST_REWARD_KEY is first set, so a shown screen can react at once. */
export const FIRST_REWARD_EVENT = 'grab:first-reward';

export function hasCollectedReward(): boolean {
  try {
    return localStorage.getItem(FIRST_REWARD_KEY) === '1';
  } catch {
    return false;
  }
}

/** Notes a collected reward; only the first one on this device changes anything. */
export function noteRewardCollected(): void {
  try {
    if (localStorage.getItem(FIRST_REWARD_KEY) === '1') return;
    localStorage.setItem(FIRST_REWARD_KEY, '1');
  } catch {
    // Blocked storage: no prompt will wait on it, which is the safe side.
    return;
  }
  window.dispatchEvent(new Event(FIRST_REWARD_EVENT));
}
