// tRPC setup: superjson, AppError/ZodError mapping to field messages, and role-checked procedures.
import { serverErrorMessages } from '#shared/messages/server-errors';
import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { ZodError } from 'zod';
import { messages } from '#shared/messages';
import { ADMIN_ROLES, STAFF_ROLES } from '#shared/roles';
import { AppError, fromZod, type AppErrorCode, type FieldErrors } from '../errors';
import { requireRole } from '../modules/accounts';
import type { TrpcContext } from './context';

const TRPC_CODE: Record<AppErrorCode, TRPCError['code']> = {
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  UNPROCESSABLE_CONTENT: 'UNPROCESSABLE_CONTENT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  INTERNAL_SERVER_ERROR: 'INTERNAL_SERVER_ERROR',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
};

export function toTrpcError(err: unknown): TRPCError {
  if (err instanceof TRPCError) return err;
  const app = err instanceof AppError ? err : err instanceof ZodError ? fromZod(err) : null;
  if (app) return new TRPCError({ code: TRPC_CODE[app.code], message: app.message, cause: app });
  return new TRPCError({
    code: 'INTERNAL_SERVER_ERROR',
    message: messages.common.serverError,
    cause: err instanceof Error ? err : undefined,
  });
}

/** The catalogue's text for an error tRPC raises itself (its own messages are English). */
function trpcOwnText(code: TRPCError['code']): string {
  const c = messages.common;
  if (code === 'NOT_FOUND') return c.notFound;
  if (code === 'UNAUTHORIZED') return serverErrorMessages.unauthorized;
  if (code === 'FORBIDDEN') return serverErrorMessages.forbidden;
  if (code === 'TOO_MANY_REQUESTS') return serverErrorMessages.tooManyRequests;
  if (code === 'PAYLOAD_TOO_LARGE') return serverErrorMessages.payloadTooLarge;
  return code === 'INTERNAL_SERVER_ERROR' ? c.serverError : c.invalidInput;
}

const t = initTRPC.context<TrpcContext>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    let fieldErrors: FieldErrors | undefined;
    let details: Record<string, unknown> | undefined;
    let message = shape.message;
    if (cause instanceof AppError) {
      fieldErrors = cause.fieldErrors;
      details = cause.details;
    } else if (cause instanceof ZodError) {
      const app = fromZod(cause);
      fieldErrors = app.fieldErrors;
      message = app.message;
    } else {
      message = trpcOwnText(error.code); // tRPC's own English (unknown procedure, unreadable input…)
    }
    if (error.code === 'INTERNAL_SERVER_ERROR') message = messages.common.serverError;
    return {
      message,
      code: shape.code,
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, fieldErrors, details },
    };
  },
});

/** Maps any thrown AppError to a TRPCError so the client sees the right code and field messages. */
const errorMapper = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    if (cause instanceof AppError) {
      // The same Retry-After header the REST door sends with a 429.
      const retryAfter = cause.code === 'TOO_MANY_REQUESTS' ? Number(cause.details?.retryAfterSeconds) : NaN;
      if (retryAfter > 0) ctx.resHeaders.set('Retry-After', String(Math.ceil(retryAfter)));
      throw toTrpcError(cause);
    }
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(errorMapper);

export const staffProcedure = publicProcedure.use(({ ctx, next }) => {
  const actor = requireRole(ctx.actor, STAFF_ROLES);
  return next({ ctx: { ...ctx, actor } });
});

export const adminProcedure = publicProcedure.use(({ ctx, next }) => {
  const actor = requireRole(ctx.actor, ADMIN_ROLES);
  return next({ ctx: { ...ctx, actor } });
});
