import { directionOf, type Translate, UPLOAD_MAX_BYTES, useT } from '@grab/shared';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { TASK_PAGES_NS, TASKS_NS } from '../../locales/tasks.locales';
import { ACCEPT, type PickProblem, pickFiles, type SubmitProblem, submitProblem } from './audit-picker.lib';
import styles from './audit-task.module.css';
import { type PickedPicture, usePictureUploads } from './picture-uploads';

/** The one line under a picture: the same figure as its bar while sending, then what became of it. */
function pictureLine(picture: PickedPicture, t: Translate): string {
  switch (picture.status) {
    case 'uploading':
      return t('audit.uploading', { progress: picture.progress });
    case 'processing':
      return t('audit.processing');
    case 'done':
      return t('audit.uploaded');
    case 'failed':
      return t('audit.failedOne');
    case 'refused':
      return picture.refusal?.kind === 'server' ? picture.refusal.message : t('audit.tooLarge', { megabytes: UPLOAD_MAX_BYTES / (1024 * 1024) });
  }
}

/**
 * A picked picture: its preview (or, when the phone cannot draw the file, a plain tile instead of a
 * broken image), the bar, the line, and what can be done about it.
 */
function PictureItem({ picture, name, label, onRetry, onRemove }: { picture: PickedPicture; name: string; label: string | null; onRetry: () => void; onRemove: () => void }) {
  const { t: pages } = useT(TASK_PAGES_NS);
  const [unreadable, setUnreadable] = useState(false);
  const lineId = useId();
  const refused = picture.status === 'refused';
  // One number for the bar and its words: a full bar says "Processing…", never a lagging half.
  const shown = picture.status === 'uploading' ? picture.progress : picture.status === 'failed' || refused ? 0 : 100;
  return (
    <li className={styles.preview} data-status={picture.status}>
      {label ? (
        <p className={styles.previewLabel} dir={directionOf(label)}>
          {label}
        </p>
      ) : null}
      {unreadable || refused ? (
        <span className={styles.previewImage} data-unreadable="true" role="img" aria-label={name} />
      ) : (
        <img src={picture.preview} alt={name} className={styles.previewImage} onError={() => setUnreadable(true)} />
      )}
      {refused ? null : (
        <div
          role="progressbar"
          aria-label={pages('audit.uploadOf', { name })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={shown}
          aria-valuetext={pictureLine(picture, pages)}
          className={styles.bar}
        >
          <span className={styles.barFill} style={{ inlineSize: `${shown}%` }} />
        </div>
      )}
      <p id={lineId} className={styles.previewStatus} role={refused ? 'alert' : undefined} dir="auto">
        {pictureLine(picture, pages)}
      </p>
      <div className={styles.previewActions}>
        {/* Only a broken connection is worth another try; a refused file needs another file. */}
        {picture.status === 'failed' ? (
          <button type="button" className="g-button g-button--secondary" onClick={onRetry}>
            {pages('audit.retryUpload')}
            <span className="g-visually-hidden"> — {name}</span>
          </button>
        ) : null}
        <button type="button" className="g-button g-button--secondary" onClick={onRemove} aria-describedby={refused ? lineId : undefined}>
          {refused ? pages('audit.chooseAnother') : pages('audit.remove')}
          <span className="g-visually-hidden"> — {name}</span>
        </button>
      </div>
    </li>
  );
}

/** What the picker can tell the earner. Uploads still running are not a problem: Submit waits for them. */
type Problem = PickProblem | Exclude<SubmitProblem, 'uploading'>;

const PROBLEM_KEY: Record<Problem, string> = {
  needOne: 'audit.needOne',
  needTwo: 'audit.needTwo',
  tooMany: 'audit.tooMany',
  badType: 'audit.badType',
  uploadFailed: 'audit.uploadFailed',
  refused: 'audit.refused',
};

interface PicturePickerProps {
  needed: 1 | 2;
  /** What each picture shows, one per picture; empty when the task names none. */
  labels: readonly string[];
  busy: boolean;
  /** Sends the uploaded ids; resolves true when the server took them. */
  onSubmit: (ids: string[]) => Promise<boolean>;
}

/**
 * Picks or takes the proof pictures, uploads each at once with its progress, then submits. Submit
 * tapped while an upload is still running waits for it (the button says so) and then sends: the
 * earner never reads "please wait" beside a picture that says "Uploaded".
 */
export function PicturePicker({ needed, labels, busy, onSubmit }: PicturePickerProps) {
  const { t } = useT(TASKS_NS);
  const { t: pages } = useT(TASK_PAGES_NS);
  const { pictures, add, remove, retry, clear } = usePictureUploads();
  const [problem, setProblem] = useState<Problem | null>(null);
  /** Submit was tapped while pictures were still uploading: it sends once they are done. */
  const [waiting, setWaiting] = useState(false);
  const sending = useRef(false);
  const problemId = useId();
  const full = pictures.length >= needed;
  const stillNeeded = needed - pictures.length;
  const uploading = pictures.some((picture) => picture.status === 'uploading' || picture.status === 'processing');
  const named = labels.length === needed ? labels : null;

  async function send(ready: readonly PickedPicture[]) {
    if (sending.current) return;
    sending.current = true;
    try {
      const ids = ready.map((picture) => picture.id).filter((id): id is string => id !== null);
      if (await onSubmit(ids)) clear();
    } finally {
      sending.current = false;
    }
  }

  // The uploads Submit waited for have finished: send them, or say what is wrong now (one failed,
  // or was removed meanwhile).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the waiting or uploading state changes; `send` reads the pictures of this render
  useEffect(() => {
    if (!waiting || uploading) return;
    setWaiting(false);
    const why = submitProblem(pictures, needed);
    setProblem(why === 'uploading' ? null : why);
    if (!why) void send(pictures);
  }, [waiting, uploading]);

  function onPick(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.currentTarget.files ?? [])];
    // The same file can be picked again after a removal only if the input forgets it.
    event.currentTarget.value = '';
    if (files.length === 0) return;
    const { take, problem: pickProblem } = pickFiles(pictures.length, files, needed);
    setProblem(pickProblem);
    if (take.length > 0) add(take);
  }

  function submit() {
    if (busy || waiting) return;
    const why = submitProblem(pictures, needed);
    if (why === 'uploading') {
      setProblem(null);
      setWaiting(true);
      return;
    }
    setProblem(why);
    if (!why) void send(pictures);
  }

  return (
    <section className={`g-card ${styles.picker}`} aria-describedby={problem ? problemId : undefined}>
      <h2 className={styles.sectionTitle}>{needed === 2 ? pages('audit.pickTwo') : pages('audit.pickOne')}</h2>
      {named && !full ? (
        // Which pictures the reviewer wants, before any is picked: they are sent in this order.
        <ol className={styles.wanted}>
          {named.map((label, index) => (
            <li key={label}>
              <span className={styles.wantedNumber}>{pages('audit.pictureN', { n: index + 1 })}</span> <bdi dir={directionOf(label)}>{label}</bdi>
            </li>
          ))}
        </ol>
      ) : null}
      {pictures.length > 0 ? (
        <ul className={styles.previews}>
          {pictures.map((picture, index) => (
            <PictureItem
              key={picture.key}
              picture={picture}
              name={pages('audit.pictureN', { n: index + 1 })}
              label={named?.[index] ?? null}
              onRetry={() => retry(picture.key)}
              onRemove={() => remove(picture.key)}
            />
          ))}
        </ul>
      ) : null}
      {full ? null : (
        <div className={styles.pickButtons}>
          <label className={`g-button g-button--secondary ${styles.fileButton}`}>
            <input type="file" accept={ACCEPT} multiple={stillNeeded > 1} className="g-visually-hidden" onChange={onPick} />
            {/* Counted like the input: "Choose a picture" when it takes one file, as most tasks ask. */}
            {pages('audit.choose', { count: stillNeeded })}
          </label>
          <label className={`g-button g-button--secondary ${styles.fileButton}`}>
            <input type="file" accept={ACCEPT} capture="environment" className="g-visually-hidden" onChange={onPick} />
            {pages('audit.camera')}
          </label>
        </div>
      )}
      {problem ? (
        <p id={problemId} className={styles.problem} role="alert">
          {pages(PROBLEM_KEY[problem], { max: needed })}
        </p>
      ) : null}
      <button type="button" className="g-button" disabled={busy || waiting} aria-busy={busy || waiting} onClick={submit}>
        {waiting ? pages('audit.sendsWhenUploaded') : busy ? t('busy') : pages('audit.submit')}
      </button>
    </section>
  );
}
