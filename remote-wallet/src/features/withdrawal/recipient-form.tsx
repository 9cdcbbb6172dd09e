import { callMain, queryClient, refusalFor, useQuery, useT } from '@grab/shared';
import { ErrorCode, type PaymentMethod, type Recipient, type RecipientInput, recipientRules, userRecipientSave } from '@grab/shared/contracts';
import { useEffect, useId, useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { WALLET_NS } from '../../locales/wallet.locales';
import { institutionsQuery, payKeys } from '../pay/pay.queries';
import styles from './withdrawal.module.css';

type IsPhone = (country: string, phone: string) => boolean;

/** The one refusal about a field of this form: the institution chosen is no longer offered. */
const UNDER_THE_LIST = { [ErrorCode.institutionUnavailable]: true } as const;

/**
 * The contract's own check as the form's resolver: the same rules, per country, that the server
 * applies before saving. Messages are i18n keys of the common namespace.
 */
function contractResolver(country: string, isPhone: IsPhone | null): Resolver<RecipientInput> {
  // Until the phone metadata has arrived, wallet numbers are left to the server's check.
  const rules = recipientRules(country, isPhone ?? (() => true));
  return async (values) => {
    const parsed = rules.safeParse(values);
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: FieldErrors<RecipientInput> = {};
    for (const issue of parsed.error.issues) {
      const field = (issue.path[0] ?? 'account') as keyof RecipientInput;
      if (!errors[field]) errors[field] = { type: 'contract', message: issue.message };
    }
    return { values: {}, errors };
  };
}

function useIsPhone(): IsPhone | null {
  const [isPhone, setIsPhone] = useState<IsPhone | null>(null);
  useEffect(() => {
    let live = true;
    // ~40 KB of phone metadata, fetched only when someone edits a recipient.
    void import('@grab/shared/phone').then((m) => {
      if (live) setIsPhone(() => (country: string, phone: string) => m.normalizePhone(country, phone) !== null);
    });
    return () => {
      live = false;
    };
  }, []);
  return isPhone;
}

interface Props {
  country: string;
  methods: readonly PaymentMethod[];
  current: Recipient | null;
  onDone: () => void;
}

/** Add or change the one recipient: bank (with IFSC in India), UPI (India) or wallet. */
export function RecipientForm({ country, methods, current, onDone }: Props) {
  const { t } = useT(WALLET_NS);
  const { t: common } = useT();
  const isPhone = useIsPhone();
  const ids = { method: useId(), institution: useId(), name: useId(), account: useId(), ifsc: useId() };
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<RecipientInput>({
    resolver: contractResolver(country, isPhone),
    mode: 'onTouched',
    // The form's own order, not the order fields registered in: the list of banks arrives after
    // the name and number are registered, and the earner should land on the first message.
    shouldFocusError: false,
    // The saved recipient's method and institution, while they are still offered.
    defaultValues: {
      method: current && methods.includes(current.method) ? current.method : (methods[0] ?? 'bank'),
      institutionId: current && methods.includes(current.method) && current.available ? current.institutionId : 0,
      name: current?.name ?? '',
      account: '',
      ifsc: current?.ifsc ?? '',
    },
  });
  const method = watch('method');
  const institutions = useQuery(institutionsQuery(method));
  const list = institutions.data ?? [];
  const showIfsc = method === 'bank' && country === 'IN';

  // A bank number is no UPI ID: another method starts its own fields afresh, without the last one's
  // errors. The name stays: it is the same person's.
  const methodField = register('method', {
    onChange: () => {
      setValue('account', '');
      setValue('ifsc', '');
      clearErrors(['account', 'ifsc', 'institutionId']);
    },
  });

  // One institution (UPI) needs no choosing; a method change clears a choice from another list.
  useEffect(() => {
    const chosen = watch('institutionId');
    if (list.length === 1 && list[0]) setValue('institutionId', list[0].id);
    else if (chosen && !list.some((i) => i.id === chosen)) setValue('institutionId', 0);
  }, [list, setValue, watch]);

  function focusFirstProblem(invalid: FieldErrors<RecipientInput>) {
    const order = [
      ['institutionId', ids.institution],
      ['name', ids.name],
      ['account', ids.account],
      ['ifsc', ids.ifsc],
    ] as const;
    for (const [field, id] of order) {
      const element = invalid[field] ? document.getElementById(id) : null;
      if (element) {
        element.focus();
        return;
      }
    }
  }

  /**
   * An institution the operator took off the list after this page loaded is refused by the server:
   * the message goes under the list it is about, the list (and the saved recipient) is fetched
   * again, and focus lands there. Any other refusal is a toast; a dropped connection has been told already.
   */
  function refused(error: unknown) {
    if (!refusalFor(error, UNDER_THE_LIST)) return;
    setError('institutionId', { type: 'server', message: `errors.${method}Unavailable` });
    void queryClient.invalidateQueries({ queryKey: payKeys.institutions(method) });
    // The saved recipient may be of the same institution: its card then says so behind Cancel.
    void queryClient.invalidateQueries({ queryKey: payKeys.recipient });
    requestAnimationFrame(() => document.getElementById(ids.institution)?.focus());
  }

  async function save(values: RecipientInput) {
    // The form stays as typed whatever went wrong.
    const saved = await callMain(userRecipientSave, { ...values, ifsc: showIfsc ? values.ifsc : undefined }, { inline: true }).catch(refused);
    if (!saved) return;
    queryClient.setQueryData(payKeys.recipient, saved);
    void queryClient.invalidateQueries({ queryKey: payKeys.options });
    onDone();
  }

  const error = (field: keyof RecipientInput) => {
    const message = errors[field]?.message;
    if (!message) return null;
    return (
      <p className={styles.fieldError} id={`${ids[field === 'institutionId' ? 'institution' : field]}-error`} role="alert">
        {missingFor(field, message) ?? common(message)}
      </p>
    );
  };
  // The contract says "bank number" and "card name" (SPEC §5) whatever the method: beside a UPI ID
  // or a wallet's phone number, the missing field is named as its label names it.
  const missingFor = (field: keyof RecipientInput, message: string): string | null => {
    if (field === 'institutionId' && message === 'validation.institutionRequired' && method !== 'upi') return t(`withdrawal.missing.institution.${method}`);
    if (method === 'bank') return null;
    if (field === 'name' && message === 'validation.cardNameRequired') return t(`withdrawal.missing.name.${method}`);
    if (field === 'account' && message === 'validation.bankNumberRequired') return t(`withdrawal.missing.account.${method}`);
    return null;
  };
  const described = (field: keyof RecipientInput, id: string) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {});

  return (
    <form className={styles.form} onSubmit={handleSubmit(save, focusFirstProblem)} noValidate>
      <fieldset className={styles.methods}>
        <legend className={styles.label}>{t('withdrawal.method')}</legend>
        {methods.map((m) => (
          <label key={m} className={styles.chip}>
            <input type="radio" value={m} {...methodField} />
            <span>{t(`withdrawal.methods.${m}`)}</span>
          </label>
        ))}
      </fieldset>

      {/* With one institution there is no list to choose from: its message still needs a place. */}
      {list.length <= 1 ? error('institutionId') : null}
      {list.length > 1 ? (
        <div className={styles.field}>
          <label className={styles.label} htmlFor={ids.institution}>
            {t(`withdrawal.institution.${method}`)}
          </label>
          <select id={ids.institution} className={styles.input} {...register('institutionId', { setValueAs: Number })} {...described('institutionId', ids.institution)}>
            <option value={0}>{t('withdrawal.choose')}</option>
            {list.map((i) => (
              <option key={i.id} value={i.id}>
                {i.name}
              </option>
            ))}
          </select>
          {error('institutionId')}
        </div>
      ) : null}

      <div className={styles.field}>
        <label className={styles.label} htmlFor={ids.name}>
          {t(`withdrawal.name.${method}`)}
        </label>
        <input id={ids.name} className={styles.input} autoComplete="name" {...register('name')} {...described('name', ids.name)} />
        {error('name')}
      </div>

      <div className={styles.field}>
        <label className={styles.label} htmlFor={ids.account}>
          {t(`withdrawal.account.${method}`)}
        </label>
        <input
          id={ids.account}
          className={styles.input}
          dir="ltr"
          inputMode={method === 'upi' ? 'email' : method === 'wallet' ? 'tel' : 'numeric'}
          autoComplete="off"
          placeholder={current && current.method === method ? current.maskedAccount : undefined}
          {...register('account')}
          {...described('account', ids.account)}
        />
        {error('account')}
      </div>

      {showIfsc ? (
        <div className={styles.field}>
          <label className={styles.label} htmlFor={ids.ifsc}>
            {t('withdrawal.ifsc')}
          </label>
          <input
            id={ids.ifsc}
            className={styles.input}
            dir="ltr"
            autoCapitalize="characters"
            maxLength={11}
            placeholder="ABCD0123456"
            {...register('ifsc')}
            {...described('ifsc', ids.ifsc)}
          />
          <p className={styles.hint}>{t('withdrawal.ifscHint')}</p>
          {error('ifsc')}
        </div>
      ) : null}

      <div className={styles.actions}>
        {/* The method's institutions decide what is sent (UPI has one, chosen for the earner): a tap
            before they arrive on slow data would send none and fail with nowhere to say so. */}
        <button type="submit" className="g-button" disabled={isSubmitting || institutions.isPending} aria-busy={institutions.isPending || undefined}>
          {t('withdrawal.saveRecipient')}
        </button>
        {current ? (
          <button type="button" className="g-button g-button--secondary" onClick={onDone}>
            {common('common.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
