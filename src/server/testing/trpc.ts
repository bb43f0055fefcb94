// A tRPC call over HTTP the way the browser's client makes it (superjson; queries as GET, mutations as POST),
// answered as { status, data | code }. `base` is a real server's URL, or '' with a TestApp's in-process request.
import superjson from 'superjson';

export interface TrpcAnswer {
  status: number;
  data: unknown;
  code: string | undefined;
  /** The error's machine-readable details (e.g. `reason`), when it has any. */
  details?: Record<string, unknown>;
  headers: Headers;
}

type Fetch = (path: string, init: RequestInit & { token?: string }) => Promise<Response>;

/** A caller bound to a real server URL (fetch over loopback). */
export function trpcAt(
  url: string,
): (path: string, kind: 'query' | 'mutation', input: unknown, token?: string) => Promise<TrpcAnswer> {
  const send: Fetch = (path, { token, headers, ...init }) => {
    const h = new Headers(headers);
    if (token) h.set('authorization', `Bearer ${token}`);
    return fetch(`${url}${path}`, { ...init, headers: h });
  };
  return (path, kind, input, token) => trpcCall(send, path, kind, input, token);
}

export async function trpcCall(
  send: Fetch,
  path: string,
  kind: 'query' | 'mutation',
  input: unknown,
  token?: string,
): Promise<TrpcAnswer> {
  const encoded = JSON.stringify(superjson.serialize(input));
  const res =
    kind === 'query'
      ? await send(`/api/trpc/${path}?input=${encodeURIComponent(encoded)}`, { token })
      : await send(`/api/trpc/${path}`, {
          method: 'POST',
          token,
          headers: { 'content-type': 'application/json' },
          body: encoded,
        });
  const body = (await res.json()) as {
    result?: { data: { json: unknown } };
    error?: { json: { data: { code: string; details?: Record<string, unknown> } } };
  };
  return {
    status: res.status,
    data: body.result?.data.json,
    code: body.error?.json.data.code,
    details: body.error?.json.data.details ?? undefined,
    headers: res.headers,
  };
}
