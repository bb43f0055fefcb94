// The local-folder adapter of the storage port (decision 266): keys are paths under one folder. Objects are
// written as `<key>.partial-<random>` and renamed into place, so a reader never sees half a file; a copy is a hard
// link where the file system allows one (the demo seed's duplicates cost no space), else a file copy.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkKey, type ObjectStore, type StoredObject } from './store';

const PARTIAL = /\.partial-[0-9a-f]+$/;

export function localStore(folder: string): ObjectStore {
  const root = path.resolve(folder);
  const file = (key: string) => path.join(root, ...checkKey(key).split('/'));

  async function put(key: string, body: Buffer | Readable): Promise<void> {
    const target = file(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.partial-${randomBytes(6).toString('hex')}`;
    try {
      if (Buffer.isBuffer(body)) await fs.promises.writeFile(temp, body, { flag: 'wx' });
      else await pipeline(body, fs.createWriteStream(temp, { flags: 'wx' }));
      await fs.promises.rename(temp, target);
    } catch (err) {
      await fs.promises.rm(temp, { force: true });
      throw err;
    }
  }

  async function list(prefix = ''): Promise<StoredObject[]> {
    const out: StoredObject[] = [];
    const visit = async (dir: string, rel: string): Promise<void> => {
      let entries: fs.Dirent[];
      try {
        entries = await fs.promises.readdir(dir, { withFileTypes: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw err;
      }
      for (const e of entries) {
        const key = rel + e.name;
        if (e.isDirectory()) await visit(path.join(dir, e.name), `${key}/`);
        else if (e.isFile() && !PARTIAL.test(e.name) && key.startsWith(prefix))
          out.push({ key, size: (await fs.promises.stat(path.join(dir, e.name))).size });
      }
    };
    await visit(root, '');
    return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  return {
    description: root,
    put,
    async get(key) {
      const stream = fs.createReadStream(file(key));
      // Opening fails asynchronously: wait for 'open' so a missing file is a null, not a stream that errors.
      return new Promise((resolve, reject) => {
        stream.once('open', () => resolve(stream));
        stream.once('error', (err: NodeJS.ErrnoException) =>
          err.code === 'ENOENT' || err.code === 'EISDIR' ? resolve(null) : reject(err),
        );
      });
    },
    async read(key) {
      try {
        return await fs.promises.readFile(file(key));
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'EISDIR') return null;
        throw err;
      }
    },
    async delete(key) {
      await fs.promises.rm(file(key), { force: true });
    },
    async copy(from, to) {
      const [a, b] = [file(from), file(to)];
      await fs.promises.mkdir(path.dirname(b), { recursive: true });
      try {
        await fs.promises.link(a, b);
      } catch {
        await fs.promises.copyFile(a, b, fs.constants.COPYFILE_EXCL);
      }
    },
    list,
    async check() {
      await fs.promises.access(root, fs.constants.W_OK);
    },
  };
}
