// Text helpers shared by client and server: diacritic folding for search ("kepuce" finds "këpucë"), and the one
// escaper of text put into HTML (pages' heads, e-mails).

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

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and attribute values: the one HTML escaper (heads, e-mails). */
export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (ch) => HTML_ENTITIES[ch]!);
}
