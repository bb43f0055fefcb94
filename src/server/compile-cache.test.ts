// The shop's bundle loaded through a V8 code cache (decision 291): written after a first load, used by the next,
// never used for a file whose text changed (even to the same length), refused when damaged, and optional where the
// folder cannot be written. Each load runs the file afresh, as a new process would.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compileCacheFile, loadWithCompileCache } from './compile-cache';

let dir: string;
let file: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-compile-cache-'));
  file = path.join(dir, 'shop.cjs');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A CommonJS file that uses what a bundle uses: require, __filename, module.exports and import(). */
const bundle = (word: string) =>
  `const path = require('node:path');
module.exports = { word: '${word}', name: path.basename(__filename), late: () => import('node:os').then((m) => typeof m.cpus) };
`;

const caches = () =>
  fs.existsSync(path.join(dir, '.compile-cache')) ? fs.readdirSync(path.join(dir, '.compile-cache')) : [];
type Exports = { word: string; name: string; late: () => Promise<string> };

describe('loadWithCompileCache', () => {
  it('runs the file, writes its cache after the first load and compiles from it on the next', async () => {
    fs.writeFileSync(file, bundle('mirë'));
    const first = loadWithCompileCache(file, { writeAfterMs: 0 });
    expect(first.cache).toBe('absent');
    expect(first.exports).toMatchObject({ word: 'mirë', name: 'shop.cjs' });
    expect(await (first.exports as Exports).late()).toBe('function');
    expect(await first.written).toBe(true);
    expect(caches()).toEqual([path.basename(compileCacheFile(file, fs.readFileSync(file)))]);

    const second = loadWithCompileCache(file, { writeAfterMs: 0 });
    expect(second.cache).toBe('used');
    expect(second.exports).toMatchObject({ word: 'mirë', name: 'shop.cjs' });
    expect(await (second.exports as Exports).late()).toBe('function');
    expect(await second.written).toBe(false);
  });

  it('never runs an older text from the cache: a rebuilt file of the same length gets a cache of its own', async () => {
    fs.writeFileSync(file, bundle('aaaa'));
    await loadWithCompileCache(file, { writeAfterMs: 0 }).written;
    fs.writeFileSync(file, bundle('bbbb'));
    const rebuilt = loadWithCompileCache(file, { writeAfterMs: 0 });
    expect(rebuilt.cache).toBe('absent');
    expect((rebuilt.exports as Exports).word).toBe('bbbb');
    expect(await rebuilt.written).toBe(true);
    // The older file's cache is removed when the new one is written.
    expect(caches()).toEqual([path.basename(compileCacheFile(file, fs.readFileSync(file)))]);
  });

  it('compiles from the source when the cache is damaged, and writes it again', async () => {
    fs.writeFileSync(file, bundle('x'));
    const cacheFile = compileCacheFile(file, fs.readFileSync(file));
    fs.mkdirSync(path.dirname(cacheFile));
    fs.writeFileSync(cacheFile, Buffer.from('not a code cache'));
    const loaded = loadWithCompileCache(file, { writeAfterMs: 0 });
    expect(loaded.cache).toBe('rejected');
    expect((loaded.exports as Exports).word).toBe('x');
    expect(await loaded.written).toBe(true);
    expect(loadWithCompileCache(file).cache).toBe('used');
  });

  it('starts without a cache where none can be written', async () => {
    fs.writeFileSync(file, bundle('y'));
    fs.writeFileSync(path.join(dir, '.compile-cache'), 'a file where the folder would be');
    const loaded = loadWithCompileCache(file, { writeAfterMs: 0 });
    expect((loaded.exports as Exports).word).toBe('y');
    expect(await loaded.written).toBe(false);
    expect(loadWithCompileCache(file, { writeAfterMs: 0 }).cache).toBe('absent');
  });
});
