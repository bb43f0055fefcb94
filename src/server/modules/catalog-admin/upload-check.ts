// Checks uploaded images by their bytes (magic signatures), never by file name or declared type, and
// enforces the size and count limits before anything is decoded or stored.
import { fill } from '../../../shared/messages';
import { staffMessages } from '../../../shared/messages-staff';
import { IMAGE_MAX_BYTES, IMAGE_MAX_FILES } from '../../../shared/schemas/catalog-admin';
import { AppError } from '../../errors';

export type ImageKind = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif';

const ascii = (b: Buffer, start: number, end: number) => b.subarray(start, end).toString('latin1');

/** The image format the bytes really are, or null. Only formats the shop accepts are recognised. */
export function sniffImage(b: Buffer): ImageKind | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
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

/** Something with a name and bytes, as the multipart parser gives it (File) — only size and bytes are used. */
export interface UploadLike {
  size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export function checkImageCount(count: number, max = IMAGE_MAX_FILES): void {
  if (count > max) {
    const msg = fill(staffMessages.dashboard.tooManyImages, { n: max });
    throw new AppError('BAD_REQUEST', msg, { images: [msg] });
  }
}

/** Reads and checks one upload: not empty, at most IMAGE_MAX_BYTES, a real JPEG/PNG/GIF/WebP/AVIF. */
export async function readCheckedImage(file: UploadLike, field = 'images', maxBytes = IMAGE_MAX_BYTES): Promise<Buffer> {
  if (file.size > maxBytes) {
    const msg = fill(staffMessages.dashboard.imageTooLarge, { mb: Math.round(maxBytes / 1024 / 1024) });
    throw new AppError('PAYLOAD_TOO_LARGE', msg, { [field]: [msg] });
  }
  if (file.size === 0) throw new AppError('BAD_REQUEST', staffMessages.dashboard.imageEmpty, { [field]: [staffMessages.dashboard.imageEmpty] });
  const bytes = Buffer.from(await file.arrayBuffer());
  if (!sniffImage(bytes)) throw new AppError('BAD_REQUEST', staffMessages.dashboard.imageTypeRejected, { [field]: [staffMessages.dashboard.imageTypeRejected] });
  return bytes;
}

/** Checks a whole batch (count first, then every file) and returns the bytes in order. */
export async function readCheckedImages(files: UploadLike[], field = 'images'): Promise<Buffer[]> {
  checkImageCount(files.length);
  const out: Buffer[] = [];
  for (const f of files) out.push(await readCheckedImage(f, field));
  return out;
}
