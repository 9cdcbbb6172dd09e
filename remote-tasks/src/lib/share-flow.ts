import { callMain, copyText, type Credit, leadingTask, type TaskDetail, taskCollect, tasksChanged, toast, useT } from '@grab/shared';
import { useCallback, useRef, useState } from 'react';
import { shareLink } from './share-link.lib';
import { TASKS_NS } from '../locales/tasks.locales';
import { afterStepDestination, type Destination, type TaskRef } from './step-navigation.lib';
import { useOpenDestination } from './task-flow';

/** How often the visit count is asked again while the earner waits with the task in view. */
export const VISITS_REFRESH_MS = 15_000;

/** Visits come from strangers' phones: while a run waits for them, its screens ask again. */
export function waitingForVisits(detail: TaskDetail | undefined): boolean {
  const share = detail?.run?.share;
  return Boolean(share && share.visits < share.visitsNeeded && detail?.run?.status === 'inProgress');
}

export interface ShareTaskRef extends TaskRef {
  title: string;
  /** The step whose visits are counted. */
  shareStepId: number;
}

/**
 * A share task in as few taps as it can take: Share starts the task when it is not yet (the server
 * makes the earner's link) and opens the share sheet, or copies the link; Collect finishes the share
 * step, which the server allows only once enough people opened the link, and collects the reward it
 * decides. Both calls are safe to repeat: a step already done is answered as it stands, and a run is
 * credited once (its ledger key). One call at a time, so a double tap sends nothing twice.
 * `linkPage`: where the link can be read and copied by hand when neither the sheet nor the copy
 * worked (a slow answer can outlast the tap's permission to open them).
 */
export function useShareFlow(task: ShareTaskRef, linkPage?: Destination) {
  const { t } = useT(TASKS_NS);
  const open = useOpenDestination();
  const [busy, setBusy] = useState<'share' | 'collect' | null>(null);
  const inFlight = useRef(false);

  const once = useCallback(async <T>(kind: 'share' | 'collect', work: () => Promise<T>): Promise<T | undefined> => {
    if (inFlight.current) return undefined;
    inFlight.current = true;
    setBusy(kind);
    try {
      return await work();
    } catch {
      // The client already said why (toast); the button is usable again.
      return undefined;
    } finally {
      inFlight.current = false;
      setBusy(null);
    }
  }, []);

  /** `knownUrl`: the link of a run already started, shared without a round trip (the sheet needs the tap's activation). */
  const share = useCallback(
    (knownUrl: string | null) =>
      once('share', async () => {
        let url = knownUrl;
        if (!url) {
          const started = await callMain(leadingTask, { taskId: task.id });
          url = started?.run.share?.url ?? null;
          if (!url) return;
          void tasksChanged();
        }
        const outcome = await shareLink(url, task.title, {
          share: typeof navigator.share === 'function' ? (data) => navigator.share(data) : undefined,
          copy: copyText,
        });
        if (outcome === 'copied') toast.success(t('share.copied'));
        else if (outcome === 'failed') {
          toast.danger(t('share.copyFailed'));
          if (linkPage) open(linkPage);
        }
      }),
    [once, open, linkPage, task.id, task.title, t],
  );

  /** `passed`: the server already holds the reward for collecting; else the share step is finished first. */
  const collect = useCallback(
    (passed: boolean): Promise<Credit | undefined> =>
      once('collect', async () => {
        if (!passed) {
          const result = await callMain(leadingTask, { taskId: task.id, stepId: task.shareStepId });
          if (!result) return undefined;
          if (result.run.status !== 'passed') {
            // A task with more to do after sharing: its next page.
            void tasksChanged();
            open(afterStepDestination(result.next, task, window.location.origin));
            return undefined;
          }
        }
        const credit = await callMain(taskCollect, { taskId: task.id });
        // The progress ("1 of 3 done"), the balance and the lists move where they are shown.
        void tasksChanged();
        return credit;
      }),
    [once, open, task],
  );

  return { busy, share, collect };
}
