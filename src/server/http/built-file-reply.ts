// Answers a built file (built-files.ts: feeds, sitemap, all products) from disk: a strong ETag and Last-Modified,
// 304 for a matching If-None-Match (or, without one, an If-Modified-Since not older than the file), the gzipped copy
// for clients that accept gzip, and the bytes streamed, never read into memory whole.
import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import type { BuiltFile } from '../built-files';
import type { AppEnv } from './env';

/** True when the request's If-None-Match names this ETag (weak or strong, or *). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}

function notModified(c: Context<AppEnv>, file: BuiltFile): boolean {
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch) return matchesEtag(ifNoneMatch, file.etag);
  const since = Date.parse(c.req.header('if-modified-since') ?? '');
  return Number.isFinite(since) && file.lastModified.getTime() <= since;
}

/**
 * The file as the answer, with `type` and `Cache-Control: public, max-age=<maxAge>` (or 'no-store': an answer that
 * depends on the caller, such as the staff view of all products).
 */
export function sendBuiltFile(
  c: Context<AppEnv>,
  file: BuiltFile,
  type: string,
  maxAge: number | 'no-store',
): Response {
  const headers: Record<string, string> = {
    'Cache-Control': maxAge === 'no-store' ? maxAge : `public, max-age=${maxAge}`,
    ETag: file.etag,
    'Last-Modified': file.lastModified.toUTCString(),
    Vary: 'Accept-Encoding',
  };
  if (notModified(c, file)) return c.body(null, 304, headers);
  const gzip = /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
  headers['Content-Type'] = type;
  if (gzip) headers['Content-Encoding'] = 'gzip';
  else headers['Content-Length'] = String(file.bytes);
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  const stream = fs.createReadStream(gzip ? file.gzipPath : file.path);
  return c.body(Readable.toWeb(stream) as ReadableStream<Uint8Array>, 200, headers);
}
