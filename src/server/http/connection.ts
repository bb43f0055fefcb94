// Keeping a kept-alive connection usable after a request is refused before its body was read (decision 131):
// node-server drains an unread body (up to 64 MiB within 500 ms) and then reuses the socket, so a body up to
// 1 MiB (the JSON limit) is simply drained; a refusal that may leave a large, unknown-length or half-read body behind is
// answered with `Connection: close`, so the client opens a new connection instead of waiting on a dead one.

/** Bodies up to this size are drained and the connection kept; larger ones get `Connection: close`. */
export const DRAIN_MAX_BYTES = 1024 * 1024;

/** Answers that can be given before (or while) reading a body: auth, role, size, rate, route refusals. */
const REFUSALS = new Set([401, 403, 404, 405, 413, 429]);

/** The request's Content-Length, or null when there is none (chunked) or it is not a plain number. */
export function declaredBodyLength(headers: Headers): number | null {
  if (headers.has('transfer-encoding')) return null;
  const raw = headers.get('content-length');
  return raw !== null && /^\d{1,15}$/.test(raw) ? Number(raw) : null;
}

/** True when a refusal may leave request bytes on the socket that will not be drained quickly. */
export function mayLeaveBodyUnread(req: Request, status: number): boolean {
  if (!REFUSALS.has(status)) return false;
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return false;
  if (status === 413) return true;
  const declared = declaredBodyLength(req.headers);
  if (declared === null) return req.headers.has('transfer-encoding');
  return declared > DRAIN_MAX_BYTES;
}
