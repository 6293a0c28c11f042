import type { ZodError } from 'zod';

export interface FieldError {
  path: string;
  message: string;
}

/** A failure the client caused or must know about, with a stable code and HTTP status. */
export class DomainError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: FieldError[] = [],
  ) {
    super(message);
  }
}

export class ValidationError extends DomainError {
  constructor(fields: FieldError[]) {
    super(400, 'VALIDATION', `Virheellinen syöte: ${fields.map((f) => f.path || '(body)').join(', ')}`, fields);
  }
  static fromZod(err: ZodError, prefix?: string): ValidationError {
    return new ValidationError(
      err.issues.map((i) => ({
        path: [prefix, ...i.path.map(String)].filter((p) => p !== undefined && p !== '').join('.'),
        message: i.message,
      })),
    );
  }
}

export const badRequest = (path: string, message: string) => new ValidationError([{ path, message }]);

export class SessionExpiredError extends DomainError {
  constructor() {
    super(412, 'SESSION_EXPIRED', 'Istunto on päättynyt.');
  }
}
