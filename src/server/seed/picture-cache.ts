// The demo seed's drawn pictures, encoded once per machine (decision 285). Encoding is 94 % of a seed's CPU (221
// pictures, about 13 s), and the same SVG always gives the same WebP pair, while one CI run seeds the demo shop five
// times (the journeys' template, the seed's and the engines' tests on both engines, the HTML checker's pages). The
// pairs are kept under node_modules/.cache, where other tools keep theirs, keyed by the SVG, the encoding and sharp's
// version (a deleted folder only costs encoding again). Any trouble with the folder (none, read-only, a torn file) only means encoding again.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppDeps } from '../deps';
import { encodeImage, IMAGE_ENCODING, loadSharp, writeImageFiles } from '../modules/media';

export interface EncodedPicture {
  large: Buffer;
  small: Buffer;
}

/** The folder beside the installed packages, or null where there are none (nothing is cached then). */
export function defaultPictureCacheDir(root = process.cwd()): string | null {
  const modules = path.join(root, 'node_modules');
  return fs.existsSync(modules) ? path.join(modules, '.cache', 'butiku-demo-pictures') : null;
}

async function keyOf(svg: string): Promise<string> {
  const sharp = await loadSharp();
  return createHash('sha256')
    .update(`${IMAGE_ENCODING}\n${JSON.stringify(sharp.versions)}\n${svg}`)
    .digest('hex');
}

/** The pair stored as one file: the large size's length (4 bytes), the large size, the small size. */
function readPair(file: string): EncodedPicture | null {
  try {
    const bytes = fs.readFileSync(file);
    const largeLength = bytes.readUInt32BE(0);
    if (bytes.length <= 4 + largeLength) return null;
    return { large: bytes.subarray(4, 4 + largeLength), small: bytes.subarray(4 + largeLength) };
  } catch {
    return null;
  }
}

/** Written under a temporary name, then renamed: a reader never sees half a file, even beside another seed. */
function writePair(dir: string, file: string, picture: EncodedPicture): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
    const length = Buffer.alloc(4);
    length.writeUInt32BE(picture.large.length);
    const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    fs.writeFileSync(temporary, Buffer.concat([length, picture.large, picture.small]));
    fs.renameSync(temporary, file);
  } catch {
    // Not cached: the next seed encodes it again.
  }
}

/** The two WebP sizes of a drawn picture: from the cache when this machine encoded it before, else encoded now. */
export async function encodedDemoPicture(
  svg: string,
  dir: string | null = defaultPictureCacheDir(),
): Promise<EncodedPicture> {
  if (!dir) return encodeImage(Buffer.from(svg));
  const file = path.join(dir, `${await keyOf(svg)}.webp2`);
  const cached = readPair(file);
  if (cached) return cached;
  const picture = await encodeImage(Buffer.from(svg));
  writePair(dir, file, picture);
  return picture;
}

/** Stores a drawn picture (encoded once per machine) under a fresh name, as storeImage does an upload. */
export async function storeDemoPicture(deps: AppDeps, svg: string): Promise<string> {
  const { large, small } = await encodedDemoPicture(svg);
  return (await writeImageFiles(deps, large, small)).fileName;
}
