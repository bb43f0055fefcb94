// A storefront page made whole (spa.ts): index.html with the page's head and server-rendered body in place, its
// UTF-8 bytes, their gzip and a weak ETag of them. Made once per page in the render worker (workers/render-worker.ts)
// or, without one, on the serving thread; the rendered pages' cache (server-render.ts) keeps the result.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

export interface FinishedPage {
  page: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
  etag: string;
}

const META_MARKER = /<!--app-meta-->[\s\S]*?<!--\/app-meta-->/;
const ROOT = '<div id="root"></div>';

/** Bytes in an ArrayBuffer of their own (never a slice of Node's shared pool), so they can be kept or transferred. */
const own = (b: Buffer): Uint8Array<ArrayBuffer> =>
  new Uint8Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer);

/** `template` (index.html) with `head` in its meta block and `body` (rendered HTML, or '') in its root element. */
export function finishPage(template: string, head: string, body: string): FinishedPage {
  const text = template.replace(META_MARKER, () => head).replace(ROOT, () => `<div id="root">${body}</div>`);
  const page = own(Buffer.from(text));
  return {
    page,
    gzip: own(gzipSync(page, { level: 6 })),
    etag: `W/"${createHash('sha1').update(page).digest('base64url')}"`,
  };
}
