// Peak memory of the real server under upload pressure (decision 132): starts `src/server/main.ts` as a child
// process on a fresh database, fires three concurrent 50 MB uploads (refused with 413 while streaming) and ten
// concurrent valid 8 MB uploads over real HTTP, and reads the child's peak RSS (VmHWM in /proc/<pid>/status).
// Run: `npx tsx scripts/upload-memory.ts` (prints JSON); src/server/modules/catalog/admin/upload-memory.test.ts runs it.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN = { email: 'memory-admin@butiku.test', password: 'Memory#Admin2026' };

export interface UploadMemoryResult {
  baselineKb: number;
  peakKb: number;
  /** Peak after the three 50 MB uploads, before the valid ones. */
  afterOversizedKb: number;
  oversized: { count: number; statuses: number[] };
  valid: { count: number; fileBytes: number; statuses: number[] };
  seconds: number;
}

const kb = (pid: number, field: 'VmHWM' | 'VmRSS'): number => {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : 0;
};

function request(port: number, method: string, p: string, headers: Record<string, string>, body?: Buffer | string) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: p, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    // A server that refuses an upload early may close while we are still sending: the answer already came.
    req.on('error', (e) => reject(e));
    req.end(body);
  });
}

/** A multipart body with one file part, built as one Buffer on the client side. */
function multipart(fields: Record<string, string>, fileField: string, file: Buffer): { body: Buffer; type: string } {
  const boundary = `----butiku${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
  );
  parts.push(file, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

async function startServer(dir: string, port: number): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      SKIP_CLIENT_BUILD: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      DATABASE_PATH: path.join(dir, 'shop.db'),
      UPLOADS_DIR: path.join(dir, 'uploads'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_PASSWORD: '1000/60',
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const actualPort = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (d: Buffer) => {
      output += d.toString();
      const m = /serving on http:\/\/[^:]+:(\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  return { child, port: actualPort };
}

export async function measureUploadMemory(opts: { port?: number } = {}): Promise<UploadMemoryResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-upload-memory-'));
  const started = Date.now();
  // By hand: a port of the 4400-4499 range; the test passes 0 (any free port).
  const { child, port } = await startServer(dir, opts.port ?? 4400 + Math.floor(Math.random() * 100));
  try {
    const pid = child.pid!;
    const json = { 'content-type': 'application/json' };
    const login = await request(port, 'POST', '/api/users/login', json, JSON.stringify(ADMIN));
    const token = (JSON.parse(login.text) as { token: string }).token;
    const auth = { ...json, authorization: `Bearer ${token}` };
    const must = async (r: Promise<{ status: number; text: string }>) => {
      const res = await r;
      if (res.status >= 300) throw new Error(`setup failed: ${res.status} ${res.text}`);
      return JSON.parse(res.text) as any;
    };
    const category = await must(
      request(
        port,
        'POST',
        '/api/Category',
        auth,
        JSON.stringify({ categoryName: 'Fustane', description: 'Fustane', mainCategoryID: 1 }),
      ),
    );
    const colors = await must(
      request(port, 'POST', '/api/Color', auth, JSON.stringify({ colorName: 'E kuqe', hexCode: '#CC0000' })),
    );
    const categoryID = Number(category.categoryID);
    const colorID = Number((Array.isArray(colors) ? colors[0] : colors).colorID);
    const created = await must(
      request(port, 'POST', '/api/Product', auth, JSON.stringify({ name: 'Fustan', categoryID, price: 20 })),
    );
    const productID = Number(created.productID);
    const url = `/api/Product/${productID}/Images`;
    const bearer = { authorization: `Bearer ${token}` };

    // A valid image just under 8 MB: random pixels stored as an uncompressed PNG.
    const side = 1650;
    const noise = Buffer.alloc(side * side * 3);
    for (let i = 0; i < noise.length; i += 4)
      noise.writeUInt32LE((Math.random() * 2 ** 32) >>> 0, Math.min(i, noise.length - 4));
    const valid = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const validForm = multipart({ 'images[0].colorID': String(colorID) }, 'images[0].imageFiles', valid);
    // 50 MB that starts like a PNG.
    const huge = Buffer.alloc(50 * 1024 * 1024);
    valid.copy(huge, 0, 0, 64);
    const hugeForm = multipart({ 'images[0].colorID': String(colorID) }, 'images[0].imageFiles', huge);

    await new Promise((r) => setTimeout(r, 500));
    const baselineKb = kb(pid, 'VmRSS');
    const oversized = await Promise.all(
      Array.from({ length: 3 }, () =>
        request(port, 'POST', url, { ...bearer, 'content-type': hugeForm.type }, hugeForm.body).then(
          (r) => r.status,
          () => -1,
        ),
      ),
    );
    const afterOversizedKb = kb(pid, 'VmHWM');
    const validStatuses = await Promise.all(
      Array.from({ length: 10 }, () =>
        request(port, 'POST', url, { ...bearer, 'content-type': validForm.type }, validForm.body).then(
          (r) => r.status,
          () => -1,
        ),
      ),
    );
    return {
      baselineKb,
      peakKb: kb(pid, 'VmHWM'),
      afterOversizedKb,
      oversized: { count: 3, statuses: oversized },
      valid: { count: 10, fileBytes: valid.length, statuses: validStatuses },
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const result = await measureUploadMemory();
  console.log(JSON.stringify(result, null, 2));
  console.log(
    `peak RSS ${(result.peakKb / 1024).toFixed(0)} MB (baseline ${(result.baselineKb / 1024).toFixed(0)} MB)`,
  );
}
