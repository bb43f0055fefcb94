// The S3-compatible adapter of the storage port (decision 266), on @aws-sdk/client-s3: AWS S3, Cloudflare R2,
// Hetzner, MinIO and s3rver alike. Streams go up through @aws-sdk/lib-storage's multipart Upload (parts of 8 MiB,
// two at a time: memory stays bounded whatever the file's size); small buffers in one PUT. Checksums are only sent
// and checked where an operation requires them, which older and self-hosted S3 servers accept.
import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { describeS3, type S3Location } from './storage-url';
import { checkKey, readAll, type ObjectStore, type StoredObject } from './store';

const PART_BYTES = 8 * 1024 * 1024;
const PARTS_AT_ONCE = 2;
const CONNECT_MS = 5_000;
/** No byte sent or received for this long fails the request (a socket timeout, not a bound on a big upload). */
const IDLE_MS = 30_000;
const CHECK_MS = 5_000;

/**
 * The SDK warns once per process that its releases after January 2027 need Node 22 (NodeVersionSupportWarning); the
 * lock file pins a release that runs on Node 20, so the warning says nothing an operator can act on and stays out of
 * the shop's log (decision 266). An operator who sets the variable keeps their value.
 */
function quietNodeVersionWarning(): void {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
}

const missing = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404);

export function s3Store(location: S3Location): ObjectStore {
  quietNodeVersionWarning();
  const client = new S3Client({
    region: location.region ?? (process.env.AWS_REGION || 'us-east-1'),
    endpoint: location.endpoint,
    forcePathStyle: location.forcePathStyle,
    credentials: location.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    // A store that does not answer fails a request within seconds instead of holding it (and /readyz) open.
    requestHandler: { connectionTimeout: CONNECT_MS, requestTimeout: IDLE_MS },
  });
  const Bucket = location.bucket;
  const base = location.prefix ? `${location.prefix}/` : '';
  const fullKey = (key: string) => base + checkKey(key);

  // ListObjects (version 1, paged by Marker) rather than V2: every S3-compatible server answers it alike, while
  // s3rver fails V2's continuation tokens (any truncated V2 page is an internal error there).
  async function list(prefix = ''): Promise<StoredObject[]> {
    const out: StoredObject[] = [];
    let Marker: string | undefined;
    for (;;) {
      const page = await client.send(new ListObjectsCommand({ Bucket, Prefix: base + prefix, Marker }));
      const contents = page.Contents ?? [];
      for (const o of contents) if (o.Key) out.push({ key: o.Key.slice(base.length), size: o.Size ?? 0 });
      if (!page.IsTruncated || contents.length === 0) break;
      Marker = page.NextMarker ?? contents[contents.length - 1]!.Key;
    }
    return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async function get(key: string): Promise<Readable | null> {
    try {
      const r = await client.send(new GetObjectCommand({ Bucket, Key: fullKey(key) }));
      return (r.Body as Readable | undefined) ?? null;
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  return {
    description: describeS3(location),
    async put(key, body, contentType) {
      const Key = fullKey(key);
      if (Buffer.isBuffer(body)) {
        await client.send(new PutObjectCommand({ Bucket, Key, Body: body, ContentType: contentType }));
        return;
      }
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: body, ContentType: contentType },
        partSize: PART_BYTES,
        queueSize: PARTS_AT_ONCE,
        leavePartsOnError: false, // an unfinished multipart upload is aborted: nothing half-written stays
      });
      await upload.done();
    },
    get,
    async read(key) {
      const body = await get(key);
      return body ? readAll(body) : null;
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: fullKey(key) }));
    },
    async copy(from, to) {
      const source = `${Bucket}/${fullKey(from).split('/').map(encodeURIComponent).join('/')}`;
      await client.send(new CopyObjectCommand({ Bucket, Key: fullKey(to), CopySource: source }));
    },
    list,
    async check() {
      await client.send(new ListObjectsCommand({ Bucket, Prefix: base, MaxKeys: 1 }), {
        abortSignal: AbortSignal.timeout(CHECK_MS),
      });
    },
  };
}
