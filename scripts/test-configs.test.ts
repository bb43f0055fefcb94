// The PostgreSQL run skips files that touch no database by naming them; a file moved or renamed would silently run
// twice (or a misspelt entry skip nothing). Every file the configs name must exist, and CI's two lanes share the
// thorough files out whole.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import pgConfig from '../vitest.pg.config';
import { TIMED_JOURNEYS } from '../vitest.e2e.config';
import { THOROUGH_TESTS, thoroughFiles } from '../vitest.config';

const root = path.resolve(import.meta.dirname, '..');
const namedFiles = (entries: readonly string[]) => entries.filter((e) => /\.tsx?$/.test(e) && !e.includes('*'));

describe('test configs', () => {
  it('name only files that exist', () => {
    const excluded = (pgConfig as { test?: { exclude?: string[] } }).test?.exclude ?? [];
    const named = [...namedFiles(excluded), ...TIMED_JOURNEYS, ...THOROUGH_TESTS];
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((f) => !fs.existsSync(path.join(root, f)))).toEqual([]);
  });

  it("split the thorough files between CI's two lanes: each in exactly one", () => {
    const [first, second] = [thoroughFiles('1'), thoroughFiles('2')];
    expect(second.length).toBeGreaterThan(0);
    expect([...first, ...second].sort()).toEqual([...THOROUGH_TESTS].sort());
    expect(thoroughFiles(undefined)).toEqual(THOROUGH_TESTS);
  });
});
