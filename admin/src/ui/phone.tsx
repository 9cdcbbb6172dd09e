import { usePhoneForReading } from '@grab/shared/phone-for-reading';

/**
 * An earner's number grouped as their country writes it ("+91 98765 43210"), easier to read out on
 * a support call than the stored E.164 form; digits run left to right in any surrounding text. A
 * masked number (the review queue's "+91 97•••••412") shows as it came.
 */
export function Phone({ number }: { number: string }) {
  return <span dir="ltr">{usePhoneForReading(number)}</span>;
}

/** An earner as the console's lists name one: the number, then the account id. */
export function EarnerRef({ phone, id }: { phone: string; id: number }) {
  return (
    <>
      <Phone number={phone} /> (#{id})
    </>
  );
}
