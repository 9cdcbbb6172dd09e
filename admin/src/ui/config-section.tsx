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
  onSaved: (config: ConsoleConfig, text: string) => void;
  /** The button's words, when "Save" and the title do not say what it does. */
  saveLabel?: string;
  /** What the notice says once saved, when "<title> saved." would not. */
  savedText?: string;
  children: (register: UseFormRegister<V>, control: Control<V>) => ReactNode;
}

/** One configuration form: checked by its contract's schema before it is sent, saved on its own. */
export function ConfigSection<V extends FieldValues>({ title, url, schema, defaults, toInput, onSaved, saveLabel, savedText, children }: SectionProps<V>) {
  const { mutateAsync } = useCustomMutation<ConsoleConfig>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const resolver = useMemo(() => contractResolver<V>(schema, toInput), [schema, toInput]);
  const { register, control, handleSubmit, formState } = useForm<V>({ resolver, defaultValues: defaults as never });
  // Not made from the title: institutions named in other scripts ("بینک الفلاح") would all read alike.
  const id = useId();
  const problems = Object.entries(formState.errors).map(([field, e]) => `${field}: ${(e as { message?: string; root?: { message?: string } })?.message ?? (e as { root?: { message?: string } })?.root?.message ?? 'not valid'}`);
  const submit = handleSubmit(async (checked) => {
    setRefusal(null);
    try {
      const answer = await mutateAsync({ url, method: 'post', values: checked as never, successNotification: false, errorNotification: false });
      onSaved(answer.data, savedText ?? `${title} saved.`);
    } catch (error) {
      setRefusal(refusalOf(error));
    }
  });
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
