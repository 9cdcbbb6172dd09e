import { LAST_COUNTRY_KEY, languageByKey, type LanguageKey, refusalFor, type Translate } from '@grab/shared';
import { ErrorCode } from '@grab/shared/contracts';
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { DIAL_CODES } from './countries';

/** A field name → the i18n key (common namespace) of its message. */
export type FieldErrors = Partial<Record<string, string>>;

interface SafeParser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/**
 * Runs the same contract schema the server runs; the messages are i18n keys. The first message
 * of each field wins: "please enter password" before "8 to 64 characters".
 */
export function validateWith<T>(schema: SafeParser<T>, values: unknown): { data?: T; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    if (!errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

/**
 * Server refusals that are about one field: shown under that field (key of the common namespace), not
 * in a popup that would outlive the form.
 */
const REFUSAL_FIELDS: Partial<Record<number, { field: string; key: string }>> = {
  [ErrorCode.phoneTaken]: { field: 'phone', key: 'errors.phoneTaken' },
  [ErrorCode.badCredentials]: { field: 'password', key: 'errors.badCredentials' },
  [ErrorCode.inviteCodeUnknown]: { field: 'inviteCode', key: 'errors.inviteCodeUnknown' },
  [ErrorCode.oldPasswordWrong]: { field: 'oldPassword', key: 'errors.oldPasswordWrong' },
};

/**
 * What a failed call of a form (made with `inline: true`) leaves on screen: a refusal about a field
 * becomes that field's message; any other refusal is told in a toast. Network failures were toasted
 * by the client already. Returns the field messages to show (empty when nothing is about a field).
 */
export function refusalErrors(error: unknown): FieldErrors {
  const field = refusalFor(error, REFUSAL_FIELDS);
  return field ? { [field.field]: field.key } : {};
}

/**
 * The region of the phone's own language setting, when that setting speaks the app's language:
 * "en-IN" on an Indian phone set to English says India, a better first guess than English's own
 * country (the US). English chosen on a phone set to another language ("ur-PK") takes that
 * setting's region too: English is everyone's second language here, and the US its weakest guess.
 * Only a country the sign-up takes counts.
 */
function phoneRegion(language: LanguageKey, phoneLanguages: readonly string[]): string | null {
  const spoken = languageByKey(language).tag.split('-')[0]?.toLowerCase();
  const settings = phoneLanguages.map((tag) => {
    const [base, ...subtags] = tag.split(/[-_]/);
    const region = subtags.find((part) => /^[A-Za-z]{2}$/.test(part))?.toUpperCase();
    return { base: base?.toLowerCase(), region: region && DIAL_CODES[region] !== undefined ? region : undefined };
  });
  const same = settings.find((s) => s.base === spoken && s.region)?.region;
  return same ?? (spoken === 'en' ? settings.find((s) => s.base !== 'en' && s.region)?.region : undefined) ?? null;
}

/**
 * The country of the last login or registration on this phone; else the phone's region when its
 * language setting is the app's; else the chosen language's country.
 */
export function defaultCountry(language: LanguageKey, phoneLanguages: readonly string[] = globalThis.navigator?.languages ?? []): string {
  try {
    const last = localStorage.getItem(LAST_COUNTRY_KEY);
    if (last) return last;
  } catch {
    // Storage blocked: the phone's setting or the language decides.
  }
  return phoneRegion(language, phoneLanguages) ?? languageByKey(language).country;
}

/** Kept on the phone (not a secret): the next login or registration starts from it. */
export function rememberCountry(country: string): void {
  try {
    localStorage.setItem(LAST_COUNTRY_KEY, country);
  } catch {
    // Storage blocked: the language's country stays the default.
  }
}

/**
 * The per-country phone check (libphonenumber-js), loaded on first use so its metadata stays off
 * the first load. Returns the E.164 number, or null when it is not a number of that country.
 */
export async function checkPhone(country: string, phone: string): Promise<string | null> {
  const { normalizePhone } = await import('@grab/shared/phone');
  return normalizePhone(country, phone);
}

/** Form values plus the messages shown under each field. */
export function useForm<V extends object>(initial: V) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const setValue = useCallback((name: keyof V & string, value: string) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    // The message goes once the earner changes the field; it comes back on the next submit.
    setErrors((previous) => (previous[name] ? { ...previous, [name]: undefined } : previous));
  }, []);
  return { values, setValue, errors, setErrors };
}

/** Moves focus to the first field with a message, so keyboard and screen-reader users land on it. */
export function focusFirstError(form: HTMLFormElement | null) {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

export function message(t: Translate, key: string | undefined): string | undefined {
  return key ? t(key) : undefined;
}

/**
 * The submit of a form with a phone number: the contract schema first, then the per-country phone
 * check, then `send` with the number in E.164 — or the messages, with focus on the first of them.
 */
export function usePhoneForm<V extends { country: string; phone: string }, T>(
  schema: SafeParser<T>,
  initial: V,
  send: (data: T, e164: string) => Promise<void>,
) {
  const form = useForm(initial);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const { values, setErrors } = form;
    const { data, errors: found } = validateWith(schema, values);
    let e164 = values.phone;
    if (!found.phone && !found.country) {
      const normalized = await checkPhone(values.country, values.phone);
      if (normalized) e164 = normalized;
      else found.phone = 'validation.phoneInvalid';
    }
    setErrors(found);
    if (!data || Object.values(found).some(Boolean)) {
      requestAnimationFrame(() => focusFirstError(formRef.current));
      return;
    }
    setBusy(true);
    try {
      await send(data, e164);
    } catch (error) {
      const refused = refusalErrors(error);
      if (Object.keys(refused).length > 0) {
        setErrors(refused);
        requestAnimationFrame(() => focusFirstError(formRef.current));
      }
    } finally {
      setBusy(false);
    }
  }

  return { ...form, busy, formRef, onSubmit };
}
