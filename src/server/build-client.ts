// Builds the client with Vite when dist/client is missing or older than its sources (so `npm start` just works).
import fs from 'node:fs';
import path from 'node:path';

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function clientIsStale(root: string, distDir: string): boolean {
  const index = path.join(distDir, 'index.html');
  if (!fs.existsSync(index)) return true;
  const built = fs.statSync(index).mtimeMs;
  const sources = ['src/client', 'src/shared', 'index.html', 'vite.config.ts', 'public'].map((p) => newestMtime(path.join(root, p)));
  return Math.max(...sources) > built;
}

export async function buildClientIfNeeded(root: string, distDir: string): Promise<boolean> {
  if (!clientIsStale(root, distDir)) return false;
  console.log('Building the storefront (first start or changed sources)…');
  const { build } = await import('vite');
  await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
  return true;
}
