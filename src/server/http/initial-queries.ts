// The first-view data element of a storefront page (decision 192): catalogue answers serialised as the tRPC API
// serialises them (superjson), in a JSON script element the browser does not run; `<` and the JS line
// separators are escaped so no product text can close the element.
import superjson from 'superjson';
import { INITIAL_QUERIES_ID, type InitialQuery, type SeedableRead } from '#shared/initial-queries';

/**
 * superjson's form of each cached catalogue answer, made once: the catalogue cache's answers are frozen and shared by
 * every page that shows them (the categories on every page, a product on its page and in others' related cards), and
 * superjson walks a value in JavaScript (about 4 % of an uncached page, issue 38). Held as long as the answer is.
 */
const serialized = new WeakMap<object, ReturnType<typeof superjson.serialize>>();
function serialize(value: unknown): ReturnType<typeof superjson.serialize> {
  if (!value || typeof value !== 'object' || !Object.isFrozen(value)) return superjson.serialize(value);
  let known = serialized.get(value);
  if (!known) serialized.set(value, (known = deepFreeze(superjson.serialize(value))));
  return known;
}

/** Frozen like the answer it was made from, so no render changes what the next page carries. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as Record<string, unknown>)) deepFreeze(v);
  }
  return value;
}

export function initialQuery(path: SeedableRead, input: unknown, value: unknown): InitialQuery {
  return input === undefined ? { path, data: serialize(value) } : { path, input, data: serialize(value) };
}

export function initialQueriesScript(queries: InitialQuery[]): string {
  const json = JSON.stringify(queries)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${INITIAL_QUERIES_ID}">${json}</script>`;
}
