// A CommonJS file loaded through a V8 code cache kept beside it (decision 291). Node 20 parses and compiles the shop's
// 5 MB bundle anew at every start: reading and compiling it took about 290 ms of a 2-core machine's 2 s start, before
// any of the shop's own code ran. Node 22's module.enableCompileCache() does the same for every module; on Node 20
// this does it for one file: the compiled code V8 hands back once the file has run is written to `.compile-cache/`
// beside it, and the next start compiles from it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

/** What became of the cache: read and accepted, absent (then written), refused by V8 (then rewritten), or not used. */
export type CompileCacheUse = 'used' | 'absent' | 'rejected' | 'off';

export interface LoadedWithCache {
  exports: unknown;
  cache: CompileCacheUse;
  /** Resolves once the cache is written (true), or is not to be written or could not be (false). */
  written: Promise<boolean>;
}

/**
 * The cache file of `file` with this content, on this Node and with these flags. V8 checks only a source's length
 * against its cache, so the name carries a hash of the whole text: a rebuilt file of the same length never runs the
 * old file's code.
 */
export function compileCacheFile(file: string, source: Buffer): string {
  const key = crypto
    .createHash('sha256')
    .update(source)
    .update(`\0${process.version}\0${process.arch}\0${process.execArgv.join(' ')}`)
    .digest('hex')
    .slice(0, 20);
  return path.join(path.dirname(file), '.compile-cache', `${path.basename(file, path.extname(file))}-${key}.bin`);
}

/** Writes `data` as `target` (a temporary file renamed over it) and removes the folder's older caches of the file. */
async function keep(target: string, data: Buffer): Promise<boolean> {
  try {
    const dir = path.dirname(target);
    await fs.promises.mkdir(dir, { recursive: true });
    const stem = path.basename(target).replace(/-[0-9a-f]+\.bin$/, '-');
    for (const old of await fs.promises.readdir(dir))
      if (old.startsWith(stem) && old !== path.basename(target))
        await fs.promises.rm(path.join(dir, old), { force: true });
    const temporary = `${target}.${process.pid}.tmp`;
    await fs.promises.writeFile(temporary, data, { mode: 0o644 });
    await fs.promises.rename(temporary, target);
    return true;
  } catch {
    return false; // a read-only install starts without the cache, as before
  }
}

/**
 * Runs the CommonJS `file` as `require` would (its own `module`, `require` and `__filename`), compiled from its code
 * cache when one was kept. Without a usable cache the file is compiled from source, and once it has run (`writeAfterMs`
 * later, at the next turn of the event loop by default: during the shop's start, before it listens) V8's compiled code
 * is taken in one step (60-85 ms for the shop, which nobody waits on yet) and written asynchronously. A Node without
 * vm's default loader for `import()` loads the file with `require`.
 */
export function loadWithCompileCache(file: string, { writeAfterMs = 0 } = {}): LoadedWithCache {
  const loader = vm.constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER;
  const requireIt = Module.createRequire(file);
  if (!loader) return { exports: requireIt(file), cache: 'off', written: Promise.resolve(false) };
  const source = fs.readFileSync(file);
  const cacheFile = compileCacheFile(file, source);
  let cachedData: Buffer | undefined;
  try {
    cachedData = fs.readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const script = new vm.Script(Module.wrap(source.toString('utf8')), {
    filename: file,
    cachedData,
    importModuleDynamically: loader,
  });
  const cache: CompileCacheUse = !cachedData ? 'absent' : script.cachedDataRejected ? 'rejected' : 'used';
  const mod = new Module(file);
  mod.filename = file;
  (Module as unknown as { _cache: Record<string, Module> })._cache[file] = mod;
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(mod.exports, mod.exports, requireIt, mod, file, path.dirname(file));
  mod.loaded = true;
  const written =
    cache === 'used'
      ? Promise.resolve(false)
      : new Promise<boolean>((resolve) => {
          setTimeout(() => {
            let data: Buffer;
            try {
              data = script.createCachedData();
            } catch {
              return resolve(false);
            }
            resolve(keep(cacheFile, data));
          }, writeAfterMs).unref();
        });
  return { exports: mod.exports, cache, written };
}
