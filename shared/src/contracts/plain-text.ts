import { z } from 'zod/mini';

/**
 * Text one person types for another to read (a payee's name, a refusal's reason): control
 * characters and line or paragraph separators become one space, and what changes the order or the
 * look of the text without being seen is dropped (bidirectional embeddings, overrides, isolates and
 * marks, zero-width spaces, tag characters), so the operator who pays a name reads it as the earner
 * typed it. Joiners stay: Urdu, Bengali and Hindi spell with them.
 */
export function plainText(value: string): string {
  return value
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/[\u061C\u200B\u200E\u200F\u202A-\u202E\u2066-\u2069\u{E0000}-\u{E007F}]/gu, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** True when the text shows at least one letter or digit, in any script. */
export const hasLetterOrDigit = (value: string): boolean => /[\p{L}\p{N}]/u.test(value);

/** `plainText`, as the first check of a string schema. */
export const toPlainText = () => z.overwrite(plainText);
