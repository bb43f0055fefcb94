// The PostgreSQL run skips files that touch no database by naming them; a file moved or renamed would silently run
// twice (or a misspelt entry skip nothing). Every file the configs name must exist.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import pgConfig from '../vitest.pg.config';
import { TIMED_JOURNEYS } from '../vitest.e2e.config';

const root = path.resolve(import.meta.dirname, '..');
const namedFiles = (entries: readonly string[]) => entries.filter((e) => /\.tsx?$/.test(e) && !e.includes('*'));

describe('test configs', () => {
  it('name only files that exist', () => {
    const excluded = (pgConfig as { test?: { exclude?: string[] } }).test?.exclude ?? [];
    const named = [...namedFiles(excluded), ...TIMED_JOURNEYS];
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((f) => !fs.existsSync(path.join(root, f)))).toEqual([]);
  });
});
