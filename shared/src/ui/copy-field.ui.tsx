import { useEffect, useState } from 'react';
import { shortLinkParts } from '../format/short-link';
import { useT } from '../i18n/i18n';
import { copyText } from './copy-text';
import { toast } from './toast.ui';

/** How long Copy says "Copied" before it offers itself again. */
export const COPIED_MS = 2_000;

/**
 * A value to copy (an invitation code or link) under its label, with Copy: the button itself says
 * "Copied" where the earner is looking; only a failure needs a toast. A `link` is shown short, the
 * host (cut with an ellipsis first on a narrow screen) and the code at its end never cut, so it never
 * breaks mid-word; the whole link is what is copied. Styles: `.g-copy-*` in theme.css.
 */
export function CopyField({ label, value, copyLabel, link = false }: { label: string; value: string; copyLabel: string; link?: boolean }) {
  const { t } = useT();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const { head, tail } = link ? shortLinkParts(value) : { head: '', tail: value };

  async function copy() {
    if (await copyText(value)) setCopied(true);
    else toast.danger(t('common.copyFailed'));
  }

  return (
    <fieldset className="g-copy-field">
      <legend className="g-copy-label">{label}</legend>
      <div className="g-copy-row">
        {/* Codes and links read left to right even on an Urdu page. */}
        <span className="g-copy-value" dir="ltr">
          {head ? <span className="g-copy-head">{head}</span> : null}
          {tail ? <span className="g-copy-tail">{tail}</span> : null}
        </span>
        <button type="button" className="g-copy-button" aria-label={copyLabel} data-copied={copied} onClick={copy}>
          {copied ? t('common.copied') : t('common.copy')}
        </button>
        <span className="g-visually-hidden" role="status">
          {copied ? t('common.copied') : ''}
        </span>
      </div>
    </fieldset>
  );
}
