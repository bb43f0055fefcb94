// Product image storage: every upload is re-encoded with sharp into two WebP files under a generated name
// (a large one, at most 1000 px wide, and a 400 px one in w400/), so no client bytes or names reach the disk.
// URLs are /api/Product/images/<fileName>; "?w=400" asks for the small file. See docs/decisions/011.
import { randomBytes } from 'node:crypto';
import pLimit from 'p-limit';
import type SharpType from 'sharp';
import { messages } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import type { AppConfig } from '#server/config';
import { AppError } from '#server/errors';
import type { Logger } from '#server/log';
import { pictureStore, type PictureStorageConfig } from '#server/storage/open';
import { nativeImport } from '#server/lib/native-import';

export const LARGE_WIDTH = 1000;
export const SMALL_WIDTH = 400;
export const IMAGE_URL_PREFIX = '/api/Product/images/';
export const DEFAULT_IMAGE_PATH = '/images/default-image.jpg';
/** The only file names the image route will ever open. */
export const IMAGE_NAME = /^[a-zA-Z0-9_-]+\.webp$/;

type MediaDeps = { config: PictureStorageConfig & Pick<AppConfig, 'storagePublicUrl'>; logger?: Logger };

let sharpLoaded: Promise<typeof SharpType> | undefined;
/**
 * sharp (libvips) is loaded on the first image work, not at start-up: an idle server never pays its ~20 MB and
 * ~100 ms (decision 150).
 */
export function loadSharp(): Promise<typeof SharpType> {
  sharpLoaded ??= nativeImport<{ default: typeof SharpType }>('sharp').then(({ default: sharp }) => {
    // Keep sharp from taking every core: the server keeps answering while a seed or an upload encodes.
    sharp.concurrency(1);
    // Bounded memory (decision 132): a small operation cache, and at most IMAGE_WORK_CONCURRENCY decodes at a time
    // for the whole process (uploads and colour detection), the others wait in a queue.
    sharp.cache({ memory: 16, files: 0, items: 20 });
    return sharp;
  });
  return sharpLoaded;
}

const IMAGE_WORK_CONCURRENCY = 1;
const imageWork = pLimit(IMAGE_WORK_CONCURRENCY);
/** Runs sharp work in the process-wide queue. */
export const runImageWork = <T>(task: () => Promise<T>): Promise<T> => imageWork(task);

export const imageUrl = (fileName: string): string => IMAGE_URL_PREFIX + fileName;
export const smallImageUrl = (fileName: string): string => `${IMAGE_URL_PREFIX}${fileName}?w=${SMALL_WIDTH}`;

/** The storage keys of a picture's two sizes (the same layout as UPLOADS_DIR: `<name>` and `w400/<name>`). */
export function imageKeys(fileName: string): { large: string; small: string } {
  if (!IMAGE_NAME.test(fileName))
    throw new AppError('BAD_REQUEST', messages.common.invalidInput, { fileName: [messages.common.invalidInput] });
  return { large: fileName, small: `w${SMALL_WIDTH}/${fileName}` };
}

const storeUnavailable = () =>
  new AppError('SERVICE_UNAVAILABLE', staffMessages.dashboard.imageStoreUnavailable, {
    images: [staffMessages.dashboard.imageStoreUnavailable],
  });

export function newImageName(): string {
  return `${randomBytes(12).toString('hex')}.webp`;
}

/** What decides encodeImage's bytes besides its input and sharp's version (a cache of encoded pictures keys on it). */
export const IMAGE_ENCODING = `webp ${LARGE_WIDTH}px q80, ${SMALL_WIDTH}px q76, effort 2`;

/**
 * Re-encodes any image sharp can read (JPEG, PNG, WebP, GIF, AVIF, SVG) into the two WebP sizes. EXIF orientation is
 * applied, then all metadata dropped. Unreadable input is a 400.
 */
export async function encodeImage(input: Buffer): Promise<{ large: Buffer; small: Buffer }> {
  try {
    // The two sizes one after the other: one decoded image in memory at a time (decision 132).
    const sharp = await loadSharp();
    return await runImageWork(async () => {
      const base = sharp(input, { limitInputPixels: 40_000_000, failOn: 'error' }).rotate();
      const large = await base
        .clone()
        .resize({ width: LARGE_WIDTH, withoutEnlargement: true })
        .webp({ quality: 80, effort: 2 })
        .toBuffer();
      const small = await base
        .clone()
        .resize({ width: SMALL_WIDTH, withoutEnlargement: true })
        .webp({ quality: 76, effort: 2 })
        .toBuffer();
      return { large, small };
    });
  } catch {
    throw new AppError('BAD_REQUEST', staffMessages.dashboard.imageTypeRejected, {
      images: [staffMessages.dashboard.imageTypeRejected],
    });
  }
}

/** Re-encodes an image (encodeImage) and stores the two sizes under a fresh name. */
export async function storeImage(deps: MediaDeps, input: Buffer): Promise<{ fileName: string }> {
  const { large, small } = await encodeImage(input);
  return writeImageFiles(deps, large, small);
}

/**
 * Writes an already encoded pair (used by storeImage and by the demo seed's copies). A store that fails (a bucket
 * that does not answer) is a 503 and leaves nothing: the size written first is removed again (decision 266).
 */
export async function writeImageFiles(deps: MediaDeps, large: Buffer, small: Buffer): Promise<{ fileName: string }> {
  const fileName = newImageName();
  const keys = imageKeys(fileName);
  const store = await pictureStore(deps.config);
  try {
    await store.put(keys.large, large, 'image/webp');
    await store.put(keys.small, small, 'image/webp');
  } catch (err) {
    deps.logger?.error({ err: errorText(err), store: store.description }, 'Storing a picture failed');
    await Promise.all([keys.large, keys.small].map((k) => store.delete(k).catch(() => undefined)));
    throw storeUnavailable();
  }
  return { fileName };
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Gives an existing stored image a second name (a hard link or a server-side copy), so two product rows never
 * share a file name and deleting one never removes the other's picture.
 */
export async function duplicateImage(deps: MediaDeps, fileName: string): Promise<{ fileName: string }> {
  const from = imageKeys(fileName);
  const copyName = newImageName();
  const to = imageKeys(copyName);
  const store = await pictureStore(deps.config);
  await store.copy(from.large, to.large);
  await store.copy(from.small, to.small);
  return { fileName: copyName };
}

/**
 * Removes both sizes of a stored image; one that is already gone is not an error. It runs after the transaction
 * that dropped the picture's row committed, so a store that fails here only leaves an unused file behind: that is
 * logged, never a failed request.
 */
export async function deleteImageFiles(deps: MediaDeps, fileName: string): Promise<void> {
  if (!IMAGE_NAME.test(fileName)) return;
  const keys = imageKeys(fileName);
  const store = await pictureStore(deps.config);
  try {
    await Promise.all([keys.large, keys.small].map((k) => store.delete(k)));
  } catch (err) {
    deps.logger?.warn(
      { err: errorText(err), store: store.description, fileName },
      'Removing a picture failed; the file stays unused in the store',
    );
  }
}

/**
 * Turns the path after /api/Product/images/ into a stored file name: a leading slash and an "Images/" prefix
 * are dropped (older clients send them); anything that is not a plain generated name is refused.
 */
export function normaliseImagePath(raw: string): string | null {
  let p: string;
  try {
    p = decodeURIComponent(raw);
  } catch {
    return null;
  }
  p = p.replace(/^\/+/, '').replace(/^images\//i, '');
  return IMAGE_NAME.test(p) ? p : null;
}

/** What the image route answers: the bytes, a redirect to the public store (STORAGE_PUBLIC_URL), or nothing. */
export type StoredImage = { bytes: Buffer } | { redirect: string } | null;

/** Reads a stored image (small variant when asked for, else the large one); null when it does not exist. */
export async function readImage(deps: MediaDeps, fileName: string, small: boolean): Promise<StoredImage> {
  const keys = imageKeys(fileName);
  const base = deps.config.storagePublicUrl;
  if (base) return { redirect: `${base}/${small ? keys.small : keys.large}` };
  const store = await pictureStore(deps.config);
  try {
    for (const key of small ? [keys.small, keys.large] : [keys.large]) {
      const bytes = await store.read(key);
      if (bytes) return { bytes };
    }
  } catch (err) {
    deps.logger?.error({ err: errorText(err), store: store.description }, 'Reading a picture failed');
    throw new AppError('SERVICE_UNAVAILABLE', messages.common.serverError);
  }
  return null;
}
