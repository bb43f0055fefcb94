// The demo seed's encoded pictures are kept once per machine (decision 285): the second seed reads the same bytes
// the first encoded, and a missing, unwritable or torn cache only means encoding again.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeImage } from '../modules/media';
import { defaultPictureCacheDir, encodedDemoPicture } from './picture-cache';
import { productArt } from './product-art';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-picture-cache-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const svg = productArt('dress', '#a0304f', 1);
const filesIn = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);

describe('the demo pictures cache', () => {
  it('encodes a picture once: the second call reads the bytes the first wrote, equal to a fresh encoding', async () => {
    const dir = path.join(root, 'cache');
    const first = await encodedDemoPicture(svg, dir);
    const [file] = filesIn(dir);
    expect(filesIn(dir)).toHaveLength(1);
    const written = fs.statSync(path.join(dir, file!)).mtimeMs;
    const second = await encodedDemoPicture(svg, dir);
    expect(fs.statSync(path.join(dir, file!)).mtimeMs).toBe(written);
    expect(Buffer.compare(second.large, first.large)).toBe(0);
    expect(Buffer.compare(second.small, first.small)).toBe(0);
    const fresh = await encodeImage(Buffer.from(svg));
    expect(Buffer.compare(fresh.large, first.large)).toBe(0);
    expect(Buffer.compare(fresh.small, first.small)).toBe(0);
    expect(first.small.length).toBeLessThan(first.large.length);
    // Another drawing is another entry.
    await encodedDemoPicture(productArt('dress', '#a0304f', 2), dir);
    expect(filesIn(dir)).toHaveLength(2);
  });

  it('a torn file is encoded again and replaced', async () => {
    const dir = path.join(root, 'torn');
    const good = await encodedDemoPicture(svg, dir);
    const file = path.join(dir, filesIn(dir)[0]!);
    fs.writeFileSync(file, fs.readFileSync(file).subarray(0, 100));
    const again = await encodedDemoPicture(svg, dir);
    expect(Buffer.compare(again.large, good.large)).toBe(0);
    expect(fs.statSync(file).size).toBe(4 + good.large.length + good.small.length);
  });

  it('a folder it cannot write to, or no node_modules at all, still gives the encoded picture', async () => {
    const blocked = path.join(root, 'blocked');
    fs.writeFileSync(blocked, 'a file where the folder would be');
    const picture = await encodedDemoPicture(svg, path.join(blocked, 'cache'));
    expect(picture.large.subarray(8, 12).toString()).toBe('WEBP');
    expect(defaultPictureCacheDir(root)).toBeNull();
    expect(defaultPictureCacheDir(process.cwd())).toBe(
      path.join(process.cwd(), 'node_modules', '.cache', 'butiku-demo-pictures'),
    );
    expect(await encodedDemoPicture(svg, null)).toEqual(picture);
  });
});
