import { useCustomMutation } from '@refinedev/core';
import { type RefObject, useCallback, useRef, useState } from 'react';

/** Posts one operator call and tells whether the server took it. */
export type Act = (url: string, values: object, done: string) => Promise<boolean>;

/** The server's message of a refusal (in the console's language), as the operator reads it. */
export const refusalOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The console's one way to make an operator action from a screen: post it, say how it went (the
 * server's own message when refused), then refresh what shows it. `act` keeps its identity, so
 * table columns built once still call the latest refresh, which a screen names with `refreshWith`
 * after its table exists.
 */
export function useOperatorAction() {
  const { mutateAsync } = useCustomMutation();
  const post = useRef(mutateAsync);
  post.current = mutateAsync;
  const refresh = useRef<() => Promise<unknown>>(async () => undefined);
  const [message, say] = useState<string | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const act = useCallback<Act>(async (url, values, done) => {
    try {
      await post.current({ url, method: 'post', values, successNotification: false, errorNotification: false });
      say(done);
      await refresh.current();
      // The button pressed may have left with its row (an approved order leaves "awaiting
      // approval"): the focus then goes to what the action did, not to the page's top, nor to
      // the next row's button, which one more Enter would press.
      focusIfLost(noticeRef);
      return true;
    } catch (error) {
      say(refusalOf(error));
      return false;
    }
  }, []);
  const refreshWith = useCallback((next: () => Promise<unknown>) => {
    refresh.current = next;
  }, []);
  return { act, message, say, refreshWith, noticeRef };
}

/**
 * Once the page has drawn what an action changed: if the focus was on something that is gone (it
 * fell back to the page), it goes to `target`, the notice of what the action did.
 */
export function focusIfLost(target: RefObject<HTMLElement | null>): void {
  setTimeout(() => {
    if (!document.activeElement || document.activeElement === document.body) target.current?.focus();
  }, 0);
}

/** What the last action did, read out by screen readers when it changes. */
export function Notice({ message, noticeRef }: { message: string | null; noticeRef?: RefObject<HTMLParagraphElement | null> }) {
  return message ? (
    <p ref={noticeRef} className="notice" role="status" tabIndex={-1}>
      {message}
    </p>
  ) : null;
}
