// npm run measure:code-shape [root]: the code's shape in numbers (issue 23): the longest source line, lines over
// 120 and 160 characters, production functions over 60 lines, imports of another server module's internals, cycles
// between server modules (the rules lint/module-rules.js enforces) and DTOs written by hand beside a zod schema
// instead of inferred from it (issue 34, decision 264). Reads any checkout: pass its root.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { sharedTables } from './table-owners';

const root = path.resolve(process.argv[2] ?? '.');
const MODULES = path.join(root, 'src/server/modules');
const SOURCE_DIRS = ['src', 'scripts', 'migrations', 'e2e', 'lint'];
const SKIP = /(^|\/)(node_modules|dist|fixtures)\/|routeTree(\.storefront)?\.gen\.ts$/;
/** Exempt from the function-size count as from the lint rule: tests, generated code, data tables, test helpers. */
const NOT_PRODUCTION =
  /\.test\.tsx?$|^src\/client\/routeTree(\.storefront)?\.gen\.ts$|^src\/server\/seed\/demo-data\.ts$|^src\/server\/testing\/|^e2e\/|^migrations\/|^lint\//;
const DOOR = /\.(rest|trpc|operations|fast-lane)\.ts$/;
const FUNCTION_LIMIT = 60;

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (SKIP.test(path.relative(root, full) + (e.isDirectory() ? '/' : ''))) return [];
    return e.isDirectory() ? walk(full) : /\.(ts|tsx|js|mjs)$/.test(e.name) ? [full] : [];
  });
}

const files = SOURCE_DIRS.flatMap((d) => walk(path.join(root, d)));
const rel = (file: string) => path.relative(root, file);

function lineStats() {
  let longest = { chars: 0, at: '' };
  let over120 = 0;
  let over160 = 0;
  let src160 = 0;
  for (const file of files) {
    const inSrc = rel(file).startsWith('src/');
    fs.readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (line.length > 120) over120 += 1;
        if (line.length > 160) over160 += 1;
        if (line.length > 160 && inSrc) src160 += 1;
        if (line.length > longest.chars) longest = { chars: line.length, at: `${rel(file)}:${i + 1}` };
      });
  }
  return { longest, over120, over160, src160 };
}

/** Lines of a function as max-lines-per-function counts them: blank lines and comment-only lines left out. */
function countedLines(text: string): number {
  const withoutBlockComments = text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ''));
  return withoutBlockComments.split('\n').filter((l) => l.trim() !== '' && !l.trim().startsWith('//')).length;
}

function longFunctions(): string[] {
  const found: string[] = [];
  for (const file of files.filter((f) => /\.tsx?$/.test(f) && !NOT_PRODUCTION.test(rel(f)))) {
    const text = fs.readFileSync(file, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const lines = countedLines(text.slice(node.getStart(source), node.getEnd()));
        if (lines > FUNCTION_LIMIT) {
          const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
          found.push(`${lines} lines  ${rel(file)}:${line} ${functionName(node)}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found.sort((a, b) => parseInt(b, 10) - parseInt(a, 10));
}

function functionName(node: ts.Node): string {
  const named = node as ts.Node & { name?: ts.Node };
  if (named.name) return named.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText();
  if (ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText().slice(0, 40)})`;
  return '(anonymous)';
}

/** The server module a path belongs to, or null. */
function moduleOf(file: string): string | null {
  const r = path.relative(MODULES, file);
  if (r.startsWith('..')) return null;
  const parts = r.split(path.sep);
  return parts.length > 1 ? parts[0]! : null;
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]((?:\.|#server\/|#shared\/|#client\/)[^'"]+)['"]/gm;
const ALIAS = /^#(server|shared|client)\//;

function resolveSpecifier(from: string, spec: string): string {
  const alias = ALIAS.exec(spec);
  const full = alias
    ? path.join(root, 'src', alias[1]!, spec.slice(alias[0].length))
    : path.resolve(path.dirname(from), spec);
  const base = full.replace(/\.(ts|tsx|js|mjs)$/, '');
  for (const candidate of [base, path.join(base, 'index')]) {
    for (const ext of ['.ts', '.tsx', '.js', '.mjs']) if (fs.existsSync(candidate + ext)) return candidate + ext;
  }
  return `${base}.ts`;
}

function moduleImports() {
  const internal: string[] = [];
  const graph = new Map<string, Set<string>>();
  const withDoors = new Map<string, Set<string>>();
  for (const file of files) {
    const own = moduleOf(file);
    const isTest = /\.test\.tsx?$/.test(file);
    for (const m of fs.readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const target = resolveSpecifier(file, m[1]!);
      const module = moduleOf(target);
      if (!module || module === own) continue;
      if (own && !isTest && !DOOR.test(file)) graph.set(own, (graph.get(own) ?? new Set()).add(module));
      if (own && !isTest) withDoors.set(own, (withDoors.get(own) ?? new Set()).add(module));
      const inside = path.relative(path.join(MODULES, module), target);
      if (/^index\.tsx?$/.test(inside) || (own === null && DOOR.test(target))) continue;
      internal.push(`${isTest ? 'test ' : ''}${rel(file)} -> ${rel(target)}`);
    }
  }
  return { internal, graph, withDoors };
}

/** Strongly connected groups of more than one module (Tarjan), each a set of modules that reach each other. */
function moduleCycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const meta = new Map<string, { index: number; low: number; onStack: boolean }>();
  const groups: string[][] = [];
  const connect = (v: string) => {
    meta.set(v, { index, low: index, onStack: true });
    index += 1;
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!meta.has(w)) {
        connect(w);
        meta.get(v)!.low = Math.min(meta.get(v)!.low, meta.get(w)!.low);
      } else if (meta.get(w)!.onStack) meta.get(v)!.low = Math.min(meta.get(v)!.low, meta.get(w)!.index);
    }
    if (meta.get(v)!.low === meta.get(v)!.index) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        meta.get(w)!.onStack = false;
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!meta.has(v)) connect(v);
  return groups;
}

/** `interface …Dto` declarations (hand-written answer shapes) and `.schemas.ts` twin files under src/shared/dto. */
function dtoShapes() {
  const dto = files.filter((f) => rel(f).startsWith('src/shared/dto/'));
  const handWritten = dto.flatMap((f) =>
    [...fs.readFileSync(f, 'utf8').matchAll(/^export interface (\w+Dto)\b/gm)].map((m) => `${rel(f)} ${m[1]}`),
  );
  return { handWritten, twinFiles: dto.filter((f) => f.endsWith('.schemas.ts')).map(rel) };
}

const lines = lineStats();
const functions = longFunctions();
const { internal, graph, withDoors } = moduleImports();
const cycles = moduleCycles(graph);
const mutual = [...graph].flatMap(([a, tos]) =>
  [...tos].filter((b) => a < b && graph.get(b)?.has(a)).map((b) => `${a}↔${b}`),
);
const production = internal.filter((i) => !i.startsWith('test '));

console.log(`code shape of ${root} (${files.length} source files under ${SOURCE_DIRS.join(', ')})`);
console.log(`longest source line: ${lines.longest.chars} chars (${lines.longest.at})`);
console.log(
  `source lines over 120 chars: ${lines.over120}; over 160 chars: ${lines.over160} (${lines.src160} of them in src/)`,
);
console.log(`production functions over ${FUNCTION_LIMIT} lines: ${functions.length}`);
for (const f of functions) console.log(`  ${f}`);
console.log(
  `cross-module internal imports: ${production.length} in production code, ${internal.length - production.length} in tests`,
);
for (const i of internal) console.log(`  ${i}`);
console.log(
  `module cycles: ${cycles.length} group(s)${cycles.length ? ': ' + cycles.map((c) => c.join(', ')).join(' | ') : ''}`,
);
console.log(`  modules importing each other: ${mutual.length ? mutual.join(', ') : 'none'}`);
const doorCycles = moduleCycles(withDoors);
console.log(
  `  counting doors (*.rest/trpc/operations/fast-lane, composition: not rule 10): ${doorCycles.length} group(s)` +
    (doorCycles.length ? ': ' + doorCycles.map((c) => c.join(', ')).join(' | ') : ''),
);
const shared = sharedTables(root);
console.log(`tables queried by more than one module: ${shared.length}`);
for (const t of shared) console.log(`  ${t}`);
const dto = dtoShapes();
const byFile = new Map<string, number>();
for (const h of dto.handWritten) byFile.set(h.split(' ')[0]!, (byFile.get(h.split(' ')[0]!) ?? 0) + 1);
console.log(
  `hand-written …Dto interfaces in src/shared/dto: ${dto.handWritten.length}; twin files (*.schemas.ts): ${dto.twinFiles.length}`,
);
for (const [file, n] of byFile) console.log(`  ${file}: ${n}`);
const climbs = (min: number) =>
  files.reduce(
    (n, f) =>
      n +
      [...fs.readFileSync(f, 'utf8').matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*)['"]((?:\.\.\/)+)/g)].filter(
        (m) => m[1]!.length / 3 >= min,
      ).length,
    0,
  );
console.log(
  `relative imports climbing 4 or more folders: ${climbs(4)}; 3 or more: ${climbs(3)} (issue 34: #server/, #shared/, #client/ aliases)`,
);
console.log('duplicates: not measured here (run `duplicates` from /work/.library).');
