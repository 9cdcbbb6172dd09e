import { useEffect, useState } from 'react';

const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * An E.164 number as its country writes it for a reader ("+91 98765 43210"). The phone library
 * is loaded on first use, by this package's single instance, so every app that shows a number
 * shares one copy of it and none carries it on its first load; the plain number shows meanwhile.
 */
export function usePhoneForReading(e164: string): string;
export function usePhoneForReading(e164: string | undefined): string | undefined;
export function usePhoneForReading(e164: string | undefined): string | undefined {
  const [formatted, setFormatted] = useState<{ e164: string; text: string } | null>(null);
  useEffect(() => {
    // A masked number ("+91 97•••••412") or any other text cannot be grouped: no library for it.
    if (!e164 || !E164.test(e164)) return;
    let live = true;
    void import('../phone/phone').then(({ formatPhoneInternational }) => {
      if (live) setFormatted({ e164, text: formatPhoneInternational(e164) });
    });
    return () => {
      live = false;
    };
  }, [e164]);
  return formatted && formatted.e164 === e164 ? formatted.text : e164;
}
