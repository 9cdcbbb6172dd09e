/// <reference types="@rsbuild/core/types" />
import { BackButton, formatDateTime, LoadFailed, LoadingBlocks, Link, languageByKey, PATHS, usePointsText, useQuery, useT } from '@grab/shared';
import type { DrawSetup, DrawWidget, SpinAnswer } from '@grab/shared/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { DRAW_PAGE_NS, registerDrawPageLocales } from './locales/lucky-draw.locales';
import LuckyGrid from './lucky-grid.widget';
import LuckyWheel from './lucky-wheel.widget';
import SlotMachine from './slot-machine.widget';
import { drawSetupQuery, drawStatusQuery, pendingSpinKey, requestSpin, spinRefused, spinShown } from './lucky-draw.queries';
import styles from './lucky-draw.page.module.css';

registerDrawPageLocales();

/** -1 cancels a spin back to idle (SPEC §4): what the widget is told when the server refuses. */
const CANCEL = -1;

function Widget({ kind, setup, disabled, result, onStart, onEnd }: { kind: DrawWidget; setup: DrawSetup; disabled: boolean; result: number | null; onStart(): void; onEnd(): void }) {
  const { config } = setup;
  // The page shows the prize in points below the game; the widget only tells screen readers.
  const common = { disabled, result, onStart, onEnd, quietStatus: true };
  if (kind === 'wheel') return <LuckyWheel config={{ ...config.wheel, prizes: config.prizes }} {...common} />;
  if (kind === 'grid') return <LuckyGrid config={{ ...config.grid, prizes: config.prizes }} {...common} />;
  return <SlotMachine config={{ ...config.slot, prizes: config.prizes }} {...common} />;
}

/**
 * /luckyDraw (remote_draw/LuckyDrawPage): the spins left, the day's widget, the prizes with their
 * chances, and the earner's prizes. A tap starts the animation and asks the server; the widget lands
 * on the index the server answered. Nothing here decides a prize or an amount.
 */
export default function LuckyDrawPage() {
  const { t, ready, language } = useT(DRAW_PAGE_NS);
  const points = usePointsText();
  const setup = useQuery(drawSetupQuery());
  const status = useQuery(drawStatusQuery());
  const [kind, setKind] = useState<DrawWidget | null>(null);
  const [result, setResult] = useState<number | null>(null);
  const [spinning, setSpinning] = useState(false);
  const [won, setWon] = useState<SpinAnswer | null>(null);
  const answer = useRef<SpinAnswer | null>(null);
  const titleId = useId();
  const historyId = useId();

  // A reload while a spin was under way: the same key is asked again and answered the same prize,
  // shown at once rather than spun a second time.
  useEffect(() => {
    if (!pendingSpinKey()) return;
    void requestSpin()
      .then(async (kept) => {
        if (!kept) return spinRefused();
        setWon(kept);
        await spinShown();
      })
      .catch(() => undefined);
  }, []);

  const onStart = () => {
    setWon(null);
    setSpinning(true);
    setResult(null);
    requestSpin()
      .then((spun) => {
        if (!spun) {
          spinRefused();
          setResult(CANCEL);
          setSpinning(false);
          return;
        }
        answer.current = spun;
        // A configuration changed since the page loaded: read it before landing on its index.
        if (spun.version !== setup.data?.version) void setup.refetch();
        setResult(spun.prizeIndex);
      })
      .catch(() => {
        setResult(CANCEL);
        setSpinning(false);
      });
  };

  const onEnd = () => {
    setSpinning(false);
    setResult(null);
    setWon(answer.current);
    void spinShown();
  };

  if (!ready || ((!setup.data || !status.data) && !setup.isError && !status.isError)) {
    return (
      <div className="g-page">
        <LoadingBlocks blockSize="12rem" count={2} />
      </div>
    );
  }
  if (!setup.data || !status.data) {
    return (
      <div className="g-page">
        <BackButton fallback={PATHS.home} />
        <LoadFailed message={t('error')} onRetry={() => void Promise.all([setup.refetch(), status.refetch()])} />
      </div>
    );
  }

  const data = setup.data;
  const tag = languageByKey(language).tag;
  const shown = kind ?? data.featured;
  const spinsLeft = status.data.spinsLeft;
  const totalWeight = data.config.prizes.reduce((sum, p) => sum + p.weight, 0);
  const chance = (weight: number) => `${((weight * 100) / totalWeight).toLocaleString(tag, { maximumFractionDigits: 2 })}%`;

  return (
    <div className="g-page">
      <BackButton fallback={PATHS.home} />
      <h1 id={titleId} className={styles.title}>
        {t('title')}
      </h1>

      <section className={`g-card ${styles.stage}`} aria-labelledby={titleId}>
        <p className={styles.spins} data-testid="spins-left">
          {t('spinsLeft', { count: spinsLeft })}
        </p>
        <div className={styles.widget} data-widget={shown}>
          <Widget kind={shown} setup={data} disabled={spinsLeft === 0 && !spinning} result={result} onStart={onStart} onEnd={onEnd} />
        </div>
        {won ? (
          <p className={styles.won} data-testid="draw-won">
            {t('won', { prize: points(won.amount) })}
          </p>
        ) : null}
        <fieldset className={`g-plain-fieldset ${styles.kinds}`}>
          <legend className="g-visually-hidden">{t('widgets')}</legend>
          {(['wheel', 'grid', 'slot'] as const).map((k) => (
            <button key={k} type="button" className={`g-button g-button--secondary ${styles.kind}`} aria-pressed={k === shown} disabled={spinning} onClick={() => setKind(k)}>
              {t(`widget.${k}`)}
              {k === data.featured ? ` · ${t('today')}` : ''}
            </button>
          ))}
        </fieldset>
      </section>

      {spinsLeft === 0 && !spinning ? (
        <section className={`g-card ${styles.howTo}`} data-testid="no-spins">
          <h2 className={styles.subtitle}>{t('noSpins.title')}</h2>
          <ul className={styles.rules}>
            {data.rules.dailySpins > 0 ? <li>{t('noSpins.daily', { count: data.rules.dailySpins })}</li> : null}
            {data.rules.spinsPerAuditTask > 0 ? <li>{t('noSpins.audit', { count: data.rules.spinsPerAuditTask })}</li> : null}
          </ul>
          <Link to={PATHS.home} className="g-button">
            {t('noSpins.toTasks')}
          </Link>
        </section>
      ) : null}

      <section className="g-card">
        <h2 className={styles.subtitle}>{t('prizes')}</h2>
        <ul className={styles.odds}>
          {data.config.prizes.map((prize, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a prize is its position in the configuration
            <li key={index}>
              <span>{points(prize.amount)}</span>
              <span className={styles.chance}>{chance(prize.weight)}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className="g-card" aria-labelledby={historyId}>
        <h2 id={historyId} className={styles.subtitle}>
          {t('history')}
        </h2>
        {status.data.history.length === 0 ? (
          <p className={styles.empty}>{t('noHistory')}</p>
        ) : (
          <ul className={styles.history} data-testid="draw-history">
            {status.data.history.map((spin) => (
              <li key={spin.spinId}>
                <span className={styles.amount}>{points(spin.amount, { signed: true })}</span>
                <time dateTime={spin.spunAt}>{formatDateTime(spin.spunAt, tag)}</time>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
