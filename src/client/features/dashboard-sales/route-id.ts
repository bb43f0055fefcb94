// Route parameter ids: a positive integer, or null for anything else (the screen shows its not-found text).
export function parseRouteId(raw: string): number | null {
  return /^\d{1,10}$/.test(raw) && Number(raw) > 0 && Number(raw) < 2 ** 31 ? Number(raw) : null;
}
