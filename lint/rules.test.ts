// Proves every rule of `npm run lint` fires: lints fixture files that break each rule (ESLint Node API, knip CLI)
// and expects exactly the listed errors, so a rule that stops firing or starts firing on allowed code fails here.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const tree = path.join(import.meta.dirname, 'fixtures/tree');
const rulesModule = path.join(import.meta.dirname, 'rules.js');

type Found = Record<string, string[]>;

async function lintTree(): Promise<Found> {
  const { buildConfig } = (await import(rulesModule)) as { buildConfig: (root: string) => unknown };
  const eslint = new ESLint({ cwd: tree, overrideConfigFile: true, overrideConfig: buildConfig(tree) as never });
  const results = await eslint.lintFiles(['.']);
  const found: Found = {};
  for (const r of results) {
    const file = path.relative(tree, r.filePath);
    found[file] = r.messages.map((m) => `${m.ruleId}: ${m.message}`).sort();
  }
  return found;
}

const boundary = 'import-x/no-restricted-paths: ';

describe('npm run lint rules', () => {
  let found: Found;
  it('lints the fixture tree', async () => {
    found = await lintTree();
    expect(Object.keys(found).length).toBeGreaterThan(10);
  }, 60_000);

  it('features never import another feature', () => {
    expect(found['src/client/features/alpha/imports-beta.tsx']).toEqual([
      expect.stringMatching(new RegExp(`^${boundary}.*A feature never imports another feature`)),
    ]);
  });

  it('components/ and lib/ never import features', () => {
    expect(found['src/client/components/ui/button.tsx']).toEqual([
      expect.stringMatching(new RegExp(`^${boundary}.*src/client/components is shared`)),
    ]);
    expect(found['src/client/lib/storage.ts']).toEqual([
      expect.stringMatching(new RegExp(`^${boundary}.*src/client/lib is shared`)),
    ]);
  });

  it('src/shared imports no node:*, no kysely and touches no DOM', () => {
    expect(found['src/shared/uses-node.ts']).toEqual([
      expect.stringMatching(/^no-restricted-imports: 'node:fs' import is restricted/),
      expect.stringMatching(/^no-restricted-imports: 'path' import is restricted/),
    ]);
    expect(found['src/shared/uses-kysely.ts']).toEqual([
      expect.stringMatching(/^no-restricted-imports: 'kysely' import is restricted/),
    ]);
    expect(found['src/shared/uses-dom.ts']).toEqual([
      expect.stringMatching(/^no-restricted-globals: Unexpected use of 'document'/),
      expect.stringMatching(/^no-restricted-globals: Unexpected use of 'window'/),
    ]);
  });

  it('Kysely query building and sql only in *.queries.ts, migrations, db/ and test helpers', () => {
    const sqlRule = 'no-restricted-syntax: SQL (Kysely) belongs in *.queries.ts (docs/architecture.md rule 5).';
    expect(found['src/server/modules/thing/thing.service.ts']).toEqual([
      expect.stringMatching(/^no-restricted-imports: 'sql' import from 'kysely' is restricted/),
      sqlRule, // selectFrom
      sqlRule, // deleteFrom
      sqlRule, // sql`...`
    ]);
  });

  it('import cycles fail', () => {
    expect(found['src/server/cycle-a.ts']).toEqual([
      expect.stringMatching(/^import-x\/no-cycle: Dependency cycle detected/),
    ]);
    expect(found['src/server/cycle-b.ts']).toEqual([
      expect.stringMatching(/^import-x\/no-cycle: Dependency cycle detected/),
    ]);
  });

  it('server modules are imported only through their index.ts, and index.ts names its exports', () => {
    const entry = 'butiku/module-entry: ';
    expect(found['src/server/modules/desk/desk.service.ts']).toEqual([
      `${entry}A module's doors ('../pen/pen.rest') are mounted by the composition root only, never imported by another module (docs/architecture.md rule 9).`,
      `${entry}Import another server module only through its index.ts (docs/architecture.md rule 9): '../pen/pen.service' is internal to module 'pen'.`, // static
      `${entry}Import another server module only through its index.ts (docs/architecture.md rule 9): '../pen/pen.service' is internal to module 'pen'.`, // import()
    ]);
    expect(found['src/server/modules/lamp/lamp.operations.ts']).toEqual([
      `${entry}Module 'lamp' has no index.ts: every server module has one public entry, even an empty one (docs/architecture.md rule 9).`,
    ]);
    expect(found['src/server/modules/pen/index.ts']).toEqual([
      `${entry}A module's index.ts exports services and types, not its SQL: './pen.queries' is a *.queries.ts file (docs/architecture.md rule 9).`,
      `${entry}A module's index.ts names what it exports: no \`export *\` (docs/architecture.md rule 9).`,
    ]);
  });

  it('module cycles fail even through index.ts and type-only imports (import-x/no-cycle misses both)', () => {
    const cycle = (path: string) =>
      `butiku/no-module-cycle: Module cycle ${path}: a module may depend on another only one way (docs/architecture.md rule 10).`;
    expect(found['src/server/modules/pen/pen.service.ts']).toEqual([cycle('pen → ink → pen')]);
    expect(found['src/server/modules/ink/ink.service.ts']).toEqual([cycle('ink → pen → ink')]);
  });

  it('production functions over 80 lines fail (blank lines and comments not counted; tests exempt)', () => {
    expect(found['src/server/long-function.ts']).toEqual([
      "max-lines-per-function: Function 'tooLong' has too many lines (81). Maximum allowed is 80.",
    ]);
  });

  it('allowed code passes', () => {
    for (const file of [
      'src/client/features/alpha/allowed.tsx',
      'src/client/features/beta/beta-card.tsx',
      'src/shared/pure.ts',
      'src/server/modules/thing/thing.queries.ts',
      'src/server/composition-root.ts',
      'src/server/modules/pen/pen.rest.ts',
      'src/server/modules/pen/pen.shape.ts',
      'src/server/modules/ink/index.ts',
      'src/server/modules/ink/ink.rest.ts',
      'src/server/modules/desk/index.ts',
      'migrations/0001_things.ts',
      'src/server/long-but-ok.ts',
      'src/server/long-function.test.ts',
    ]) {
      expect({ file, messages: found[file] }).toEqual({ file, messages: [] });
    }
  });
});

describe('dead code (knip)', () => {
  it('reports an unused file and an unused export', async () => {
    const knip = path.join(root, 'node_modules/.bin/knip');
    const run = promisify(execFile)(knip, [
      '--directory',
      path.join(import.meta.dirname, 'fixtures/knip'),
      '--no-progress',
      '--no-config-hints',
    ]);
    const failure = await run.then(
      () => null,
      (e: { code: number; stdout: string }) => e,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toContain('Unused files (1)');
    expect(failure?.stdout).toContain('src/orphan.ts');
    expect(failure?.stdout).toContain('Unused exports (1)');
    expect(failure?.stdout).toMatch(/neverImported\s+src\/used\.ts/);
  }, 60_000);
});
