// The storage port (decision 266): one small interface for files the shop keeps outside its database (product
// pictures, off-site backups), with a local-folder adapter (the default, UPLOADS_DIR) and an S3-compatible one
// (STORAGE_URL, BACKUP_STORAGE_URL). Keys are relative, '/'-separated names such as `w400/<name>.webp`; each adapter
// refuses any other shape, so no key can leave its folder or prefix.
import type { Readable } from 'node:stream';

export interface StoredObject {
  key: string;
  size: number;
}

export interface ObjectStore {
  /** How logs and messages name it: a folder path or s3://bucket/prefix (never a credential). */
  readonly description: string;
  /** Writes a whole object; a stream is sent as it is read (bounded memory). Never leaves a partial object visible. */
  put(key: string, body: Buffer | Readable, contentType?: string): Promise<void>;
  /** The object's bytes as a stream, or null when it does not exist. */
  get(key: string): Promise<Readable | null>;
  /** A small object's bytes at once (a picture, never a backup), or null when it does not exist. */
  read(key: string): Promise<Buffer | null>;
  /** Removes an object; one that is already gone is not an error. */
  delete(key: string): Promise<void>;
  /** Gives an object a second key (a server-side copy or a hard link). */
  copy(from: string, to: string): Promise<void>;
  /** Every object under `prefix` ('' = all), in key order. */
  list(prefix?: string): Promise<StoredObject[]>;
  /** Throws with a short reason when the store cannot be reached or written (the readiness probe). */
  check(): Promise<void>;
}

/** A relative key of plain segments; anything else (absolute, `..`, empty segments, backslashes) is refused. */
export function checkKey(key: string): string {
  if (
    key === '' ||
    key.length > 512 ||
    key.startsWith('/') ||
    key.includes('\\') ||
    key.split('/').some((s) => s === '' || s === '.' || s === '..')
  )
    throw new Error(`refused storage key ${JSON.stringify(key.slice(0, 80))}`);
  return key;
}

/** Reads a stream to one buffer (only for objects known to be small: a picture, never a backup). */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
