/// <reference types="@rsbuild/core/types" />
import {
  assetInfoQuery,
  BackButton,
  balanceChanged,
  formatPoints,
  callMain,
  institutionBesideMethod,
  LoadFailed,
  LoadingBlocks,
  NetworkError,
  PATHS,
  PointsAmount,
  queryClient,
  randomKey,
  toast,
  useAtomValue,
  useNavigate,
  usePointsText,
  useQuery,
  userInfoAtom,
  useT,
} from '@grab/shared';
import { payWithdraw, quoteWithdrawal, type Recipient, type WithdrawOptions, type WithdrawOrder } from '@grab/shared/contracts';
import { useId, useState } from 'react';
import { registerWalletLocales, WALLET_NS } from '../../locales/wallet.locales';
import { LockNote } from '../../ui/lock-note.ui';
import { formatMinor, formatWhen } from '../pay/money';
import { payKeys, recipientQuery, withdrawalChanged, withdrawOptionsQuery } from '../pay/pay.queries';
import { keepLostTry, type LostTry, readLostTry } from './lost-try.lib';
import { RecipientForm } from './recipient-form';
import styles from './withdrawal.module.css';

registerWalletLocales();

function RecipientCard({ recipient, onChange }: { recipient: Recipient; onChange: () => void }) {
  const { t, language } = useT(WALLET_NS);
  const method = t(`withdrawal.methods.${recipient.method}`);
  const institution = institutionBesideMethod(recipient.institutionName, [method, recipient.method]);
  return (
    <div className={styles.recipient}>
      <p className={styles.recipientName}>
        {recipient.name} · {method}
      </p>
      <p className={styles.muted}>
        {/* The method is on the line above: the institution only where it names more ("HDFC Bank"). */}
        {institution ? `${institution} ` : null}
        <span dir="ltr" className={styles.account}>
          {recipient.maskedAccount}
        </span>
      </p>
      {recipient.ifsc ? (
        <p className={styles.muted}>
          IFSC <span dir="ltr">{recipient.ifsc}</span>
          {recipient.bankName ? ` · ${recipient.bankName}` : ''}
        </p>
      ) : null}
      {/* Before the cooling-off: whatever its time, this recipient cannot be paid until it is changed. */}
      {!recipient.available ? (
        <p className={styles.notice} role="status" data-testid="institution-gone">
          {t('withdrawal.institutionGone', { institution: institution ?? method })}
        </p>
      ) : recipient.coolingOffUntil ? (
        <LockNote className={styles.notice} role="status">
          {t('withdrawal.coolingOff', { time: formatWhen(recipient.coolingOffUntil, language) })}
        </LockNote>
      ) : null}
      <button type="button" className={styles.link} onClick={onChange}>
        {t('withdrawal.changeRecipient')}
      </button>
    </div>
  );
}

interface ConfirmProps {
  amount: number;
  options: WithdrawOptions;
  /** The whole balance, locked bonus included: what the earner will see on /user afterwards. */
  balance: number;
  recipient: Recipient;
  onBack: () => void;
  /**
   * Kept by the page and the tab, so that stepping back, or leaving and coming back, and confirming
   * again still sends the unanswered key.
   */
  lostTry: LostTry | null;
  onLostTry: (lost: LostTry | null) => void;
}

/** Everything the earner commits to, before anything is sent (DESIGN §2.6). */
function ConfirmStep({ amount, options, balance, recipient, onBack, lostTry, onLostTry }: ConfirmProps) {
  const { t, language } = useT(WALLET_NS);
  const points = usePointsText();
  const navigate = useNavigate();
  const quote = quoteWithdrawal(amount, options);
  const [sending, setSending] = useState(false);
  // The same amount to the same recipient is the same withdrawal until the server answers it: a
  // Confirm retried after a lost answer, even after Change and back, sends the same key and so can
  // never become a second order; the page says so. Another amount or recipient is another withdrawal.
  const unanswered = lostTry !== null && lostTry.amount === amount && lostTry.recipientId === recipient.id ? lostTry : null;
  const titleId = useId();

  async function confirm() {
    setSending(true);
    const key = unanswered?.key ?? randomKey();
    let order: WithdrawOrder | undefined;
    let lost = false;
    try {
      // A lost answer is said by the note below, beside Confirm, not by a toast over it.
      order = await callMain(payWithdraw, { amount, recipientId: recipient.id, idempotencyKey: key }, { lostInline: true });
    } catch (error) {
      // The connection dropped: Confirm again sends the same key.
      order = undefined;
      lost = error instanceof NetworkError;
    } finally {
      setSending(false);
    }
    // An answer, an order or a refusal, settles this withdrawal: the next Confirm is a new one.
    if (lost) onLostTry({ amount, recipientId: recipient.id, key });
    else if (unanswered) onLostTry(null);
    if (!order) {
      // Refused: its message was told. What it may be about (the recipient's bank switched off since
      // the page loaded) shows on the page when the earner steps back.
      if (!lost) void queryClient.invalidateQueries({ queryKey: payKeys.recipient });
      return;
    }
    void withdrawalChanged();
    void balanceChanged();
    // Raised on the orders page, where it is read: toasts go with the page they were raised on.
    navigate(PATHS.withdrawalOrders);
    toast.success(t('withdrawal.submitted'));
  }

  const rows: [string, string][] = [
    [t('withdrawal.confirmAmount'), formatMinor(amount, options.currency, options.fractionDigits, language)],
    [t('withdrawal.confirmTo'), `${recipient.institutionName} ${recipient.maskedAccount}`],
    [t('withdrawal.confirmPoints'), points(quote.points)],
    [t('withdrawal.confirmFee'), points(quote.fee)],
    [t('withdrawal.confirmTotal'), points(quote.total)],
    [t('withdrawal.confirmRemaining'), points(Math.max(0, balance - quote.total))],
  ];
  return (
    <section className={`g-card ${styles.card}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.heading}>
        {t('withdrawal.confirmTitle')}
      </h2>
      <dl className={styles.summary}>
        {rows.map(([label, value], i) => (
          <div key={label} className={i === 4 ? styles.summaryTotal : undefined}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.actions}>
        <button type="button" className="g-button" onClick={confirm} disabled={sending} aria-busy={sending}>
          {t('withdrawal.confirm')}
        </button>
        <button type="button" className="g-button g-button--secondary" onClick={onBack} disabled={sending}>
          {t('withdrawal.back')}
        </button>
      </div>
      {unanswered ? (
        <p className={styles.notice} role="status" data-testid="unanswered">
          {t('withdrawal.unanswered')}
        </p>
      ) : null}
    </section>
  );
}

/** /withdrawal: amount, method and recipient, then a confirm step (remote_wallet/WithdrawalPage). */
export default function WithdrawalPage() {
  const { t, language, ready } = useT(WALLET_NS);
  const points = usePointsText();
  const user = useAtomValue(userInfoAtom);
  const options = useQuery(withdrawOptionsQuery());
  const asset = useQuery(assetInfoQuery());
  const recipient = useQuery(recipientQuery());
  const [amount, setAmount] = useState<number | null>(null);
  const [amountMissing, setAmountMissing] = useState(false);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [lostTry, setLostTry] = useState<LostTry | null>(() => readLostTry(user?.id));
  const amountId = useId();
  const recipientId = useId();

  const header = (
    <>
      <BackButton fallback={PATHS.user} />
      <h1 className={styles.title}>{ready ? t('withdrawal.title') : ''}</h1>
    </>
  );
  const loading = !ready || options.isPending || asset.isPending || recipient.isPending;
  if (options.isError || asset.isError || recipient.isError) {
    return (
      <div className="g-page">
        {header}
        <LoadFailed
          message={t('withdrawal.error')}
          onRetry={() => {
            void options.refetch();
            void asset.refetch();
            void recipient.refetch();
          }}
        />
      </div>
    );
  }
  if (loading || !options.data || !asset.data || recipient.data === undefined) {
    return (
      <div className="g-page">
        {header}
        <LoadingBlocks blockSize="12rem" />
      </div>
    );
  }

  const o = options.data;
  const a = asset.data;
  const saved = recipient.data;
  const quote = amount === null ? null : quoteWithdrawal(amount, o);
  const short = quote ? quote.total - a.withdrawable : 0;
  const limitReached = o.usedTodayCount >= o.dailyCount;

  function onLostTry(lost: LostTry | null) {
    setLostTry(lost);
    keepLostTry(user?.id, lost);
  }

  if (confirming && amount !== null && saved) {
    return (
      <div className="g-page">
        {header}
        <ConfirmStep amount={amount} options={o} balance={a.balance} recipient={saved} onBack={() => setConfirming(false)} lostTry={lostTry} onLostTry={onLostTry} />
      </div>
    );
  }

  function next() {
    if (amount === null) {
      setAmountMissing(true);
      document.getElementById(amountId)?.focus();
      return;
    }
    setConfirming(true);
  }

  const blocked = !saved || editing || !saved.available || Boolean(saved.coolingOffUntil) || short > 0 || limitReached;

  return (
    <div className="g-page">
      {header}
      <section className={`g-card ${styles.card}`}>
        <dl className="g-figures">
          <div className="g-figure">
            <dt>{t('withdrawable')}</dt>
            <dd data-testid="withdrawable">
              <PointsAmount hundredths={a.withdrawable} />
            </dd>
          </div>
          <div className="g-figure">
            <dt>{t('pending')}</dt>
            <dd>
              <PointsAmount hundredths={a.pending} />
            </dd>
          </div>
        </dl>
        {a.pending > 0 ? <p className={styles.muted}>{t('pendingHint')}</p> : null}
        {a.locked > 0 ? (
          <LockNote className={styles.notice}>{t(`locked.${a.lockedReason ?? 'other'}`, { points: points(a.locked) })}</LockNote>
        ) : null}
      </section>

      <section className={`g-card ${styles.card}`}>
        <fieldset className={styles.amounts} aria-describedby={amountMissing ? `${amountId}-error` : undefined}>
          <legend className={styles.heading} id={amountId} tabIndex={-1}>
            {t('withdrawal.amount', { currency: o.currency })}
          </legend>
          <div className={styles.presets}>
            {o.presets.map((preset) => {
              const cost = quoteWithdrawal(preset, o).total;
              const costId = `${amountId}-cost-${preset}`;
              return (
                <label key={preset} className={styles.preset} data-short={cost > a.withdrawable ? true : undefined}>
                  <input
                    type="radio"
                    name="amount"
                    value={preset}
                    checked={amount === preset}
                    aria-describedby={costId}
                    onChange={() => {
                      setAmount(preset);
                      setAmountMissing(false);
                    }}
                  />
                  <span>
                    <span dir="ltr">{formatMinor(preset, o.currency, o.fractionDigits, language)}</span>
                    {/* Out of the radio's name (its amount), read as its description. */}
                    <span id={costId} className={styles.presetCost} aria-hidden="true">
                      {points(cost)}
                    </span>
                  </span>
                </label>
              );
            })}
          </div>
          {amountMissing ? (
            <p className={styles.fieldError} id={`${amountId}-error`} role="alert">
              {t('withdrawal.selectAmount')}
            </p>
          ) : null}
        </fieldset>
        {quote ? (
          <p className={styles.quote} data-testid="quote">
            {t('withdrawal.quote', { points: points(quote.points), fee: points(quote.fee), total: points(quote.total) })}
          </p>
        ) : null}
        {short > 0 ? (
          <p className={styles.shortfall} role="status" data-testid="shortfall">
            {t('withdrawal.needMore', { points: formatPoints(short, language) })}
          </p>
        ) : null}
        <p className={styles.muted}>
          {t('withdrawal.limits', { used: o.usedTodayCount, count: o.dailyCount, fee: (o.feeBps / 100).toString(), min: points(o.feeMinPoints) })}
        </p>
      </section>

      <section className={`g-card ${styles.card}`} aria-labelledby={recipientId}>
        <h2 id={recipientId} className={styles.heading}>
          {t('withdrawal.recipient')}
        </h2>
        {saved && !editing ? (
          <RecipientCard recipient={saved} onChange={() => setEditing(true)} />
        ) : o.methods.length === 0 ? (
          <p className={styles.notice} role="status" data-testid="no-methods">
            {t('withdrawal.noMethods')}
          </p>
        ) : (
          <RecipientForm country={user?.country ?? 'IN'} methods={o.methods} current={saved} onDone={() => setEditing(false)} />
        )}
      </section>

      <button type="button" className={`g-button ${styles.submit}`} onClick={next} disabled={blocked}>
        {t('withdrawal.submit')}
      </button>
      {limitReached ? <p className={styles.muted}>{t('withdrawal.limitReached')}</p> : null}
    </div>
  );
}
