// Fills the React Query cache from the first-view data the server put in the page (decision 192), before the
// router starts: the route loaders' ensureQueryData/prefetchQuery and the components' useQuery then find the
// answers and the first view sends no catalogue request. Unknown procedures and malformed data are ignored
// (the page then fetches as without the data). The server render seeds its own query client the same way.
// The answers are superjson's output read without superjson (decision 214: it is not on the first view): plain
// JSON, with the few value annotations the catalogue could carry (Date, undefined, bigint, NaN/±Infinity); an
// entry with any other annotation is not seeded, on the server and in the browser alike.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import {
  INITIAL_QUERIES_ID,
  SEEDABLE_CATALOG_READS,
  SEEDABLE_OTHER_READS,
  type InitialQuery,
} from '#shared/initial-queries';
import type { trpc as appTrpc } from './trpc';

type Annotation = string | [string, ...unknown[]];
/** superjson's value annotations: `[type]`, `[type, children]` or `{ key: tree }` (keys are dot paths). */
type Tree = [Annotation, Record<string, Tree>?] | { [key: string]: Tree };

const UNSUPPORTED = Symbol('unsupported');

function untransform(value: unknown, type: Annotation): unknown {
  switch (type) {
    case 'Date':
      return new Date(value as string);
    case 'undefined':
      return undefined;
    case 'bigint':
      return BigInt(value as string);
    case 'number':
      return Number(value);
    default:
      throw UNSUPPORTED;
  }
}

/** superjson's escaped dot path ('a.b\\.c' is ['a', 'b.c']). */
function parsePath(key: string): string[] {
  const parts: string[] = [];
  let part = '';
  for (let i = 0; i < key.length; i += 1) {
    const ch = key[i]!;
    if (ch === '\\' && key[i + 1] === '.') {
      part += '.';
      i += 1;
    } else if (ch === '.') {
      parts.push(part);
      part = '';
    } else part += ch;
  }
  parts.push(part);
  return parts;
}

function applyAt(root: unknown, path: string[], type: Annotation): unknown {
  if (path.length === 0) return untransform(root, type);
  let parent = root as Record<string, unknown>;
  for (const key of path.slice(0, -1)) parent = parent?.[key] as Record<string, unknown>;
  const last = path[path.length - 1]!;
  if (typeof parent !== 'object' || parent === null || !(last in parent)) throw UNSUPPORTED;
  parent[last] = untransform(parent[last], type);
  return root;
}

function walk(tree: Tree, origin: string[], visit: (type: Annotation, path: string[]) => void): void {
  if (!Array.isArray(tree)) {
    for (const [key, child] of Object.entries(tree)) walk(child, [...origin, ...parsePath(key)], visit);
    return;
  }
  const [type, children] = tree;
  if (children) for (const [key, child] of Object.entries(children)) walk(child, [...origin, ...parsePath(key)], visit);
  visit(type, origin);
}

/** superjson.deserialize for the annotations above; UNSUPPORTED for any other. */
function fromSuperjson(data: { json?: unknown; meta?: { values?: Tree; referentialEqualities?: unknown } }): unknown {
  let value = data.json;
  const meta = data.meta;
  if (!meta) return value;
  if (meta.referentialEqualities) return UNSUPPORTED;
  try {
    if (meta.values) walk(meta.values, [], (type, path) => (value = applyAt(value, path, type)));
  } catch (err) {
    if (err === UNSUPPORTED) return UNSUPPORTED;
    throw err;
  }
  return value;
}

type ProcedureKeys = Record<string, { queryKey: (input?: unknown) => QueryKey }>;
const SEEDABLE = new Set<string>([...SEEDABLE_CATALOG_READS, ...SEEDABLE_OTHER_READS]);

/** The query-key maker of a seedable read: `filter` is catalog.filter, `returns.policy` names its router. */
function keysOf(trpc: typeof appTrpc, path: string): ProcedureKeys[string] {
  const [router, procedure] = path.includes('.') ? path.split('.') : ['catalog', path];
  return (trpc as unknown as Record<string, ProcedureKeys>)[router!]![procedure!]!;
}

/** Seeds `queryClient` from the page's data element (then removed); returns how many queries were seeded. */
export function seedInitialQueries(queryClient: QueryClient, trpc: typeof appTrpc, doc: Document = document): number {
  const element = doc.getElementById(INITIAL_QUERIES_ID);
  if (!element) return 0;
  element.remove();
  let entries: unknown;
  try {
    entries = JSON.parse(element.textContent ?? '');
  } catch {
    return 0;
  }
  return seedQueries(queryClient, trpc, entries);
}

/** Seeds `queryClient` from first-view entries (the page's element, or the server render's list). */
export function seedQueries(queryClient: QueryClient, trpc: typeof appTrpc, entries: unknown): number {
  if (!Array.isArray(entries)) return 0;
  let seeded = 0;
  for (const entry of entries as InitialQuery[]) {
    if (!entry || !SEEDABLE.has(entry.path) || typeof entry.data !== 'object' || entry.data === null) continue;
    const data = fromSuperjson(entry.data as Parameters<typeof fromSuperjson>[0]);
    if (data === UNSUPPORTED) continue;
    const keys = keysOf(trpc, entry.path);
    const key = entry.input === undefined ? keys.queryKey() : keys.queryKey(entry.input);
    queryClient.setQueryData(key, data);
    seeded += 1;
  }
  return seeded;
}
