// Maps thrown errors to JSON answers: { Message, code, errors? } with the matching status; nothing else leaks.
import { serverErrorMessages } from '#shared/messages/server-errors';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ZodError } from 'zod';
import { messages } from '#shared/messages';
import { AppError, fromZod, HTTP_STATUS } from '../errors';
import type { AppEnv } from './env';
import { describeError } from './log-safe';

export interface ErrorBody {
  Message: string;
  code: string;
  errors?: Record<string, string[]>;
  details?: Record<string, unknown>;
}

export function errorBody(err: AppError): ErrorBody {
  return {
    Message: err.message,
    code: err.code,
    ...(err.fieldErrors ? { errors: err.fieldErrors } : {}),
    ...(err.details ? { details: err.details } : {}),
  };
}

export function handleError(err: unknown, c: Context): Response {
  let app: AppError;
  if (err instanceof AppError) app = err;
  else if (err instanceof ZodError) app = fromZod(err);
  else if (err instanceof HTTPException) {
    const status = err.status;
    const code =
      status === 413
        ? 'PAYLOAD_TOO_LARGE'
        : status === 404
          ? 'NOT_FOUND'
          : status === 401
            ? 'UNAUTHORIZED'
            : 'BAD_REQUEST';
    // Hono's own exceptions carry English texts: the shopper gets the catalogue's text for the status instead.
    const message =
      status === 413
        ? serverErrorMessages.payloadTooLarge
        : status === 404
          ? messages.common.notFound
          : status === 401
            ? serverErrorMessages.unauthorized
            : messages.common.invalidInput;
    app = new AppError(code, message);
  } else if (err instanceof SyntaxError) {
    app = new AppError('BAD_REQUEST', messages.common.invalidInput);
  } else {
    const log = (c as Context<AppEnv>).var.log;
    if (log) log.error({ reqId: c.get('requestId'), err: describeError(err) }, 'request failed');
    else console.error('[error]', describeError(err));
    app = new AppError('INTERNAL_SERVER_ERROR', messages.common.serverError);
  }
  const retryAfter = app.code === 'TOO_MANY_REQUESTS' ? Number(app.details?.retryAfterSeconds) : NaN;
  if (retryAfter > 0) c.header('Retry-After', String(Math.ceil(retryAfter)));
  return c.json(errorBody(app), HTTP_STATUS[app.code] as 400);
}
