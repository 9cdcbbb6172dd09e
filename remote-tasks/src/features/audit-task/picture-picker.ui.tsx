import { useT } from '@grab/shared';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { TASKS_NS } from '../../locales/tasks.locales';
import { ACCEPT, type PickProblem, pickFiles, type SubmitProblem, submitProblem } from './audit-picker.lib';
import styles from './audit-task.module.css';
import { type PickedPicture, usePictureUploads } from './picture-uploads';

/** What the picker can tell the earner. Uploads still running are not a problem: Submit waits for them. */
type Problem = PickProblem | Exclude<SubmitProblem, 'uploading'>;

const PROBLEM_KEY: Record<Problem, string> = {
  needOne: 'audit.needOne',
  needTwo: 'audit.needTwo',
  tooMany: 'audit.tooMany',
  badType: 'audit.badType',
  uploadFailed: 'audit.uploadFailed',
};

interface PicturePickerProps {
  needed: 1 | 2;
  busy: boolean;
  /** Sends the uploaded ids; resolves true when the server took them. */
  onSubmit: (ids: string[]) => Promise<boolean>;
}

/**
 * Picks or takes the proof pictures, uploads each at once with its progress, then submits. Submit
 * tapped while an upload is still running waits for it (the button says so) and then sends: the
 * earner never reads "please wait" beside a picture that says "Uploaded".
 */
export function PicturePicker({ needed, busy, onSubmit }: PicturePickerProps) {
  const { t } = useT(TASKS_NS);
  const { pictures, add, remove, retry, clear } = usePictureUploads();
  const [problem, setProblem] = useState<Problem | null>(null);
  /** Submit was tapped while pictures were still uploading: it sends once they are done. */
  const [waiting, setWaiting] = useState(false);
  const sending = useRef(false);
  const problemId = useId();
  const full = pictures.length >= needed;
  const uploading = pictures.some((picture) => picture.status === 'uploading');

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
      <h2 className={styles.sectionTitle}>{needed === 2 ? t('audit.pickTwo') : t('audit.pickOne')}</h2>
      {pictures.length > 0 ? (
        <ul className={styles.previews}>
          {pictures.map((picture, index) => {
            const name = t('audit.pictureN', { n: index + 1 });
            return (
              <li key={picture.key} className={styles.preview} data-status={picture.status}>
                <img src={picture.preview} alt={name} className={styles.previewImage} />
                <div
                  role="progressbar"
                  aria-label={t('audit.uploadOf', { name })}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={picture.progress}
                  className={styles.bar}
                >
                  <span className={styles.barFill} style={{ inlineSize: `${picture.progress}%` }} />
                </div>
                <p className={styles.previewStatus}>
                  {picture.status === 'done' ? t('audit.uploaded') : picture.status === 'failed' ? t('audit.failedOne') : t('audit.uploading', { progress: picture.progress })}
                </p>
                <div className={styles.previewActions}>
                  {picture.status === 'failed' ? (
                    <button type="button" className="g-button g-button--secondary" onClick={() => retry(picture.key)}>
                      {t('audit.retryUpload')}
                      <span className="g-visually-hidden"> — {name}</span>
                    </button>
                  ) : null}
                  <button type="button" className="g-button g-button--secondary" onClick={() => remove(picture.key)}>
                    {t('audit.remove')}
                    <span className="g-visually-hidden"> — {name}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
      {full ? null : (
        <div className={styles.pickButtons}>
          <label className={`g-button g-button--secondary ${styles.fileButton}`}>
            <input type="file" accept={ACCEPT} multiple={needed - pictures.length > 1} className="g-visually-hidden" onChange={onPick} />
            {t('audit.choose')}
          </label>
          <label className={`g-button g-button--secondary ${styles.fileButton}`}>
            <input type="file" accept={ACCEPT} capture="environment" className="g-visually-hidden" onChange={onPick} />
            {t('audit.camera')}
          </label>
        </div>
      )}
      {problem ? (
        <p id={problemId} className={styles.problem} role="alert">
          {t(PROBLEM_KEY[problem], { max: needed })}
        </p>
      ) : null}
      <button type="button" className="g-button" disabled={busy || waiting} aria-busy={busy || waiting} onClick={submit}>
        {waiting ? t('audit.sendsWhenUploaded') : busy ? t('busy') : t('audit.submit')}
      </button>
    </section>
  );
}
