// Id path parameters (/productDetails/{productID}, /products/{categoryID}, ...): the canonical id of decision 130
// (1 ... 2^31-1, digits, no leading zero), read by shared/page-search.ts#parseId, as the server reads the path
// (decision 212); without zod because params.parse sits in the first-load route tree (check:bundle).
// Routes parse them with the router's params.parse, so a bad id is the not-found page before anything loads.
import { notFound } from '@tanstack/react-router';
import { parseId } from '#shared/page-search';

/** A route's `params` option for its one id parameter: parsed to a number, or notFound() for a bad id. */
export function idParam<K extends string>(name: K) {
  return {
    parse: (raw: Record<K, string>): Record<K, number> => {
      const id = parseId(raw[name]);
      if (id === null) throw notFound();
      return { [name]: id } as Record<K, number>;
    },
    stringify: (params: Record<K, number>): Record<K, string> =>
      ({ [name]: String(params[name]) }) as Record<K, string>,
  };
}
