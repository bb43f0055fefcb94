// Text helpers shared by client and server: diacritic folding for search ("kepuce" finds "këpucë").

/** Lower-cases and strips diacritics (ë -> e, ç -> c) so Albanian text can be matched loosely. */
export function foldText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/** True when every word of the query occurs in one of the haystacks, ignoring case and diacritics. */
export function matchesQuery(query: string, haystacks: Array<string | null | undefined>): boolean {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = foldText(haystacks.filter(Boolean).join(' '));
  return words.every((w) => text.includes(w));
}
