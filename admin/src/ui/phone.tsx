import { usePhoneForReading } from '@grab/shared/phone-for-reading';
import { useGetIdentity } from '@refinedev/core';
import { earnerAddress, mayOpen } from '../access';
import type { Operator } from '../api/auth-provider';

/**
 * An earner's number grouped as their country writes it ("+91 98765 43210"), easier to read out on
 * a support call than the stored E.164 form; digits run left to right in any surrounding text. A
 * masked number (the review queue's "+91 97•••••412") shows as it came.
 */
export function Phone({ number }: { number: string }) {
  return <span dir="ltr">{usePhoneForReading(number)}</span>;
}

/**
 * An earner as every console screen names one: the number, then the account id. For an operator
 * whose role may open the Earners screen it links to the earner's profile there; for any other it
 * stays text, as the screen would only refuse them.
 */
export function EarnerRef({ phone, id }: { phone: string; id: number }) {
  const { data: operator } = useGetIdentity<Operator>();
  const text = (
    <>
      <Phone number={phone} /> <span>(#{id})</span>
    </>
  );
  if (!operator || !mayOpen(operator.role, 'earners')) return <span className="earner-ref">{text}</span>;
  return (
    <a className="earner-ref" href={earnerAddress(id)}>
      {text}
    </a>
  );
}
