import { toast } from '../ui/toast.ui';
import { Refused } from './api-client';

/**
 * What a form does with a failed `inline` call: a refusal whose code the form names (one about a
 * field: a phone taken, a bank no longer offered) comes back to be shown beside that field; any
 * other refusal is told in a toast; a call that never reached the server was told already.
 */
export function refusalFor<T>(error: unknown, byCode: Readonly<Partial<Record<number, T>>>): T | null {
  if (!(error instanceof Refused)) return null;
  const named = byCode[error.code];
  if (named !== undefined) return named;
  toast.danger(error.message);
  return null;
}
