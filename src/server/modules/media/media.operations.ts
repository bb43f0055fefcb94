// GET /api/Product/images/{path} (decision 211): stored product images, immutable and long-cached; missing ones fall
// back to /images/default-image.jpg (spec 8), malformed names are a 400. With STORAGE_PUBLIC_URL set, a redirect to
// the picture in the public store (decision 266). REST only.
import { z } from 'zod';
import { messages } from '#shared/messages';
import { AppError } from '#server/errors';
import { query } from '#server/operations/define';
import { DEFAULT_IMAGE_PATH, normaliseImagePath, readImage, SMALL_WIDTH } from './media.service';

const PREFIX = '/api/Product/images/';
const ImageInput = z.object({ path: z.string(), w: z.string().optional() });
type ImageInput = z.infer<typeof ImageInput>;

/** The stored file's name, or the 400 for a malformed one. */
function imageRequest(raw: unknown): ImageInput {
  const { path, w } = raw as ImageInput;
  const fileName = normaliseImagePath(path);
  if (!fileName)
    throw new AppError('BAD_REQUEST', messages.common.invalidInput, { path: [messages.common.invalidInput] });
  return { path: fileName, w };
}

export const mediaOperations = {
  image: query({
    access: 'public',
    input: ImageInput,
    run: (caller, { path, w }) => {
      const small = w !== undefined && Number(w) > 0 && Number(w) <= SMALL_WIDTH;
      return readImage(caller, path, small);
    },
    trpc: false,
    rest: {
      method: 'GET',
      path: '/Product/images/*',
      produces: 'image/webp',
      input: (req) => {
        const url = new URL(req.c.req.url);
        return { path: url.pathname.slice(url.pathname.indexOf(PREFIX) + PREFIX.length), w: req.query().w };
      },
      parse: imageRequest,
      reply: (c, image) => {
        if (!image) {
          c.header('Cache-Control', 'public, max-age=300');
          return c.redirect(DEFAULT_IMAGE_PATH, 302);
        }
        if ('redirect' in image) {
          // STORAGE_PUBLIC_URL (decision 266): the bytes come from the public store or its CDN. A day, not a year:
          // a shop that moves its CDN is not held to the old address by browsers' caches.
          c.header('Cache-Control', 'public, max-age=86400');
          return c.redirect(image.redirect, 302);
        }
        const body = image.bytes;
        return c.body(new Uint8Array(body), 200, {
          'Content-Type': 'image/webp',
          'Content-Length': String(body.length),
          'Cache-Control': 'public, max-age=31536000, immutable',
        });
      },
    },
  }),
};
