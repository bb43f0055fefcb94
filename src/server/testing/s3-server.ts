// A real S3-protocol server for tests (decision 266): s3rver on a loopback port, its objects in a temporary folder.
// Our S3 adapter, the shipped commands and any number of shop processes talk to it over HTTP exactly as they would
// to AWS S3 or MinIO; nothing of our client is faked. s3rver accepts any signature made with S3RVER/S3RVER.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Location } from '../storage/storage-url';

export interface TestS3Server {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  /** s3://bucket/prefix?endpoint=…&forcePathStyle=true&region=us-east-1 */
  url(bucket: string, prefix?: string): string;
  /** The parsed location with s3rver's keys, as config.ts would give it. */
  location(bucket: string, prefix?: string): S3Location;
  /** Keys for a child process's environment (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, AWS_REGION). */
  credentialsEnv: Record<string, string>;
  stop(): Promise<void>;
}

export const S3RVER_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** Starts s3rver with the given buckets (names of 3+ characters) on a free loopback port. */
export async function startS3Server(buckets: string[]): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const location = (bucket: string, prefix = ''): S3Location => ({
    bucket,
    prefix,
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { ...S3RVER_KEYS },
  });
  return {
    endpoint,
    url: (bucket, prefix = '') =>
      `s3://${bucket}/${prefix}?region=us-east-1&endpoint=${encodeURIComponent(endpoint)}&forcePathStyle=true`,
    location,
    credentialsEnv: {
      AWS_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey,
      AWS_REGION: 'us-east-1',
    },
    async stop() {
      server.httpServer?.closeAllConnections();
      await server.close().catch(() => undefined);
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
