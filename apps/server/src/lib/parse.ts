import type { z } from 'zod';
import { ValidationError } from './errors.ts';

/** Parses input with a shared schema; a failure is a 400 naming each bad field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown, prefix?: string): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw ValidationError.fromZod(result.error, prefix);
  return result.data;
}
