// Reads a numeric id from a route path segment; anything else means "no such page".
export function parseRouteId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && n <= 2 ** 31 ? n : null;
}
