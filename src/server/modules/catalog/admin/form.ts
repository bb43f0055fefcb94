// Multipart form reading for the staff catalogue's REST doors (product fields, image groups, photos to analyse).
// The body is streamed through busboy (decision 132): the per-file size and the file count are enforced while
// reading, so an oversized upload is refused after at most IMAGE_MAX_BYTES of it, never held whole in memory.
import { serverErrorMessages } from '#shared/messages/server-errors';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import busboy from 'busboy';
import pLimit from 'p-limit';
import type { Context } from 'hono';
import { fill, messages } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { IMAGE_MAX_BYTES, IMAGE_MAX_FILES } from '#shared/schemas/catalog-admin';
import { AppError } from '#server/errors';
import type { AppEnv } from '#server/http/env';
import { refusedFileMessage } from './refused-files';

/** One uploaded file, its bytes already read (and bounded by the file limit). */
export interface Upload {
  name: string;
  size: number;
  bytes: Buffer;
}
type FormValue = string | Upload;
export type Form = Record<string, FormValue | FormValue[]>;
type Field = FormValue | FormValue[] | undefined;

/** Requests whose files are read and processed at once (the others wait, unread, in a queue): decision 132. */
const UPLOAD_CONCURRENCY = 1;
const uploadSlots = pLimit(UPLOAD_CONCURRENCY);
/** Runs an upload's reading and image work in one of the process-wide upload slots. */
export const withUploadSlot = <T>(task: () => Promise<T>): Promise<T> => uploadSlots(task);

/** Text fields: how many and how long (product descriptions are at most 5 000 characters). */
const MAX_FIELDS = 2000;
const MAX_FIELD_BYTES = 64 * 1024;

export const isMultipart = (c: Context<AppEnv>) =>
  c.req.header('content-type')?.toLowerCase().startsWith('multipart/form-data') ?? false;

const malformed = () =>
  new AppError('BAD_REQUEST', messages.common.invalidInput, { _: [serverErrorMessages.malformedForm] });

/** 413 for a file over the limit, named when its name is known ("„big.jpg“ u refuzua: …", decision 219). */
export const tooLargeImage = (field: string, maxBytes = IMAGE_MAX_BYTES, fileName?: string) => {
  const reason = fill(staffMessages.dashboard.imageTooLarge, { mb: Math.round(maxBytes / 1024 / 1024) });
  const msg = fileName === undefined ? reason : refusedFileMessage(fileName, reason);
  return new AppError('PAYLOAD_TOO_LARGE', msg, { [field]: [msg] });
};
export const tooManyImages = (max = IMAGE_MAX_FILES) => {
  const msg = fill(staffMessages.dashboard.tooManyImages, { n: max });
  return new AppError('BAD_REQUEST', msg, { images: [msg] });
};

/** Error field of a file part, as the old whole-body checks named it (images[i].imageFiles, or 'images'). */
const fileField = (name: string) => (/^images\[\d{1,3}\]\.imageFiles$/.test(name) ? name : 'images');

/**
 * Reads a multipart body as a stream. Files larger than `maxFileBytes` (413) or more than `maxFiles` of them (400)
 * stop the reading at once; the rest of the body is left unread (the 413/400 answer closes the connection).
 */
export async function readForm(
  c: Context<AppEnv>,
  limits: {
    maxFileBytes?: number;
    maxFiles?: number;
    tooLarge?: (field: string, maxBytes: number, fileName: string) => AppError;
  } = {},
): Promise<Form> {
  const maxFileBytes = limits.maxFileBytes ?? IMAGE_MAX_BYTES;
  const maxFiles = limits.maxFiles ?? IMAGE_MAX_FILES;
  const body = c.req.raw.body;
  if (!body) throw malformed();
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': c.req.header('content-type') ?? '' },
      limits: {
        fileSize: maxFileBytes,
        files: maxFiles,
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
        parts: MAX_FIELDS + maxFiles,
      },
    });
  } catch {
    throw malformed();
  }
  const source = Readable.fromWeb(body as unknown as NodeWebStream<Uint8Array>);
  const form: Form = {};
  const add = (name: string, value: FormValue) => {
    const prev = form[name];
    form[name] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  };
  return new Promise<Form>((resolve, reject) => {
    let settled = false;
    const fail = (err: AppError) => {
      if (settled) return;
      settled = true;
      source.unpipe(parser);
      source.destroy();
      parser.removeAllListeners('file');
      reject(err);
    };
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        chunks.push(chunk);
      });
      stream.on('limit', () =>
        fail((limits.tooLarge ?? tooLargeImage)(fileField(name), maxFileBytes, info.filename ?? '')),
      );
      stream.on('end', () => {
        if (settled || stream.truncated) return;
        add(name, { name: info.filename ?? '', size, bytes: Buffer.concat(chunks, size) });
      });
    });
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated)
        fail(
          new AppError('BAD_REQUEST', staffMessages.dashboard.tooLong, { [name]: [staffMessages.dashboard.tooLong] }),
        );
      else add(name, value);
    });
    parser.on('filesLimit', () => fail(tooManyImages(maxFiles)));
    parser.on('fieldsLimit', () => fail(malformed()));
    parser.on('partsLimit', () => fail(malformed()));
    parser.on('error', () => fail(malformed()));
    source.on('error', () => fail(malformed()));
    parser.on('close', () => {
      if (settled) return;
      settled = true;
      resolve(form);
    });
    source.pipe(parser);
  });
}

export const all = (v: Field): FormValue[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
export const str = (v: Field): string | undefined => {
  const first = all(v)[0];
  return typeof first === 'string' ? first : undefined;
};
export const files = (v: Field): Upload[] => all(v).filter((x): x is Upload => typeof x !== 'string');
