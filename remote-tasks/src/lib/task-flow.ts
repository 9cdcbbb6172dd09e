import { callMain, type LeadingTaskResult, leadingTask, tasksChanged, useNavigate } from '@grab/shared';
import { useCallback, useRef, useState } from 'react';
import { afterStepDestination, type Destination, type TaskRef } from './step-navigation.lib';

/** Opens a destination: inside the app through the router, elsewhere as a full page load. */
export function useOpenDestination(): (destination: Destination) => void {
  const navigate = useNavigate();
  return useCallback(
    (destination: Destination) => {
      if (destination.internal) navigate(destination.href);
      else window.location.assign(destination.href);
    },
    [navigate],
  );
}

export interface AdvanceInput {
  stepId?: number;
  pictures?: string[];
}

/**
 * `leading-task`, then SPEC §2's navigation to the step it names. Resolves with the server's answer
 * (undefined after a refusal, whose message was toasted); one call at a time, so a double tap on a
 * slow link cannot send a step twice.
 */
export function useLeadingTask(task: TaskRef | null) {
  const open = useOpenDestination();
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  const advance = useCallback(
    async (input: AdvanceInput = {}): Promise<LeadingTaskResult | undefined> => {
      if (!task || inFlight.current) return undefined;
      inFlight.current = true;
      setBusy(true);
      try {
        const result = await callMain(leadingTask, { taskId: task.id, ...input });
        if (!result) return undefined;
        // The run moved on (and a submission adds pending points): every screen showing it asks again.
        void tasksChanged();
        // SPEC §2, also after the last step: the hall (filtered to this kind) shows where the task stands.
        open(afterStepDestination(result.next, task, window.location.origin));
        return result;
      } catch {
        // The client already told the earner why (toast); the button is usable again.
        return undefined;
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [task, open],
  );

  return { busy, advance };
}
