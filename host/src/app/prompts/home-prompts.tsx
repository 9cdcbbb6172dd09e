import { FIRST_REWARD_EVENT, hasCollectedReward } from '@grab/shared';
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { forgetInstallPrompt, heldInstallPrompt, subscribeInstallPrompt } from './install-event';
import { dismissInstallPrompt, installPromptDismissed, joinGroupPromptDue, settleJoinGroupPrompt } from './prompt-flags';

// The cards are downloaded only when one is due: most visits of Home show neither.
const JoinGroupPrompt = lazy(() => import(/* webpackChunkName: "join-group-prompt" */ '../../features/prompts/join-group-prompt').then((m) => ({ default: m.JoinGroupPrompt })));
const InstallPrompt = lazy(() => import(/* webpackChunkName: "install-prompt" */ '../../features/prompts/install-prompt').then((m) => ({ default: m.InstallPrompt })));

function subscribeReward(listener: () => void) {
  window.addEventListener(FIRST_REWARD_EVENT, listener);
  window.addEventListener('storage', listener);
  return () => {
    window.removeEventListener(FIRST_REWARD_EVENT, listener);
    window.removeEventListener('storage', listener);
  };
}

/**
 * At most one prompt on Home, above the tab bar: first the official group, once, after a
 * registration; then, only once the earner has a first reward (never on a first visit), adding Grab
 * to the home screen, until dismissed for good.
 */
export function HomePrompts() {
  const [joinDue, setJoinDue] = useState(joinGroupPromptDue);
  const [installDismissed, setInstallDismissed] = useState(installPromptDismissed);
  const rewarded = useSyncExternalStore(subscribeReward, hasCollectedReward, () => false);
  const installEvent = useSyncExternalStore(subscribeInstallPrompt, heldInstallPrompt, () => null);

  if (joinDue) {
    return (
      <Suspense fallback={null}>
        <JoinGroupPrompt
          onSettled={() => {
            settleJoinGroupPrompt();
            setJoinDue(false);
          }}
        />
      </Suspense>
    );
  }
  // The card itself decides whether this browser can add Grab (it then shows nothing).
  if (!rewarded || installDismissed) return null;
  return (
    <Suspense fallback={null}>
      <InstallPrompt
        offer={installEvent}
        onPrompted={(outcome) => {
          // Installed: done for good. Declined in the browser's dialog: the event is spent, and the
          // card waits for the browser to offer again on a later visit.
          if (outcome === 'accepted') dismissInstallPrompt();
          forgetInstallPrompt();
        }}
        onDismiss={() => {
          dismissInstallPrompt();
          setInstallDismissed(true);
        }}
      />
    </Suspense>
  );
}
