// Server module boundaries (docs/architecture.md rules 9 and 10) as two local ESLint rules:
// `butiku/module-entry` refuses an import of another module's internals, `butiku/no-module-cycle` refuses an
// import that closes a cycle between modules. Both see every way a file names another: static and type-only
// imports, `export … from`, dynamic `import()` and `import('…').T` types. import-x/no-cycle cannot stand in for
// them: it follows files, not modules (checkout.service → cart.service → checkout/variant-snapshots is no file
// cycle), and it skips type-only imports. A module's doors (rest, trpc, operations, fast lane) are composition like
// app.ts: they may call any module's index.ts (a step spanning modules) and are no edge of the module graph;
// import-x/no-cycle still guards them file by file.
import fs from 'node:fs';
import path from 'node:path';

const MODULES_DIR = 'src/server/modules';

/** Door files: adapters the composition root (app.ts, trpc/, operations/, serve.ts) mounts directly. */
const DOOR = /\.(rest|trpc|operations|fast-lane)\.ts$/;

export const ENTRY_MESSAGE =
  "Import another server module only through its index.ts (docs/architecture.md rule 9): '{{target}}' is internal to module '{{module}}'.";
export const DOOR_MESSAGE =
  "A module's doors ('{{target}}') are mounted by the composition root only, never imported by another module (docs/architecture.md rule 9).";
export const EXPORT_ALL_MESSAGE =
  "A module's index.ts names what it exports: no `export *` (docs/architecture.md rule 9).";
const QUERIES_EXPORT_MESSAGE =
  "A module's index.ts exports services and types, not its SQL: '{{target}}' is a *.queries.ts file (docs/architecture.md rule 9).";
export const MISSING_ENTRY_MESSAGE =
  "Module '{{module}}' has no index.ts: every server module has one public entry, even an empty one (docs/architecture.md rule 9).";
export const CYCLE_MESSAGE =
  'Module cycle {{cycle}}: a module may depend on another only one way (docs/architecture.md rule 10).';

/** The module a file belongs to (the first folder under modules/: `catalog` for catalog/admin/… too), or null. */
function moduleOf(root, file) {
  const rel = path.relative(path.join(root, MODULES_DIR), file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const parts = rel.split(path.sep);
  return parts.length > 1 ? parts[0] : null;
}

/** The path aliases of tsconfig.json (`#server/…` is `<root>/src/server/…`). */
export const ALIAS = /^#(server|shared|client)\//;

/** A relative or aliased specifier resolved to a file path without extension (`…/index` for a folder). */
function resolveSpecifier(root, fromFile, spec) {
  const alias = ALIAS.exec(spec);
  if (!spec.startsWith('.') && !alias) return null;
  const unaliased = alias ? path.join(root, 'src', alias[1], spec.slice(alias[0].length)) : null;
  const base = (unaliased ?? path.resolve(path.dirname(fromFile), spec)).replace(/\.(ts|tsx|js|mjs)$/, '');
  for (const candidate of [base, path.join(base, 'index')]) {
    for (const ext of ['.ts', '.tsx', '.js', '.mjs']) {
      if (fs.existsSync(candidate + ext)) return candidate + ext;
    }
  }
  return `${base}.ts`;
}

/** Every specifier a source file names (static, type-only, re-export, dynamic, import types). */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;

function specifiersIn(text) {
  return [...text.matchAll(SPECIFIER)].map((m) => m[1]);
}

const graphs = new Map();

/** module → the set of modules its non-test files name, read from disk once per lint run and root. */
function moduleGraph(root) {
  const cached = graphs.get(root);
  if (cached && Date.now() - cached.at < 10_000) return cached.graph;
  const graph = new Map();
  const dir = path.join(root, MODULES_DIR);
  const walk = (d) =>
    fs.existsSync(d)
      ? fs
          .readdirSync(d, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]))
      : [];
  for (const file of walk(dir)) {
    if (!/\.(ts|tsx)$/.test(file) || /\.test\.tsx?$/.test(file) || DOOR.test(file)) continue;
    const from = moduleOf(root, file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Set();
    graph.set(from, edges);
    for (const spec of specifiersIn(fs.readFileSync(file, 'utf8'))) {
      const target = resolveSpecifier(root, file, spec);
      const to = target && moduleOf(root, target);
      if (to && to !== from) edges.add(to);
    }
  }
  graphs.set(root, { at: Date.now(), graph });
  return graph;
}

/** A path of modules from `start` back to `goal`, or null. */
function pathBack(graph, start, goal) {
  const seen = new Set([start]);
  const queue = [[start]];
  while (queue.length > 0) {
    const route = queue.shift();
    for (const next of graph.get(route[route.length - 1]) ?? []) {
      if (next === goal) return [...route, next];
      if (!seen.has(next)) {
        seen.add(next);
        queue.push([...route, next]);
      }
    }
  }
  return null;
}

/** Calls `check(node, specifier)` for every import-like node of a file. */
function visitSpecifiers(check) {
  const fromSource = (node) => {
    if (node.source && typeof node.source.value === 'string') check(node.source, node.source.value);
  };
  return {
    ImportDeclaration: fromSource,
    ExportNamedDeclaration: fromSource,
    ExportAllDeclaration: fromSource,
    ImportExpression: fromSource,
    TSImportType(node) {
      const arg = node.argument;
      const literal = arg?.type === 'TSLiteralType' ? arg.literal : arg;
      if (literal && typeof literal.value === 'string') check(literal, literal.value);
    },
  };
}

function createRules(root) {
  const moduleEntry = {
    meta: { type: 'problem', schema: [] },
    create(context) {
      const file = context.filename;
      const own = moduleOf(root, file);
      const isIndex = own !== null && path.join(root, MODULES_DIR, own, 'index.ts') === file;
      const visitor = visitSpecifiers((node, spec) => {
        const target = resolveSpecifier(root, file, spec);
        const module = target && moduleOf(root, target);
        if (!module || module === own) return;
        const inside = path.relative(path.join(root, MODULES_DIR, module), target);
        if (/^index\.(ts|tsx)$/.test(inside)) return;
        if (DOOR.test(target)) {
          if (own === null) return;
          context.report({ node, message: DOOR_MESSAGE.replace('{{target}}', spec) });
          return;
        }
        context.report({
          node,
          message: ENTRY_MESSAGE.replace('{{target}}', spec).replace('{{module}}', module),
        });
      });
      const entry = own && path.join(root, MODULES_DIR, own, 'index.ts');
      if (entry && !/\.test\.tsx?$/.test(file) && !fs.existsSync(entry)) {
        const program = visitor.Program;
        visitor.Program = (node) => {
          context.report({ node, message: MISSING_ENTRY_MESSAGE.replace('{{module}}', own) });
          program?.(node);
        };
      }
      if (!isIndex) return visitor;
      const noQueries = (node) => {
        const spec = node.source?.value;
        if (typeof spec === 'string' && /\.queries(\.ts)?$/.test(spec))
          context.report({ node, message: QUERIES_EXPORT_MESSAGE.replace('{{target}}', spec) });
      };
      return {
        ...visitor,
        ExportNamedDeclaration(node) {
          noQueries(node);
          visitor.ExportNamedDeclaration?.(node);
        },
        ExportAllDeclaration(node) {
          if (!node.exported) context.report({ node, message: EXPORT_ALL_MESSAGE });
          noQueries(node);
          visitor.ExportAllDeclaration(node);
        },
      };
    },
  };
  const noModuleCycle = {
    meta: { type: 'problem', schema: [] },
    create(context) {
      const file = context.filename;
      const own = moduleOf(root, file);
      if (!own || /\.test\.tsx?$/.test(file) || DOOR.test(file)) return {};
      const graph = moduleGraph(root);
      const reported = new Set();
      return visitSpecifiers((node, spec) => {
        const target = resolveSpecifier(root, file, spec);
        const module = target && moduleOf(root, target);
        if (!module || module === own || reported.has(module)) return;
        const back = pathBack(graph, module, own);
        if (!back) return;
        reported.add(module);
        context.report({ node, message: CYCLE_MESSAGE.replace('{{cycle}}', [own, ...back].join(' → ')) });
      });
    },
  };
  return { 'module-entry': moduleEntry, 'no-module-cycle': noModuleCycle };
}

/** The plugin for a tree rooted at `root`. */
export function modulePlugin(root) {
  return { rules: createRules(root) };
}
