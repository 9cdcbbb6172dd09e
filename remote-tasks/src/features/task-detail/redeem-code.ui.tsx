import { callMain, RedeemCode as RedeemCodeSchema, Refused, taskExchange, useT } from '@grab/shared';
import { type FormEvent, useId, useState } from 'react';
import { TASK_PAGES_NS, TASKS_NS } from '../../locales/tasks.locales';
import { CreditDone } from '../../lib/credit-done.ui';
import { useCredit } from '../../lib/credit.lib';
import { attemptAnswered, attemptFor } from './redeem-attempt.lib';
import pageStyles from '../../lib/task-page.module.css';
import styles from './task-detail.module.css';

/** A redemption code form: the server checks the code and decides what it credits. */
export function RedeemCode() {
  const { t } = useT(TASKS_NS);
  const { t: pages } = useT(TASK_PAGES_NS);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { busy, credit, run } = useCredit();
  const inputId = useId();
  const problemId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = RedeemCodeSchema.safeParse(code);
    if (!parsed.success) {
      setProblem(code.trim() ? pages('redeem.tooLong') : pages('redeem.empty'));
      return;
    }
    setProblem(null);
    // The server's refusal (unknown, expired, used up, already redeemed) is about this code: it shows
    // under the field, and goes with the next try, so it never sits beside a later credit.
    let refusal: string | null = null;
    const credited = await run(async () => {
      try {
        const answer = await callMain(taskExchange, { code: parsed.data, attempt: attemptFor(parsed.data) }, { inline: true });
        attemptAnswered(parsed.data);
        return answer;
      } catch (error) {
        // A lost answer keeps the try's key, so tapping again repeats it.
        if (!(error instanceof Refused)) throw error;
        attemptAnswered(parsed.data);
        refusal = error.message;
        return undefined;
      }
    });
    if (credited) setCode('');
    else if (refusal) setProblem(refusal);
  }

  return (
    <>
      {credit ? <CreditDone credit={credit} /> : null}
      <form className={`g-card ${styles.redeem}`} onSubmit={submit} noValidate>
        <label htmlFor={inputId} className={pageStyles.fieldLabel}>
          {pages('redeem.label')}
        </label>
        <input
          id={inputId}
          className={`${pageStyles.field} ${styles.input}`}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
        />
        {problem ? (
          <p id={problemId} className={styles.fieldProblem} role="alert">
            {problem}
          </p>
        ) : null}
        <button type="submit" className="g-button" disabled={busy}>
          {busy ? t('busy') : pages('redeem.submit')}
        </button>
      </form>
    </>
  );
}
