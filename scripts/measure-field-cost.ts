// npm run measure:field-cost [-- <patch>...]: what one change costs (issue 34, decision 278): a field, a staff list. Each worked change
// is kept as a patch in docs/examples/ (a `git diff` of the change on top of the code); this applies it to a fresh
// `git worktree` of HEAD, counts the files it touches, and runs `tsc --noEmit` and the change's own tests (the test
// files the patch touches, plus those the example names) there, on SQLite. Prints files touched and pass/fail;
// exits non-zero when a check fails or a change costs more than its bound. HEAD only: commit before measuring.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export interface WorkedChange {
  name: string;
  patch: string;
  /** At most this many files (the bound). */
  bound: number;
  /** Tests beyond those the patch touches that prove the change works. */
  tests: string[];
}

export const WORKED_CHANGES: WorkedChange[] = [
  {
    name: 'a product field ("material": stored, shown, edited, in the CSV, audited)',
    patch: 'docs/examples/material-field.patch',
    bound: 8,
    // The tests of what the field passes through keep passing with it: the form, the product answers (storefront and
    // staff), every audited staff write, the CSV jobs.
    tests: [
      'src/client/features/products/product-form.test.tsx',
      'src/server/modules/catalog/catalog.rest.test.ts',
      'src/server/modules/catalog/admin/catalog-admin.rest.test.ts',
      'src/server/modules/audit/audit-walk.test.ts',
      'src/server/modules/catalog/admin/products/products-csv-jobs.test.ts',
    ],
  },
  {
    name: 'a staff list with a REST path (sizes in use: REST GET, tRPC read, access, dashboard route, menu entry)',
    patch: 'docs/examples/staff-list.patch',
    bound: 8,
    // Every declared operation is in the access table and the OpenAPI document by construction: both run over it.
    tests: ['src/server/access-table.test.ts', 'src/server/operations/openapi.test.ts'],
  },
];

/** The files a patch touches (added, changed, removed, renamed: each counted once). */
export function patchFiles(patchText: string): string[] {
  const files = new Set<string>();
  for (const m of patchText.matchAll(/^diff --git a\/(\S+) b\/(\S+)$/gm)) files.add(m[2]!);
  return [...files].sort();
}

function run(cwd: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd, env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 64 << 20 });
  return { ok: r.status === 0, seconds: (Date.now() - started) / 1000, output: `${r.stdout}${r.stderr}` };
}

function measure(change: WorkedChange): boolean {
  const patchPath = path.join(root, change.patch);
  const files = patchFiles(fs.readFileSync(patchPath, 'utf8'));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-field-cost-'));
  execFileSync('git', ['worktree', 'add', '--detach', '--quiet', dir, 'HEAD'], { cwd: root });
  try {
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    const applied = run(dir, 'git', ['apply', patchPath]);
    const tsc = applied.ok ? run(dir, 'npx', ['tsc', '--noEmit', '-p', '.']) : null;
    const tests = [...files.filter((f) => /\.test\.tsx?$/.test(f)), ...change.tests];
    const vitest = applied.ok ? run(dir, 'npx', ['vitest', 'run', ...tests], { TEST_WORKERS: '1', CI: '' }) : null;
    const within = files.length <= change.bound;
    const verdict = (r: ReturnType<typeof run> | null) =>
      r ? `${r.ok ? 'pass' : 'FAIL'} (${r.seconds.toFixed(0)} s)` : 'not run';
    console.log(`\n${change.name}\n  patch: ${change.patch}`);
    console.log(`  files touched: ${files.length} (bound ${change.bound}: ${within ? 'within' : 'OVER'})`);
    for (const f of files) console.log(`    ${f}`);
    console.log(`  git apply: ${applied.ok ? 'pass' : 'FAIL'}`);
    console.log(`  tsc --noEmit: ${verdict(tsc)}`);
    console.log(`  tests (${tests.join(', ')}): ${verdict(vitest)}`);
    for (const r of [applied, tsc, vitest]) if (r && !r.ok) console.log(r.output.split('\n').slice(-40).join('\n'));
    return applied.ok && !!tsc?.ok && !!vitest?.ok && within;
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: root });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const asked = process.argv.slice(2);
  const changes = asked.length ? WORKED_CHANGES.filter((c) => asked.includes(c.patch)) : WORKED_CHANGES;
  let ok = true;
  for (const c of changes) ok = measure(c) && ok;
  process.exit(ok ? 0 : 1);
}
