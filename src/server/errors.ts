// The one error type services throw; the tRPC and HTTP doors map it to their status codes.
import { ZodError } from 'zod';
import { zodFieldErrors } from '#shared/field-errors';
import { messages } from '#shared/messages';

export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'UNPROCESSABLE_CONTENT'
  | 'PAYLOAD_TOO_LARGE'
  | 'TOO_MANY_REQUESTS'
  | 'INTERNAL_SERVER_ERROR'
  | 'SERVICE_UNAVAILABLE';

export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  constructor(
    public readonly code: AppErrorCode,
    message: string,
    public readonly fieldErrors?: FieldErrors,
    /** Extra machine-readable details (e.g. the stock still available for a line). */
    public readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const HTTP_STATUS: Record<AppErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNPROCESSABLE_CONTENT: 422,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

export function fromZod(error: ZodError): AppError {
  const fields = zodFieldErrors(error);
  const first = Object.values(fields)[0]?.[0];
  return new AppError('BAD_REQUEST', first ?? messages.common.invalidInput, fields);
}

export const notFound = (message: string = messages.common.notFound) => new AppError('NOT_FOUND', message);

/** Parses input with a zod schema, throwing a 400 AppError with field messages. */
export function parseInput<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: ZodError } },
  value: unknown,
): T {
  const result = schema.safeParse(value);
  if (!result.success) throw fromZod(result.error);
  return result.data;
}
