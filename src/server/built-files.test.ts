// Built files (issue 38, decision 242): one build shared by concurrent asks, a quick set rebuilt before answering,
// a slow one served stale while it rebuilds in the background, the date of unchanged bytes kept, failures leaving
// the last good set, and the event loop free while a build runs. Real files in the OS temp folder.
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { loopHolds } from './testing/loop-holds';
import { AWAIT_BUILD_MS, BuiltFiles, type SetWriter } from './built-files';

const files = new BuiltFiles();
afterEach(() => files.clear());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const text = (set: { files: ReadonlyMap<string, { path: string }> }, name = '') =>
  fs.readFileSync(set.files.get(name)!.path, 'utf8');

describe('BuiltFiles', () => {
  it('builds once for concurrent asks and again only when the stamp moves on', async () => {
    let builds = 0;
    let stamp = 'a';
    const make = async (out: SetWriter) => {
      builds += 1;
      await out.file('').write(`stamp ${stamp}`);
      await out.file('part').write('second file');
    };
    const [one, two] = await Promise.all([
      files.get('k', async () => stamp, make),
      files.get('k', async () => stamp, make),
    ]);
    expect(builds).toBe(1);
    expect(one).toBe(two);
    expect(text(one)).toBe('stamp a');
    expect(text(one, 'part')).toBe('second file');
    expect(fs.readFileSync(one.files.get('')!.gzipPath).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    await files.get('k', async () => stamp, make);
    expect(builds).toBe(1);
    stamp = 'b';
    const next = await files.get('k', async () => stamp, make);
    expect(builds).toBe(2);
    expect(text(next)).toBe('stamp b');
    expect(next.files.get('')!.etag).not.toBe(one.files.get('')!.etag);
  });

  it('keeps the date of bytes that did not change, and moves it when they do', async () => {
    let stamp = 1;
    let body = 'same';
    const make = async (out: SetWriter) => out.file('').write(body);
    const first = (await files.get('d', async () => String(stamp), make)).files.get('')!;
    await sleep(1100);
    stamp += 1;
    const same = (await files.get('d', async () => String(stamp), make)).files.get('')!;
    expect(same.etag).toBe(first.etag);
    expect(same.lastModified).toEqual(first.lastModified);
    stamp += 1;
    body = 'changed';
    const changed = (await files.get('d', async () => String(stamp), make)).files.get('')!;
    expect(changed.lastModified.getTime()).toBeGreaterThan(first.lastModified.getTime());
  });

  it('serves a slow set stale while it rebuilds, at most once per interval', async () => {
    let stamp = 'v1';
    let builds = 0;
    const make = async (out: SetWriter) => {
      builds += 1;
      await sleep(AWAIT_BUILD_MS + 50); // a build as slow as a big shop's feed
      await out.file('').write(stamp);
    };
    const first = await files.get('slow', async () => stamp, make);
    expect(text(first)).toBe('v1');
    stamp = 'v2';
    // Built less than MIN_REBUILD_MS ago: the stale set answers at once and the rebuild waits its turn.
    const started = Date.now();
    const stale = await files.get('slow', async () => stamp, make);
    expect(Date.now() - started).toBeLessThan(AWAIT_BUILD_MS);
    expect(stale).toBe(first);
    expect(builds).toBe(1);
  });

  it('keeps the last good set when a build fails, and removes the failed files', async () => {
    let stamp = 'ok';
    const good = await files.get(
      'f',
      async () => stamp,
      async (out) => out.file('').write('good'),
    );
    stamp = 'broken';
    let partial = '';
    await expect(
      files.get(
        'f',
        async () => stamp,
        async (out) => {
          await out.file('').write('half');
          partial = (out.file('') as unknown as { path: string }).path;
          throw new Error('disk full');
        },
      ),
    ).rejects.toThrow('disk full');
    expect(fs.existsSync(partial)).toBe(false);
    expect(fs.existsSync(good.files.get('')!.path)).toBe(true);
  });

  // Held = the CPU the process used between two 5 ms beats (loopHolds): on a CI runner with four processes on two
  // cores the wall-clock delay once read 2.7 s while the loop itself was free. One retry for a major GC pause.
  it('never holds the event loop for long while a big document is written', { retry: 1 }, async () => {
    const holds = loopHolds();
    const set = await files.get(
      'big',
      async () => 'x',
      async (out) => {
        const file = out.file('');
        for (let i = 0; i < 200_000; i += 1) {
          if (out.slices.spent()) await out.slices.next();
          await file.write(`<url><loc>https://butiku.shop/productDetails/${i}</loc></url>\n`);
        }
      },
    );
    const held = holds();
    expect(set.files.get('')!.bytes).toBeGreaterThan(10_000_000);
    expect(held).toBeLessThan(100);
  });
});
