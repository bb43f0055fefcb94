// Every migration of this folder, by file name, found by listing the folder: a migration is one file, never also a
// line here (decision 278); never edit a landed one. The server bundle (scripts/build-server.mjs) compiles this file
// into static imports of the same files, so the built server needs no folder to list.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Migration } from 'kysely';

/** A migration's file name: four digits, an underscore, its name. */
export const MIGRATION_FILE = /^(\d{4}_[a-z0-9_]+)\.ts$/;

const folder = path.dirname(fileURLToPath(import.meta.url));
const names = fs
  .readdirSync(folder)
  .map((f) => MIGRATION_FILE.exec(f)?.[1])
  .filter((n): n is string => n !== undefined)
  .sort();

export const migrations: Record<string, Migration> = Object.fromEntries(
  await Promise.all(names.map(async (n) => [n, (await import(`./${n}.ts`)) as Migration] as const)),
);
