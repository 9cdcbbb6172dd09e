import { MAX_SKIPPED, REVIEW_FAIL_PRESETS, type ReviewClaim, type ReviewItem, reviewRelease } from '@grab/shared/contracts';
import { useCustomMutation } from '@refinedev/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { beforeSignOut, loadPicture, sendOnLeave } from '../api/client';
import { points, when } from '../ui/DataTable';
import { EarnerRef } from '../ui/phone';
import { useWaiting } from '../ui/waiting';

const SUBMISSION_LIST = new Intl.ListFormat('en', { type: 'conjunction' });
/** A submission's state as the reviewer reads it in the earner's history. */
const STATUS_WORDS: Record<string, string> = { underReview: 'under review', passed: 'passed', failed: 'failed' };

/** The submissions of other earners with the same picture (one earner may have sent it twice). */
function duplicateText(ids: readonly number[]): string {
  const list = SUBMISSION_LIST.format(ids.map((id) => `#${id}`));
  return ids.length === 1
    ? `Duplicate picture: another earner sent the same picture in submission ${list}.`
    : `Duplicate picture: someone else sent the same picture in submissions ${list}.`;
}

function Picture({ id, index }: { id: string; index: number }) {
  const [url, setUrl] = useState<string | null>(null);
  const [zoomed, setZoomed] = useState(false);
  useEffect(() => {
    let made: string | null = null;
    let live = true;
    loadPicture(id).then((u) => {
      made = u;
      if (live) setUrl(u);
      else if (u) URL.revokeObjectURL(u);
    });
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [id]);
  return (
    <figure className={zoomed ? 'picture zoomed' : 'picture'}>
      {url ? (
        <button type="button" className="zoom" onClick={() => setZoomed(!zoomed)} aria-pressed={zoomed} aria-label={`Picture ${index + 1}: ${zoomed ? 'zoom out' : 'zoom in'}`}>
          <img src={url} alt={`Proof ${index + 1}`} />
        </button>
      ) : (
        <p>Loading picture…</p>
      )}
      <figcaption>Picture {index + 1} · click or Z to zoom</figcaption>
    </figure>
  );
}

/**
 * One submission at a time, claimed for this reviewer until the claim's end: no other reviewer is
 * handed it meanwhile. A submission left undecided is handed back at once (another one opened, a
 * Skip, another screen, the tab closed, signing out), so it never waits out the claim for nobody.
 * Keys: P pass, F fail, S skip, 1-4 a preset reason, N reload, Z zoom, Esc out of the reason box.
 */
export function ReviewQueue() {
  const { mutateAsync } = useCustomMutation();
  const [claim, setClaim] = useState<ReviewClaim | null | undefined>(undefined);
  const [message, setMessage] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  const run = useCallback(
    async <T,>(url: string, values: object): Promise<T | null> => {
      setBusy(true);
      try {
        return (await mutateAsync({ url, method: 'post', values, successNotification: false, errorNotification: false })).data as T;
      } catch (error) {
        setMessage(error instanceof Error ? error.message : String(error));
        return null;
      } finally {
        setBusy(false);
      }
    },
    [mutateAsync],
  );

  // The submissions the server has handed this screen and not taken back, and the one shown. Any
  // other is let go: the one the reviewer moved away from, and a claim answered too late to show.
  const held = useRef(new Set<number>());
  const shown = useRef<number | null>(null);
  const letGo = useCallback((keep: number | null) => {
    for (const id of held.current) {
      if (id === keep) continue;
      held.current.delete(id);
      sendOnLeave(reviewRelease, { submissionId: id });
    }
  }, []);
  // Skipped this session, the longest ago first: the queue hands them only when nothing else waits.
  const skipped = useRef<number[]>([]);
  // The screen is gone: a claim answered after that has nobody to show it to.
  const left = useRef(false);

  // Only the latest claim request decides what shows: a reviewer who opens a number while the
  // queue's first claim is still on its way must not have it replaced by that older answer.
  const latest = useRef(0);
  const settled = useRef(0);
  const next = useCallback(
    async (submissionId?: number): Promise<ReviewClaim | null> => {
      const asked = ++latest.current;
      setReason('');
      setMessage(null);
      const claimed = await run<ReviewClaim | null>('/admin/review/claim', submissionId ? { submissionId } : skipped.current.length > 0 ? { skipped: skipped.current } : {});
      if (claimed) held.current.add(claimed.item.id);
      if (left.current) {
        letGo(null);
        return null;
      }
      if (asked === latest.current) {
        if (claimed !== null || !submissionId) {
          setClaim(claimed);
          shown.current = claimed?.item.id ?? null;
        }
        settled.current = asked;
      }
      // Let go only once the latest answer is in: it may hand back a claim an older one got.
      if (settled.current === latest.current) letGo(shown.current);
      return claimed;
    },
    [run, letGo],
  );
  const [wanted, setWanted] = useState('');

  const decide = useCallback(
    async (pass: boolean) => {
      if (!claim) return;
      if (!pass && reason.trim().length < 2) {
        setMessage('Choose or write a reason first.');
        reasonRef.current?.focus();
        return;
      }
      const item = await run<ReviewItem>(pass ? '/admin/review/pass' : '/admin/review/fail', pass ? { submissionId: claim.item.id } : { submissionId: claim.item.id, reason: reason.trim() });
      if (item) {
        // The decision ended the claim on the server: nothing is left to let go.
        held.current.delete(item.id);
        await next();
        setMessage(`Submission ${item.id} ${item.status}.`);
      }
    },
    [claim, reason, run, next],
  );

  // Undecided, a submission goes back to the queue at once, so the next reviewer need not wait out
  // the claim. It is let go first: asked for while still held, the queue hands a reviewer's own
  // claim back before anything else.
  const skip = useCallback(async () => {
    if (!claim) return;
    const id = claim.item.id;
    if (!(await run<{ released: boolean }>('/admin/review/release', { submissionId: id }))) return;
    held.current.delete(id);
    skipped.current = [...skipped.current.filter((s) => s !== id), id].slice(-MAX_SKIPPED);
    const after = await next();
    if (after) setMessage(after.item.id === id ? `Nothing else waits for review: submission ${id} is open again.` : `Submission ${id} skipped: any reviewer can take it now.`);
  }, [claim, run, next]);

  useEffect(() => {
    void next();
  }, [next]);

  // Leaving the screen, closing the tab or signing out lets go of what this screen holds. The tab
  // kept in the back-forward cache and shown again claims its submission anew, or the next one.
  useEffect(() => {
    left.current = false;
    const onHide = () => letGo(null);
    window.addEventListener('pagehide', onHide);
    const unsubscribe = beforeSignOut(onHide);
    return () => {
      left.current = true;
      window.removeEventListener('pagehide', onHide);
      unsubscribe();
      letGo(null);
    };
  }, [letGo]);
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted || shown.current === null) return;
      void next(shown.current).then((claimed) => {
        if (!claimed) void next();
      });
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [next]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      // Esc leaves the reason box, so the keys work again without reaching for the mouse.
      if (event.key === 'Escape' && target === reasonRef.current) {
        target.blur();
        return;
      }
      if (target.tagName === 'TEXTAREA' || target.tagName === 'INPUT' || event.ctrlKey || event.metaKey || event.altKey || busy) return;
      const preset = REVIEW_FAIL_PRESETS[Number(event.key) - 1];
      // With Caps Lock or Shift on, the keys do the same.
      const key = event.key.toLowerCase();
      if (key === 'p') void decide(true);
      else if (key === 'f') void decide(false);
      else if (key === 's') void skip();
      else if (key === 'n') void next();
      else if (key === 'z') document.querySelector<HTMLButtonElement>('.picture .zoom')?.click();
      else if (preset) setReason(preset);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [busy, decide, next, skip]);

  return (
    <section aria-labelledby="review-title">
      <h1 id="review-title">Review queue</h1>
      <QueueSummary />
      {message && (
        <p className="notice" role="status">
          {message}
        </p>
      )}
      <form
        className="filters"
        onSubmit={(e) => {
          e.preventDefault();
          const id = Number(wanted);
          if (Number.isInteger(id) && id > 0) void next(id);
        }}
      >
        <label>
          Submission number
          <input value={wanted} inputMode="numeric" onChange={(e) => setWanted(e.target.value.replace(/\D/g, ''))} />
        </label>
        <button type="submit">Open</button>
      </form>
      {claim === undefined && <p>Loading…</p>}
      {claim === null && (
        <p>
          Nothing waits for review. <button type="button" onClick={() => void next()}>Look again</button>
        </p>
      )}
      {claim && (
        <div className="review">
          <div className="pictures">
            {claim.item.pictures.map((id, i) => (
              <Picture key={id} id={id} index={i} />
            ))}
          </div>
          <aside>
            <h2>{claim.item.taskTitle}</h2>
            <dl>
              <dt>Submission</dt>
              <dd>#{claim.item.id}</dd>
              <dt>Earner</dt>
              <dd>
                <EarnerRef phone={claim.item.earnerPhone} id={claim.item.earnerRowId} />
              </dd>
              <dt>Reward</dt>
              <dd>{points(claim.item.reward)} points</dd>
              <dt>Sent</dt>
              <dd>{when(claim.item.createdAt)}</dd>
              <dt>Deadline</dt>
              <dd>{when(claim.item.deadlineAt)} (passes on its own then)</dd>
              <dt>Yours until</dt>
              <dd>{when(claim.claimedUntil)}</dd>
            </dl>
            {claim.item.duplicateOf.length > 0 && (
              <p className="flag" role="alert">
                {duplicateText(claim.item.duplicateOf)}
              </p>
            )}
            <fieldset>
              <legend>Reason for a fail</legend>
              {REVIEW_FAIL_PRESETS.map((preset, i) => (
                <button key={preset} type="button" className="preset" aria-pressed={reason === preset} onClick={() => setReason(preset)}>
                  {i + 1}. {preset}
                </button>
              ))}
              <label>
                Reason the earner reads
                <textarea ref={reasonRef} value={reason} maxLength={300} rows={3} aria-describedby="reason-languages" onChange={(e) => setReason(e.target.value)} />
              </label>
              <p id="reason-languages" className="muted">
                A preset reaches the earner in their own language; words you add after it are shown as you write them.
              </p>
            </fieldset>
            <div className="actions decisions">
              <button type="button" className="pass" disabled={busy} onClick={() => void decide(true)}>
                Pass (P)
              </button>
              <button type="button" className="fail" disabled={busy} onClick={() => void decide(false)}>
                Fail (F)
              </button>
              <button type="button" disabled={busy} aria-describedby="skip-note" onClick={() => void skip()}>
                Skip (S)
              </button>
              <button type="button" disabled={busy} onClick={() => void next()}>
                Reload (N)
              </button>
            </div>
            <p id="skip-note" className="muted">
              Skip hands this submission back to the queue at once for any reviewer, and opens the next.
            </p>
            <h3>This earner's other submissions</h3>
            {claim.history.length === 0 ? (
              <p>None before.</p>
            ) : (
              <ul className="history">
                {claim.history.map((h) => (
                  <li key={h.id}>
                    #{h.id} {h.taskTitle}: <strong>{STATUS_WORDS[h.status] ?? h.status}</strong>
                    {h.reason ? ` (${h.reason})` : ''} · {when(h.createdAt)}
                  </li>
                ))}
              </ul>
            )}
          </aside>
        </div>
      )}
    </section>
  );
}

/** How much waits, and when the next submission passes undecided: the deadline a reviewer races. */
function QueueSummary() {
  const reviews = useWaiting()?.reviews;
  if (!reviews || reviews.undecided === 0) return null;
  return (
    <p className="queue-summary">
      {reviews.undecided} undecided{reviews.nextDeadline ? ` · the next passes on its own at ${when(reviews.nextDeadline)}` : ''}
    </p>
  );
}
