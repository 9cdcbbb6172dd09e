import styles from './tabs.module.css';

interface Option<V extends string> {
  value: V;
  label: string;
}

/**
 * A row of filter buttons (order tabs, earning kinds). Buttons with `aria-pressed` rather than an
 * ARIA tablist: each press loads a different list, and the list below is the only panel.
 */
export function Tabs<V extends string>({ label, options, value, onChange }: { label: string; options: Option<V>[]; value: V; onChange: (value: V) => void }) {
  return (
    <fieldset className={`g-plain-fieldset ${styles.tabs}`}>
      <legend className="g-visually-hidden">{label}</legend>
      {options.map((option) => (
        <button key={option.value} type="button" className={styles.tab} aria-pressed={option.value === value} onClick={() => onChange(option.value)}>
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}
