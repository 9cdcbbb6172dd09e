import {
  type ConsoleConfig,
  CurrencyRateInput,
  configCurrency,
  configDraw,
  configLevels,
  configRebates,
  configSettings,
  configView,
  configWithdraw,
  DrawPrizesInput,
  LevelThresholdsInput,
  OperatorSettings,
  RebateRatesInput,
  WithdrawRulesInput,
} from '@grab/shared/contracts';
import { countriesPaidIn } from '@grab/shared/countries';
import { useCustom } from '@refinedev/core';
import { useRef, useState } from 'react';
import { type Control, type UseFormRegister, useFieldArray } from 'react-hook-form';
import { ConfigSection as Section } from '../ui/config-section';
import { focusIfLost, Notice } from '../ui/operator-action';
import { PayoutInstitutions } from './PayoutInstitutions';

/** Points typed with decimals, sent as hundredths. */
const hundredths = (v: unknown) => Math.round(Number(v) * 100);
const whole = (v: unknown) => (String(v).trim() === '' ? Number.NaN : Number(v));

interface SettingsValues {
  title: string;
  fbPixelId: string;
  messagingDailyCap: number;
  reviewDeadlineMinutes: number;
}
interface RateValues {
  code: string;
  microsPerPoint: number;
  fractionDigits: number;
}
interface WithdrawValues {
  currency: string;
  presets: string;
  minAmount: number;
  feeBps: number;
  feeMinPoints: number;
  dailyCount: number;
  dailyAmount: number;
  approvalAbove: number;
}
interface LevelValues {
  levels: { level: number; minTaskPoints: number; minActiveInvitees: number }[];
}
interface RebateValues {
  rates: { bps: string }[];
}
interface DrawValues {
  prizes: { amount: number; weight: number }[];
  dailySpins: number;
  spinsPerAuditTask: number;
}

const settingsInput = (v: SettingsValues) => ({
  title: v.title,
  fbPixelId: v.fbPixelId.trim() === '' ? null : v.fbPixelId.trim(),
  messagingDailyCap: hundredths(v.messagingDailyCap),
  reviewDeadlineMinutes: whole(v.reviewDeadlineMinutes),
});
/** Who a rate reaches: the earners whose phone country pays in that currency. */
function paidInText(code: string): string {
  const countries = countriesPaidIn(code, 'en');
  return countries.length > 0 ? `Paid to numbers of ${countries.join(', ')}` : 'No sign-up country is paid in it';
}

const rateInput = (v: RateValues) => ({ code: v.code, microsPerPoint: whole(v.microsPerPoint), fractionDigits: whole(v.fractionDigits) });
const withdrawInput = (v: WithdrawValues) => ({
  currency: v.currency,
  presets: v.presets
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .map(Number),
  minAmount: whole(v.minAmount),
  feeBps: whole(v.feeBps),
  feeMinPoints: hundredths(v.feeMinPoints),
  dailyCount: whole(v.dailyCount),
  dailyAmount: whole(v.dailyAmount),
  approvalAbove: whole(v.approvalAbove),
});
const levelInput = (v: LevelValues) => ({ levels: v.levels.map((l) => ({ level: Number(l.level), minTaskPoints: hundredths(l.minTaskPoints), minActiveInvitees: whole(l.minActiveInvitees) })) });
// Empty depths at the end pay nothing: the chain stops at the first one left empty.
const rebateInput = (v: RebateValues) => {
  const rates = v.rates.map((r) => String(r.bps).trim());
  const last = rates.indexOf('');
  return { rates: (last === -1 ? rates : rates.slice(0, last)).map(Number) };
};
const drawInput = (v: DrawValues) => ({
  prizes: v.prizes.map((p) => ({ amount: hundredths(p.amount), weight: whole(p.weight) })),
  dailySpins: whole(v.dailySpins),
  spinsPerAuditTask: whole(v.spinsPerAuditTask),
});

function Levels({ register, control }: { register: UseFormRegister<LevelValues>; control: Control<LevelValues> }) {
  const rows = useFieldArray({ control, name: 'levels' });
  return (
    <table className="config-table">
      <thead>
        <tr>
          <th scope="col">Level</th>
          <th scope="col">Lifetime task points</th>
          <th scope="col">Active direct invitees</th>
        </tr>
      </thead>
      <tbody>
        {rows.fields.map((f, i) => (
          <tr key={f.id}>
            <th scope="row">LV{i + 1}</th>
            <td>
              <input aria-label={`LV${i + 1} lifetime task points`} type="number" step="0.01" min="0" {...register(`levels.${i}.minTaskPoints`)} />
            </td>
            <td>
              <input aria-label={`LV${i + 1} active direct invitees`} type="number" min="0" {...register(`levels.${i}.minActiveInvitees`)} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The operator's configuration (admins only): product title and ad pixel, messaging cap and review
 * deadline, currencies and rates, withdrawal rules, the institutions earners are paid through,
 * level thresholds, referral rates by depth, and the draw's prizes and weights. Every form is
 * checked by the contract's schema here and again on the server, and every change is in the audit
 * log.
 */
export function Configuration() {
  const { result, query } = useCustom<ConsoleConfig>({ url: configView.path, method: 'get' });
  const [config, setConfig] = useState<ConsoleConfig | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [currency, setCurrency] = useState<string | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const shown = config ?? result?.data ?? null;
  if (query.error) return <p className="error">{query.error.message}</p>;
  if (!shown?.currencies) return <p className="loading">Loading the configuration…</p>;
  const saved = (next: ConsoleConfig, text: string) => {
    setConfig(next);
    setMessage(text);
    // The saved form is drawn again with its new values, so its button (and the focus) is gone;
    // the notice it goes to stays in sight however far down the page the form was.
    focusIfLost(noticeRef);
  };
  const rules = shown.withdraw.find((w) => w.currency === (currency ?? shown.withdraw[0]?.currency));
  return (
    <section aria-labelledby="config-title">
      <h1 id="config-title">Configuration</h1>
      <div className="sticky-notice">
        <Notice message={message} noticeRef={noticeRef} />
      </div>
      <div className="config-grid">
        <Section<SettingsValues>
          key={`settings:${JSON.stringify(shown.settings)}`}
          title="Product and reviews"
          url={configSettings.path}
          schema={OperatorSettings}
          defaults={{ ...shown.settings, fbPixelId: shown.settings.fbPixelId ?? '', messagingDailyCap: shown.settings.messagingDailyCap / 100 }}
          toInput={settingsInput}
          onSaved={saved}
        >
          {(register) => (
            <div className="grid">
              <label>
                Product title
                <input {...register('title')} maxLength={40} />
              </label>
              <label>
                Ad pixel id (empty: no pixel)
                <input {...register('fbPixelId')} inputMode="numeric" />
              </label>
              <label>
                Messaging points a day (cap)
                <input type="number" step="0.01" min="0" {...register('messagingDailyCap')} />
              </label>
              <label>
                Review deadline (minutes; new submissions)
                <input type="number" min="1" {...register('reviewDeadlineMinutes')} />
              </label>
            </div>
          )}
        </Section>
        <div className="config-section">
          <h2>Currencies and rates</h2>
          <p>What one point is worth, in millionths of the currency (1000 = 0.001 per point).</p>
          {shown.currencies
            .filter((c, i, all) => all.findIndex((o) => o.code === c.code) === i)
            .map((c) => (
            <Section<RateValues>
              key={`${c.code}:${c.microsPerPoint}:${c.fractionDigits}`}
              title={`Rate ${c.code}`}
              url={configCurrency.path}
              schema={CurrencyRateInput}
              defaults={{ code: c.code, microsPerPoint: c.microsPerPoint, fractionDigits: c.fractionDigits }}
              toInput={rateInput}
              onSaved={saved}
            >
              {(register) => (
                <div className="inline-fields">
                  {/* An earner is paid in their phone country's currency, whatever language they read. */}
                  <span className="paid-in" data-testid={`paid-in-${c.code}`}>
                    {paidInText(c.code)}
                  </span>
                  <label>
                    Millionths per point
                    <input type="number" min="1" {...register('microsPerPoint')} />
                  </label>
                  <label>
                    Decimals shown
                    <input type="number" min="0" max="3" {...register('fractionDigits')} />
                  </label>
                </div>
              )}
            </Section>
          ))}
        </div>
        {rules && (
          <div className="config-section">
            <label className="filter">
              Withdrawal rules of
              <select value={rules.currency} onChange={(e) => setCurrency(e.target.value)}>
                {shown.withdraw.map((w) => (
                  <option key={w.currency}>{w.currency}</option>
                ))}
              </select>
            </label>
            <Section<WithdrawValues>
              key={JSON.stringify(rules)}
              title={`Withdrawals ${rules.currency}`}
              url={configWithdraw.path}
              schema={WithdrawRulesInput}
              defaults={{ ...rules, presets: rules.presets.join(', '), feeMinPoints: rules.feeMinPoints / 100 }}
              toInput={withdrawInput}
              onSaved={saved}
            >
              {(register) => (
                <div className="grid">
                  <label className="wide">
                    Presets (minor units, comma-separated)
                    <input {...register('presets')} />
                  </label>
                  <label>
                    Minimum (minor units)
                    <input type="number" min="1" {...register('minAmount')} />
                  </label>
                  <label>
                    Fee (basis points, 100 = 1 %)
                    <input type="number" min="0" max="5000" {...register('feeBps')} />
                  </label>
                  <label>
                    Least fee (points)
                    <input type="number" step="0.01" min="0" {...register('feeMinPoints')} />
                  </label>
                  <label>
                    Withdrawals a day
                    <input type="number" min="1" {...register('dailyCount')} />
                  </label>
                  <label>
                    Amount a day (minor units)
                    <input type="number" min="1" {...register('dailyAmount')} />
                  </label>
                  <label>
                    Approval above (minor units)
                    <input type="number" min="0" {...register('approvalAbove')} />
                  </label>
                </div>
              )}
            </Section>
          </div>
        )}
        <PayoutInstitutions institutions={shown.institutions} onSaved={saved} />
        <Section<LevelValues>
          key={`levels:${JSON.stringify(shown.levels)}`}
          title="Level thresholds"
          url={configLevels.path}
          schema={LevelThresholdsInput}
          defaults={{ levels: shown.levels.map((l) => ({ ...l, minTaskPoints: l.minTaskPoints / 100 })) }}
          toInput={levelInput}
          onSaved={saved}
        >
          {(register, control) => <Levels register={register} control={control} />}
        </Section>
        <Section<RebateValues>
          key={`rebates:${shown.rebates.join()}`}
          title="Referral rates"
          url={configRebates.path}
          schema={RebateRatesInput}
          defaults={{ rates: [0, 1, 2, 3, 4].map((i) => ({ bps: shown.rebates[i] === undefined ? '' : String(shown.rebates[i]) })) }}
          toInput={rebateInput}
          onSaved={saved}
        >
          {(register) => (
            <>
              <p>Basis points of a task reward for the upline at each depth (100 = 1 %). Leave a depth empty to stop the chain there.</p>
              <div className="inline-fields">
                {[1, 2, 3, 4, 5].map((depth) => (
                  <label key={depth}>
                    Depth {depth}
                    <input type="number" min="0" max="2000" {...register(`rates.${depth - 1}.bps`)} />
                  </label>
                ))}
              </div>
            </>
          )}
        </Section>
        {shown.draw && (
          <Section<DrawValues>
            key={`draw:${shown.draw.version}`}
            title="Draw prizes"
            url={configDraw.path}
            schema={DrawPrizesInput}
            defaults={{ prizes: shown.draw.prizes.map((p) => ({ amount: p.amount / 100, weight: p.weight })), dailySpins: shown.draw.dailySpins, spinsPerAuditTask: shown.draw.spinsPerAuditTask }}
            toInput={drawInput}
            onSaved={saved}
          >
            {(register) => (
              <>
                <p>Each prize's points and weight (its chance against the others'; 0 shows it but never picks it). Version {shown.draw?.version}.</p>
                <div className="inline-fields">
                  {shown.draw?.prizes.map((_, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: prizes are identified by their place in the configuration
                    <fieldset key={i} className="prize">
                      <legend>Prize {i + 1}</legend>
                      <label>
                        Points
                        <input type="number" step="0.01" min="0.01" {...register(`prizes.${i}.amount`)} />
                      </label>
                      <label>
                        Weight
                        <input type="number" min="0" {...register(`prizes.${i}.weight`)} />
                      </label>
                    </fieldset>
                  ))}
                </div>
                <div className="inline-fields">
                  <label>
                    Spins a day
                    <input type="number" min="0" max="100" {...register('dailySpins')} />
                  </label>
                  <label>
                    Spins per approved audit task
                    <input type="number" min="0" max="100" {...register('spinsPerAuditTask')} />
                  </label>
                </div>
              </>
            )}
          </Section>
        )}
      </div>
    </section>
  );
}
