// GET /api/Product/images/{path}: stored product images, immutable and long-cached; missing ones fall back
// to /images/default-image.jpg (spec 8), malformed names are a 400.
import type { Hono } from 'hono';
import { messages } from '../../../shared/messages';
import { AppError } from '../../errors';
import type { AppEnv } from '../../http/env';
import { DEFAULT_IMAGE_PATH, normaliseImagePath, readImage, SMALL_WIDTH } from './media.service';

const PREFIX = '/api/Product/images/';

export function mountMediaRest(api: Hono<AppEnv>): void {
  api.get('/Product/images/*', async (c) => {
    const url = new URL(c.req.url);
    const rawPath = url.pathname.slice(url.pathname.indexOf(PREFIX) + PREFIX.length);
    const fileName = normaliseImagePath(rawPath);
    if (!fileName)
      throw new AppError('BAD_REQUEST', messages.common.invalidInput, { path: [messages.common.invalidInput] });
    const w = c.req.query('w');
    const small = w !== undefined && Number(w) > 0 && Number(w) <= SMALL_WIDTH;
    const body = await readImage(c.var.deps, fileName, small);
    if (!body) {
      c.header('Cache-Control', 'public, max-age=300');
      return c.redirect(DEFAULT_IMAGE_PATH, 302);
    }
    return c.body(new Uint8Array(body), 200, {
      'Content-Type': 'image/webp',
      'Content-Length': String(body.length),
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });
}
