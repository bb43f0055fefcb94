// Checks uploaded images by their bytes (magic signatures), never by file name or declared type, and
// enforces the size and count limits before anything is decoded or stored.
import { staffMessages } from '../../../shared/messages-staff';
import { IMAGE_MAX_BYTES, IMAGE_MAX_FILES } from '../../../shared/schemas/catalog-admin';
import { AppError } from '../../errors';
import { tooLargeImage, tooManyImages } from './form';

export type ImageKind = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif';

const ascii = (b: Buffer, start: number, end: number) => b.subarray(start, end).toString('latin1');

/** The image format the bytes really are, or null. Only formats the shop accepts are recognised. */
export function sniffImage(b: Buffer): ImageKind | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (b.length >= 6 && (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a')) return 'gif';
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'webp';
  if (b.length >= 16 && ascii(b, 4, 8) === 'ftyp') {
    // ISO-BMFF: major brand at 8..12, compatible brands from 16 to the end of the ftyp box.
    const boxSize = Math.min(b.readUInt32BE(0), b.length, 256);
    const brands = [ascii(b, 8, 12)];
    for (let i = 16; i + 4 <= boxSize; i += 4) brands.push(ascii(b, i, i + 4));
    if (brands.some((x) => x === 'avif' || x === 'avis')) return 'avif';
  }
  return null;
}

/** A file as the streaming multipart reader gives it (form.ts): only size and bytes are used. */
export interface UploadLike {
  size: number;
  bytes: Buffer;
}

export function checkImageCount(count: number, max = IMAGE_MAX_FILES): void {
  if (count > max) throw tooManyImages(max);
}

/** Reads and checks one upload: not empty, at most IMAGE_MAX_BYTES, a real JPEG/PNG/GIF/WebP/AVIF. */
export async function readCheckedImage(
  file: UploadLike,
  field = 'images',
  maxBytes = IMAGE_MAX_BYTES,
): Promise<Buffer> {
  // The reader already stopped at the limit (form.ts); checked again so the rule holds for any caller.
  if (file.size > maxBytes) throw tooLargeImage(field, maxBytes);
  if (file.size === 0)
    throw new AppError('BAD_REQUEST', staffMessages.dashboard.imageEmpty, {
      [field]: [staffMessages.dashboard.imageEmpty],
    });
  const bytes = file.bytes;
  if (!sniffImage(bytes))
    throw new AppError('BAD_REQUEST', staffMessages.dashboard.imageTypeRejected, {
      [field]: [staffMessages.dashboard.imageTypeRejected],
    });
  return bytes;
}

/** Checks a whole batch (count first, then every file) and returns the bytes in order. */
export async function readCheckedImages(files: UploadLike[], field = 'images'): Promise<Buffer[]> {
  checkImageCount(files.length);
  const out: Buffer[] = [];
  for (const f of files) out.push(await readCheckedImage(f, field));
  return out;
}
