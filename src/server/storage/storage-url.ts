// STORAGE_URL and BACKUP_STORAGE_URL (decision 266): an S3-compatible bucket written as
// s3://bucket/optional/prefix?region=eu-central-1&endpoint=https://s3.example.com&forcePathStyle=true.
// Parsed once by config.ts; the credentials come from their own variables, never from the URL.

/** Where an S3-compatible store keeps its objects, and how to reach it. */
export interface S3Location {
  bucket: string;
  /** Key prefix without leading or trailing slash ('' = the bucket's root). */
  prefix: string;
  /** Unset = AWS_REGION, else us-east-1 (what MinIO and most self-hosted stores expect). */
  region?: string;
  /** Unset = AWS S3 itself. */
  endpoint?: string;
  /** Path-style addressing (MinIO, s3rver, most self-hosted stores). */
  forcePathStyle: boolean;
  /** Explicit keys (STORAGE_ACCESS_KEY_ID/…); unset = the SDK's usual chain (AWS_ACCESS_KEY_ID/…, profiles, roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

// S3's bucket naming rules: 3-63 characters, lower-case letters, digits, dots and hyphens, starting and ending alike.
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const KNOWN = new Set(['region', 'endpoint', 'forcePathStyle']);

/** The location an s3:// URL names, or the operator-facing reason it is refused. */
export function parseS3Url(raw: string): { ok: true; location: S3Location } | { ok: false; error: string } {
  const example = 's3://bucket/prefix?region=eu-central-1&endpoint=https://s3.example.com&forcePathStyle=true';
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return { ok: false, error: `must be a URL such as ${example}` };
  }
  if (u.protocol !== 's3:') return { ok: false, error: `must start with s3://, e.g. ${example}` };
  if (u.username || u.password)
    return {
      ok: false,
      error:
        'must not hold credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or the *_ACCESS_KEY_ID variables) instead',
    };
  if (!BUCKET.test(u.hostname))
    return { ok: false, error: `names no valid bucket (3-63 lower-case letters, digits, dots, hyphens): ${example}` };
  const unknown = [...u.searchParams.keys()].filter((k) => !KNOWN.has(k));
  if (unknown.length)
    return { ok: false, error: `unknown option ${unknown.join(', ')} (use region, endpoint, forcePathStyle)` };
  const endpoint = u.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/?#\s]+\/?$/i.test(endpoint))
    return { ok: false, error: 'endpoint must be an http(s) origin such as https://s3.eu-central-1.example.com' };
  const style = u.searchParams.get('forcePathStyle');
  if (style !== null && style !== 'true' && style !== 'false')
    return { ok: false, error: 'forcePathStyle must be true or false' };
  let prefix: string;
  try {
    prefix = decodeURIComponent(u.pathname).replace(/^\/+|\/+$/g, '');
  } catch {
    return { ok: false, error: 'has a malformed prefix' };
  }
  if (prefix.split('/').some((part) => part === '..' || part === '.'))
    return { ok: false, error: 'prefix must not hold . or .. segments' };
  return {
    ok: true,
    location: {
      bucket: u.hostname,
      prefix,
      region: u.searchParams.get('region') || undefined,
      endpoint: endpoint?.replace(/\/+$/, ''),
      forcePathStyle: style === 'true',
    },
  };
}

/** s3://bucket/prefix: how logs and messages name a location (no endpoint query, never a key). */
export const describeS3 = (l: S3Location): string => `s3://${l.bucket}${l.prefix ? `/${l.prefix}` : ''}`;
