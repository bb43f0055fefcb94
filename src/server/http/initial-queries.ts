// The first-view data element of a storefront page (decision 192): catalogue answers serialised as the tRPC API
// serialises them (superjson), in a JSON script element the browser does not run; `<` and the JS line
// separators are escaped so no product text can close the element.
import superjson from 'superjson';
import { INITIAL_QUERIES_ID, type InitialQuery, type SeedableRead } from '#shared/initial-queries';

export function initialQuery(path: SeedableRead, input: unknown, value: unknown): InitialQuery {
  return input === undefined
    ? { path, data: superjson.serialize(value) }
    : { path, input, data: superjson.serialize(value) };
}

export function initialQueriesScript(queries: InitialQuery[]): string {
  const json = JSON.stringify(queries)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${INITIAL_QUERIES_ID}">${json}</script>`;
}
