import { LoadFailed, LoadingBlocks, languageByKey, Refused, usePointsText, useQuery, useT } from '@grab/shared';
import { type DayStat, REPORT_MAX_DAYS_DEFAULT } from '@grab/shared/contracts';
import { useEffect, useId, useMemo, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { TEAM_NS } from '../../locales/team.locales';
import section from '../../ui/section.module.css';
import { lastDays, type Period, periodProblem, utcDay } from './report-period';
import { reportQuery } from './report.queries';
import styles from './report.module.css';

type Figure = Exclude<keyof DayStat, 'date'>;
const FIGURES: readonly Figure[] = ['registered', 'onlineUsers', 'onlinePoints', 'withdrawalUsers', 'withdrawalPoints'];
const IS_POINTS: Record<Figure, boolean> = { registered: false, onlineUsers: false, onlinePoints: true, withdrawalUsers: false, withdrawalPoints: true };

function DayFigures({ day, title }: { day: DayStat; title: string }) {
  const { t, language } = useT(TEAM_NS);
  const points = usePointsText();
  const tag = languageByKey(language).tag;
  const titleId = useId();
  // Most days of a small team are empty: one line each keeps the days with activity in sight.
  if (FIGURES.every((figure) => day[figure] === 0)) {
    return (
      <article className={`${styles.day} ${styles.quiet}`} aria-labelledby={titleId} data-testid="report-day">
        <h3 id={titleId} className={styles.dayTitle}>
          {title}
        </h3>
        <p>{t('report.quiet')}</p>
      </article>
    );
  }
  return (
    <article className={styles.day} aria-labelledby={titleId} data-testid="report-day">
      <h3 id={titleId} className={styles.dayTitle}>
        {title}
      </h3>
      <dl className={styles.figures}>
        {FIGURES.map((figure) => (
          <div key={figure} className={styles.figure}>
            <dt>{t(`report.${figure}`)}</dt>
            <dd>{IS_POINTS[figure] ? points(day[figure]) : day[figure].toLocaleString(tag)}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}

function sumOf(days: readonly DayStat[]): DayStat {
  const total: DayStat = { date: '', registered: 0, onlineUsers: 0, onlinePoints: 0, withdrawalUsers: 0, withdrawalPoints: 0 };
  for (const day of days) for (const figure of FIGURES) total[figure] += day[figure];
  return total;
}

/** The agent report: one row per day of the earner's own team, for two dates the earner picks. */
export function AgentReport() {
  const { t, language } = useT(TEAM_NS);
  const { t: common } = useT();
  const ids = { heading: useId(), start: useId(), end: useId(), message: useId() };
  const today = useMemo(() => utcDay(new Date()), []);
  const [period, setPeriod] = useState<Period>(() => lastDays(today));
  const [maxDays, setMaxDays] = useState(REPORT_MAX_DAYS_DEFAULT);
  const report = useQuery(reportQuery(period));
  const serverMax = report.data?.maxDays;
  // The server says how many days it takes; until it has, the default maximum applies.
  useEffect(() => {
    if (serverMax) setMaxDays(serverMax);
  }, [serverMax]);

  const resolver: Resolver<Period> = async (values) => {
    const problem = periodProblem(values, maxDays, today);
    if (!problem) return { values, errors: {} };
    return { values: {}, errors: { [problem.field]: { type: 'period', message: common(problem.key, problem.values) } } };
  };
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Period>({ resolver, defaultValues: period });

  const formMessage = errors.start?.message ?? errors.end?.message;
  const refusal = report.error instanceof Refused ? report.error.message : null;
  const tag = languageByKey(language).tag;
  const dayTitle = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString(tag, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const invalid = (field: keyof Period) => (errors[field] ? { 'aria-invalid': true as const } : {});
  const message = formMessage ?? refusal;

  let result: React.ReactNode = null;
  if (formMessage || refusal) result = null;
  else if (report.isError) result = <LoadFailed message={t('report.error')} onRetry={() => void report.refetch()} />;
  else if (!report.data) result = <LoadingBlocks blockSize="6rem" count={2} />;
  else {
    const days = [...report.data.days].reverse();
    result = (
      <>
        <DayFigures day={sumOf(days)} title={t('report.total', { days: days.length.toLocaleString(tag) })} />
        {days.map((day) => (
          <DayFigures key={day.date} day={day} title={day.date === today ? t('report.today', { date: dayTitle(day.date) }) : dayTitle(day.date)} />
        ))}
      </>
    );
  }

  return (
    <section className={`g-card ${section.card}`} aria-labelledby={ids.heading}>
      <h2 id={ids.heading} className={section.heading}>
        {t('report.title')}
      </h2>
      <p className={section.muted}>{t('report.intro', { n: maxDays.toLocaleString(tag) })}</p>
      <form className={styles.form} noValidate onSubmit={handleSubmit((values) => setPeriod(values))}>
        <div className={styles.dates}>
          <div className={styles.field}>
            <label htmlFor={ids.start}>{t('report.start')}</label>
            <input id={ids.start} type="date" max={today} aria-describedby={message ? ids.message : undefined} {...invalid('start')} {...register('start')} />
          </div>
          <div className={styles.field}>
            <label htmlFor={ids.end}>{t('report.end')}</label>
            <input id={ids.end} type="date" max={today} aria-describedby={message ? ids.message : undefined} {...invalid('end')} {...register('end')} />
          </div>
        </div>
        {message ? (
          <p id={ids.message} className={section.alert} role="alert">
            {message}
          </p>
        ) : null}
        <button type="submit" className="g-button">
          {t('report.search')}
        </button>
      </form>
      <div className={styles.days}>{result}</div>
    </section>
  );
}
