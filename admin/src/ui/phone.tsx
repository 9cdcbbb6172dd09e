import { usePhoneForReading } from '@grab/shared/phone-for-reading';

/**
 * An earner's number grouped as their country writes it ("+91 98765 43210"), easier to read out on
 * a support call than the stored E.164 form; digits run left to right in any surrounding text.
 */
export function Phone({ e164 }: { e164: string }) {
  return <span dir="ltr">{usePhoneForReading(e164)}</span>;
}

/** An earner as the console's lists name one: the number, then the account id. */
export function EarnerRef({ phone, id }: { phone: string; id: number }) {
  return (
    <>
      <Phone e164={phone} /> (#{id})
    </>
  );
}
