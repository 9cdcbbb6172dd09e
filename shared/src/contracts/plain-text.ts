import { z } from 'zod/mini';

/**
 * Text one person types for another to read (a payee's name, a refusal's reason): control
 * characters (a newline, a tab) become one space, and bidirectional embeddings, overrides and
 * isolates are dropped, so the operator who pays a name reads it in the order the earner typed
 * it. Joiners stay: Urdu, Bengali and Hindi spell with them.
 */
export function plainText(value: string): string {
  return value
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/[\u202A-\u202E\u2066-\u2069]/g, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** `plainText`, as the first check of a string schema. */
export const toPlainText = () => z.overwrite(plainText);
