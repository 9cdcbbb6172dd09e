import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod/mini';

/**
 * A react-hook-form resolver that checks what will be sent: the form's values turned into the
 * contract's input, by the contract's own schema, the one the server checks again. What passes is
 * handed to the submit handler as that input (points already in hundredths, dates as instants).
 */
export function contractResolver<V extends FieldValues>(schema: z.ZodMiniType, toInput: (values: V) => unknown): Resolver<V> {
  const check = zodResolver(schema as never);
  return ((values: V, context: unknown, options: unknown) => check(toInput(values) as never, context, options as never)) as unknown as Resolver<V>;
}
