// Content versions of the unhashed public files (public/images/**, public/favicon.{svg,png}), computed the same way
// by the Vite build (vite.config.ts injects them into the client as __STATIC_VERSIONS__) and by the server
// (from dist/client at start), so both name the same `?v=` and only a matching one is cached as immutable.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { StaticVersions } from '#shared/static-url';

/** Files and folders under the public/dist root whose URLs carry a content version. */
const VERSIONED = ['images', 'favicon.svg', 'favicon.png'];

export function contentVersion(body: Uint8Array): string {
  return createHash('sha256').update(body).digest('hex').slice(0, 12);
}

/** URL path -> content version for every versioned file under `root` (public/ or dist/client/). */
export function staticVersions(root: string): StaticVersions {
  const out: Record<string, string> = {};
  const walk = (rel: string) => {
    const full = path.join(root, rel);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(full);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(full).sort()) walk(path.posix.join(rel, entry));
    } else if (stat.isFile()) {
      out[`/${rel}`] = contentVersion(fs.readFileSync(full));
    }
  };
  for (const rel of VERSIONED) walk(rel);
  return out;
}
