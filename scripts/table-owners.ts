// Which server module queries which table (docs/architecture.md rule 11: one module owns each table, decision 223).
// Read by `npm run measure:code-shape` and by src/server/table-owners.test.ts, which fails when a table is queried
// from two modules' *.queries.ts.
import fs from 'node:fs';
import path from 'node:path';

const TABLE_CALL = /\b(?:selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin)\(\s*'([a-z_]+)/g;
const RAW_TABLE = /\b(?:FROM|JOIN)\s+([a-z_]+)/g;

function queryFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return queryFiles(full);
    return e.name.endsWith('.queries.ts') ? [full] : [];
  });
}

/** table -> the modules whose *.queries.ts name it (Kysely builder calls, and FROM/JOIN in raw SQL). */
export function tableOwners(root: string): Map<string, Set<string>> {
  const modules = path.join(root, 'src/server/modules');
  const texts = queryFiles(modules)
    .map((f) => [path.relative(modules, f).split(path.sep), f] as const)
    .filter(([parts]) => parts.length > 1)
    .map(([parts, f]) => [parts[0]!, fs.readFileSync(f, 'utf8')] as const);
  // Raw SQL's FROM/JOIN words count only for names a builder call shows to be tables.
  const known = new Set(texts.flatMap(([, t]) => [...t.matchAll(TABLE_CALL)].map((m) => m[1]!)));
  const owners = new Map<string, Set<string>>();
  for (const [module, text] of texts) {
    const named = [...text.matchAll(TABLE_CALL), ...text.matchAll(RAW_TABLE)].map((m) => m[1]!);
    for (const table of named.filter((t) => known.has(t)))
      owners.set(table, (owners.get(table) ?? new Set()).add(module));
  }
  return owners;
}

/** Tables whose SQL sits in more than one server module's *.queries.ts, as 'table: module, module'. */
export function sharedTables(root: string): string[] {
  return [...tableOwners(root)]
    .filter(([, m]) => m.size > 1)
    .map(([t, m]) => `${t}: ${[...m].sort().join(', ')}`)
    .sort();
}
