import type { UseFormRegisterReturn } from 'react-hook-form';

/** One option of a choice: a bare value is its own label. */
export type Option = string | { value: string | number; label: string };

/** A labelled drop-down bound to one form field (what `register` gives back). */
export function Choice({ label, options, field, className }: { label: string; options: readonly Option[]; field: UseFormRegisterReturn; className?: string }) {
  return (
    <label className={className}>
      {label}
      <select {...field}>
        {options.map((o) =>
          typeof o === 'string' ? (
            <option key={o}>{o}</option>
          ) : (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ),
        )}
      </select>
    </label>
  );
}
