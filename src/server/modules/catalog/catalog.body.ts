// A cached catalogue read as the bytes both REST lanes send (catalog.rest.ts through Hono, catalog.fast-lane.ts
// straight onto node's response): the JSON text encoded once per cache entry, and gzipped (level 6) once per
// entry for clients that accept it (whatever its size: the app's compressor gzipped small answers anyway, and
// a cached gzip costs nothing per request).
import { gzipSync } from 'node:zlib';
import type { CachedRead } from './read-cache';

export const JSON_TYPE = 'application/json; charset=UTF-8';
/** Headers of every catalogue answer besides the body's own (type, encoding, length). */
export const CATALOG_CACHE_HEADERS = { 'Cache-Control': 'no-store', Vary: 'Accept-Encoding' } as const;

const plain = new WeakMap<object, Uint8Array<ArrayBuffer>>();
const gzipped = new WeakMap<object, Uint8Array<ArrayBuffer>>();

export const acceptsGzip = (acceptEncoding: string | undefined): boolean =>
  acceptEncoding !== undefined && /\bgzip\b/.test(acceptEncoding);

const own = (b: Buffer): Uint8Array<ArrayBuffer> =>
  new Uint8Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer);

/** gzip (level 6) of `bytes` as a body of its own (not a view into node's shared pool). */
export const gzipBody = (bytes: Uint8Array | string): Uint8Array<ArrayBuffer> => own(gzipSync(bytes, { level: 6 }));

/** The body to send for `read`, gzipped when the client accepts gzip. */
export function encodedRead(
  read: CachedRead<unknown>,
  gzip: boolean,
): { bytes: Uint8Array<ArrayBuffer>; gzip: boolean } {
  // An answer made for this request only (id 0): encoded once, not remembered, no copies out of node's pool.
  if (read.id === 0) {
    const once = Buffer.from(read.json()) as Uint8Array<ArrayBuffer>;
    return gzip
      ? { bytes: gzipSync(once, { level: 6 }) as Uint8Array<ArrayBuffer>, gzip: true }
      : { bytes: once, gzip: false };
  }
  let bytes = plain.get(read);
  if (!bytes) plain.set(read, (bytes = own(Buffer.from(read.json()))));
  if (!gzip) return { bytes, gzip: false };
  let gz = gzipped.get(read);
  if (!gz) gzipped.set(read, (gz = gzipBody(bytes)));
  return { bytes: gz, gzip: true };
}
