import type { ConsoleConfig } from '@grab/shared/contracts';
import { useCustomMutation } from '@refinedev/core';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { type Control, type FieldValues, type UseFormRegister, useForm } from 'react-hook-form';
import type { z } from 'zod/mini';
import { contractResolver } from './contract-resolver';
import { FormEnd } from './form-end';
import { refusalOf } from './operator-action';

interface SectionProps<V extends FieldValues> {
  title: string;
  url: string;
  schema: z.ZodMiniType;
  defaults: V;
  /** The form's values as the contract's input. */
  toInput: (v: V) => unknown;
  onSaved: OnSaved;
  /** The button's words, when "Save" and the title do not say what it does. */
  saveLabel?: string;
  /** What the notice says once saved, when "<title> saved." would not. */
  savedText?: string;
  children: (register: UseFormRegister<V>, control: Control<V>) => ReactNode;
}

export type OnSaved = (config: ConsoleConfig, text: string) => void;

/**
 * Sends one configuration call: the configuration it answers goes to `onSaved` with `text`, a
 * refusal stays to be shown, and `busy` is true while the call is on its way.
 */
export function useConfigCall(onSaved: OnSaved) {
  const { mutateAsync } = useCustomMutation<ConsoleConfig>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async (url: string, values: unknown, text: string) => {
    setBusy(true);
    setRefusal(null);
    try {
      const answer = await mutateAsync({ url, method: 'post', values: values as never, successNotification: false, errorNotification: false });
      onSaved(answer.data, text);
    } catch (error) {
      setRefusal(refusalOf(error));
    } finally {
      setBusy(false);
    }
  };
  return { send, refusal, busy };
}

/** One configuration form: checked by its contract's schema before it is sent, saved on its own. */
export function ConfigSection<V extends FieldValues>({ title, url, schema, defaults, toInput, onSaved, saveLabel, savedText, children }: SectionProps<V>) {
  const { send, refusal } = useConfigCall(onSaved);
  const resolver = useMemo(() => contractResolver<V>(schema, toInput), [schema, toInput]);
  const { register, control, handleSubmit, formState } = useForm<V>({ resolver, defaultValues: defaults as never });
  // Not made from the title: institutions named in other scripts ("بینک الفلاح") would all read alike.
  const id = useId();
  const problems = Object.entries(formState.errors).map(([field, e]) => `${field}: ${(e as { message?: string; root?: { message?: string } })?.message ?? (e as { root?: { message?: string } })?.root?.message ?? 'not valid'}`);
  const submit = handleSubmit((checked) => send(url, checked, savedText ?? `${title} saved.`));
  return (
    <form className="config-section" onSubmit={submit} noValidate aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children(register, control)}
      <FormEnd
        problem={problems.length > 0 ? `Not saved: ${problems.join('; ')}.` : null}
        refusal={refusal}
        busy={formState.isSubmitting}
        label={saveLabel ?? `Save ${title.charAt(0).toLowerCase()}${title.slice(1)}`}
      />
    </form>
  );
}
