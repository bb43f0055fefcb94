// Peak memory of the real server under upload pressure (decision 132): starts the server as `npm start` serves it
// (compiled, with its node flags: scripts/measured-server.ts) as a child process on a fresh database, fires three concurrent 50 MB uploads (refused with 413 while streaming) and ten
// concurrent valid 8 MB uploads over real HTTP, and reads the child's peak RSS (VmHWM in /proc/<pid>/status).
// Run: `npx tsx scripts/upload-memory.ts` (prints JSON); src/server/modules/catalog/admin/upload-memory.test.ts runs it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { buildMeasuredServer, procKb, request, startMeasuredServer, stopMeasuredServer } from './measured-server';

const ADMIN = { email: 'memory-admin@butiku.test', password: 'Memory#Admin2026' };

export interface UploadMemoryResult {
  /** What was measured: the compiled server with `npm start`'s flags, or the sources under tsx. */
  server: string;
  baselineKb: number;
  peakKb: number;
  /** Peak after the three 50 MB uploads, before the valid ones. */
  afterOversizedKb: number;
  oversized: { count: number; statuses: number[] };
  valid: { count: number; fileBytes: number; statuses: number[] };
  seconds: number;
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

/** Signs in as the administrator and creates a category, a colour and a product to upload pictures to. */
async function createProduct(port: number): Promise<{ token: string; colorID: number; productID: number }> {
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
  return { token, colorID, productID };
}

/** `env`: extra settings of the server, e.g. STORAGE_URL to keep the pictures in a bucket (decision 266). */
export async function measureUploadMemory(
  opts: { port?: number; env?: Record<string, string> } = {},
): Promise<UploadMemoryResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-upload-memory-'));
  const started = Date.now();
  const build = buildMeasuredServer('upload-memory');
  // On PostgreSQL's suite the server keeps its DATABASE_URL, so the bound holds on both engines.
  const { child, port } = await startMeasuredServer(build.command, {
    dir,
    admin: ADMIN,
    keepDatabaseUrl: true,
    port: opts.port ?? 0,
    env: opts.env,
  }).catch((err: unknown) => {
    build.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  });
  try {
    const pid = child.pid!;
    const { token, colorID, productID } = await createProduct(port);
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
    const baselineKb = procKb(pid, 'VmRSS');
    const oversized = await Promise.all(
      Array.from({ length: 3 }, () =>
        request(port, 'POST', url, { ...bearer, 'content-type': hugeForm.type }, hugeForm.body).then(
          (r) => r.status,
          () => -1,
        ),
      ),
    );
    const afterOversizedKb = procKb(pid, 'VmHWM');
    const validStatuses = await Promise.all(
      Array.from({ length: 10 }, () =>
        request(port, 'POST', url, { ...bearer, 'content-type': validForm.type }, validForm.body).then(
          (r) => r.status,
          () => -1,
        ),
      ),
    );
    return {
      server: build.label,
      baselineKb,
      peakKb: procKb(pid, 'VmHWM'),
      afterOversizedKb,
      oversized: { count: 3, statuses: oversized },
      valid: { count: 10, fileBytes: valid.length, statuses: validStatuses },
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    await stopMeasuredServer(child);
    build.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const result = await measureUploadMemory();
  console.log(JSON.stringify(result, null, 2));
  console.log(
    `${result.server}: peak RSS ${(result.peakKb / 1024).toFixed(0)} MB (baseline ${(result.baselineKb / 1024).toFixed(0)} MB)`,
  );
}
