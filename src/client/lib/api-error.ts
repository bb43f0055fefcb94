// Reads a tRPC or REST error into the message and field messages forms and toasts show.
export interface ClientError {
  message: string;
  status?: number;
  fieldErrors?: Record<string, string[]>;
  details?: Record<string, unknown>;
}

/** A REST answer's error body ({ Message, errors, details }, http/errors.ts) in tRPC's shape, so one reader reads both. */
export class RestError extends Error {
  readonly data: { httpStatus: number; fieldErrors?: Record<string, string[]>; details?: Record<string, unknown> };
  constructor(status: number, body: unknown) {
    const b = (body ?? {}) as {
      Message?: string;
      errors?: Record<string, string[]>;
      details?: Record<string, unknown>;
    };
    super(b.Message ?? '');
    this.data = { httpStatus: status, fieldErrors: b.errors, details: b.details };
  }
}

export function readError(err: unknown, fallback: string): ClientError {
  const e = err as {
    message?: string;
    data?: { httpStatus?: number; fieldErrors?: Record<string, string[]>; details?: Record<string, unknown> };
  } | null;
  if (!e || typeof e !== 'object') return { message: fallback };
  const status = e.data?.httpStatus;
  const message = status && status < 500 && e.message ? e.message : fallback;
  return { message, status, fieldErrors: e.data?.fieldErrors ?? undefined, details: e.data?.details ?? undefined };
}
