// Id path parameters (/productDetails/{productID}, /products/{categoryID}, ...): a positive 32-bit integer.
// Routes parse them with the router's params.parse, so a bad id is the not-found page before anything loads.
import { notFound } from '@tanstack/react-router';

/** The id in a path segment, or null for anything but 1 ... 2^31-1 written in digits. */
export function parseRouteId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 && n < 2 ** 31 ? n : null;
}

/** A route's `params` option for its one id parameter: parsed to a number, or notFound() for a bad id. */
export function idParam<K extends string>(name: K) {
  return {
    parse: (raw: Record<K, string>): Record<K, number> => {
      const id = parseRouteId(raw[name]);
      if (id === null) throw notFound();
      return { [name]: id } as Record<K, number>;
    },
    stringify: (params: Record<K, number>): Record<K, string> => ({ [name]: String(params[name]) }) as Record<K, string>,
  };
}
