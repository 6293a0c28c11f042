import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { fi } from 'zod/locales';
import { ValidationError } from './errors.ts';

// zod's own messages (a list too long, a number too small, an unknown option) in Finnish,
// like the messages the domain's schemas give themselves.
z.config(fi());

/** Parses input with a shared schema; a failure is a 400 naming each bad field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown, prefix?: string): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw ValidationError.fromZod(result.error, prefix);
  return result.data;
}

/**
 * The validator of the routes' zod schemas (body, querystring): the same parse as
 * `parse` above, so a refusal is the same 400 `{ error, message, fields }`. A missing
 * body (Fastify passes null) is read as `{}`, as `parse` reads it. The parsed value
 * (defaults filled in, text cleaned) is what the handler receives.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data ?? {});
    return result.success ? { value: result.data } : { error: ValidationError.fromZod(result.error) };
  };

/** One refusal of a JSON Schema validator (Ajv, or fastify-type-provider-zod's own compiler). */
interface SchemaIssue {
  instancePath?: string;
  message?: string;
}

/**
 * A validation failure in Fastify's form (`validation`: one issue per bad field, its
 * place a JSON pointer) as the 400 `parse` answers: for a route whose schema is not
 * checked by `validatorCompiler` above (a JSON Schema, or the type provider's compiler).
 */
export function validationErrorOf(issues: readonly SchemaIssue[]): ValidationError {
  return new ValidationError(
    issues.map((issue) => ({
      path: (issue.instancePath ?? '')
        .split('/')
        .slice(1)
        .filter((part) => part !== '')
        .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
        .join('.'),
      message: issue.message ?? '',
    })),
  );
}
