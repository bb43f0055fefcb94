// Checks uploaded images by their bytes (magic signatures), never by file name or declared type, and
// enforces the size and count limits before anything is decoded or stored. A bad file of a batch is refused by its
// name and the good ones go on (issue 25, decision 219).
import type { RefusedFileDto } from '#shared/dto/catalog-admin';
import { fill } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { IMAGE_MAX_BYTES, IMAGE_MAX_FILES } from '#shared/schemas/catalog-admin';
import { tooManyImages } from './form';
import { refusedFileMessage, shownFileName } from './refused-files';

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

/** Why one upload is not a photo the shop takes (too large, empty, not a real JPEG/PNG/GIF/WebP/AVIF), or null. */
export function imageProblem(file: UploadLike, maxBytes = IMAGE_MAX_BYTES): string | null {
  // The reader already stopped at the limit (form.ts); checked again so the rule holds for any caller.
  if (file.size > maxBytes)
    return fill(staffMessages.dashboard.imageTooLarge, { mb: Math.round(maxBytes / 1024 / 1024) });
  if (file.size === 0) return staffMessages.dashboard.imageEmpty;
  if (!sniffImage(file.bytes)) return staffMessages.dashboard.imageTypeRejected;
  return null;
}

/**
 * Sorts a batch into the photos the shop takes and the refused ones (each named), keeping the order of the good
 * ones. The count is checked first: too many files refuse the whole batch.
 */
export function sortImages<F extends UploadLike & { name: string }>(
  files: F[],
): { good: F[]; refused: RefusedFileDto[] } {
  checkImageCount(files.length);
  const good: F[] = [];
  const refused: RefusedFileDto[] = [];
  for (const f of files) {
    const problem = imageProblem(f);
    if (problem) refused.push({ fileName: shownFileName(f.name), message: refusedFileMessage(f.name, problem) });
    else good.push(f);
  }
  return { good, refused };
}
