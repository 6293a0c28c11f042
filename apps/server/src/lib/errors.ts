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

/**
 * 412: the booking session is missing, unknown or expired, or its time for holding is over
 * (then with the message saying so); the client starts a new session.
 */
export class SessionExpiredError extends DomainError {
  constructor(message = 'Istunto on päättynyt.') {
    super(412, 'SESSION_EXPIRED', message);
  }
}
