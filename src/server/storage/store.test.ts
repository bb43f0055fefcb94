// The storage port's contract (decision 266), held by both adapters: the local folder and the S3-compatible one
// against a real S3-protocol server (s3rver on a loopback port). Put (buffer and stream), get, read, list, copy,
// delete, check; keys that could leave the folder or prefix are refused before any I/O.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../testing/s3-server';
import { localStore } from './local-store';
import { openS3Store } from './open';
import { readAll, type ObjectStore } from './store';

let s3: TestS3Server;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-store-'));
const stores: Record<string, () => Promise<ObjectStore>> = {
  'local folder': async () => localStore(folder),
  's3 bucket': () => openS3Store(s3.location('contract', 'a/b')),
};

beforeAll(async () => {
  s3 = await startS3Server(['contract']);
});

afterAll(async () => {
  await s3?.stop();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe.each(Object.keys(stores))('%s', (name) => {
  it('puts, reads, lists, copies and deletes objects', async () => {
    const store = await stores[name]!();
    await store.put('one.webp', Buffer.from('first'), 'image/webp');
    await store.put('w400/one.webp', Readable.from([Buffer.from('sm'), Buffer.from('all')]));
    expect((await store.read('one.webp'))?.toString()).toBe('first');
    expect((await readAll((await store.get('w400/one.webp'))!)).toString()).toBe('small');
    expect(await store.read('missing.webp')).toBeNull();
    expect(await store.get('missing.webp')).toBeNull();
    await store.copy('one.webp', 'two.webp');
    expect(await store.list()).toEqual([
      { key: 'one.webp', size: 5 },
      { key: 'two.webp', size: 5 },
      { key: 'w400/one.webp', size: 5 },
    ]);
    expect((await store.list('w400/')).map((o) => o.key)).toEqual(['w400/one.webp']);
    await store.delete('one.webp');
    await store.delete('one.webp'); // already gone: fine
    expect((await store.read('two.webp'))?.toString()).toBe('first');
    await expect(store.check()).resolves.toBeUndefined();
  });

  it('refuses keys that could leave its folder or prefix', async () => {
    const store = await stores[name]!();
    for (const key of ['../escape', '/abs', 'a//b', 'a/./b', 'a\\b', ''])
      await expect(store.put(key, Buffer.from('x')), key).rejects.toThrow(/refused storage key/);
    expect(fs.existsSync(path.join(folder, '..', 'escape'))).toBe(false);
  });
});

it('a bucket that does not exist fails its check', async () => {
  await expect((await openS3Store(s3.location('missing-bucket'))).check()).rejects.toThrow();
});
