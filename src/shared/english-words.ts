// English words that mean a text was left untranslated (decision 209): the catalogue test and the language journey
// scan for them. Only words that are not also Albanian (no "a", "me", "do", "in", "to", "data", "event", "profile", "menu"),
// and not the column names of the products CSV, which are a file format (decision 183).

export const ENGLISH_WORDS = [
  // function words
  'the', 'and', 'is', 'are', 'was', 'not', 'no', 'of', 'for', 'with', 'your', 'you', 'this', 'that', 'from', 'or',
  'on', 'by', 'be', 'been', 'has', 'have', 'an', 'it', 'all', 'out', 'off', 'here', 'again', 'while', 'both',
  // the words of the shop's messages
  'please', 'failed', 'fail', 'success', 'successful', 'successfully', 'invalid', 'error', 'errors', 'added', 'removed',
  'should', 'must', 'cannot', 'could', 'unable', 'loading', 'load', 'found', 'select', 'enter', 'try', 'sign', 'login',
  'logout', 'logged', 'password', 'passwords', 'wishlist', 'cart', 'order', 'orders', 'product', 'products', 'promo',
  'code', 'expired', 'applied', 'dashboard', 'delete', 'deleted', 'update', 'updated', 'save', 'saved', 'replied',
  'missing', 'required', 'available', 'fetch', 'fetching', 'something', 'went', 'wrong', 'unknown', 'empty', 'match',
  'matching', 'ok', 'yes', 'click', 'show', 'hide', 'next', 'previous', 'page', 'back', 'home', 'slide', 'carousel',
  'close', 'open', 'search', 'message', 'messages', 'first', 'last', 'color', 'colors', 'image',
  'images', 'photo', 'photos', 'details', 'session', 'capital', 'letter', 'number', 'phone', 'address', 'field',
  'fields', 'welcome', 'account', 'checkout', 'featured', 'sold', 'free', 'shipping', 'subtotal', 'quantity',
  'notifications', 'toast',
] as const;

/** Proper names, brands and technical tokens an Albanian text may carry as they are; removed before the scan. */
export const ALLOWED_TOKENS = ['Glow Outlet', 'OK', 'SMTP_URL', 'SMTP', 'CSV', 'JSON', 'HTML', 'Facebook', 'Google', 'Messenger'] as const;

const WORDS = new RegExp(`(?<![\\p{L}\\p{M}\\p{N}_'’-])(?:${ENGLISH_WORDS.join('|')})(?![\\p{L}\\p{M}\\p{N}_'’-])`, 'giu');
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const tokenPattern = (tokens: readonly string[], flags: string) => new RegExp(`(?<![\\p{L}\\p{N}_])(?:${tokens.map(escape).join('|')})(?![\\p{L}\\p{N}_])`, flags);
const ALLOWED = tokenPattern(ALLOWED_TOKENS, 'gu');

/**
 * The English words found in `text` (lowercased, in order), after placeholders and the allowed tokens are taken out;
 * `names` are more proper names to take out (a page's data: the brands of the catalogue).
 */
export function englishWordsIn(text: string, names: readonly string[] = []): string[] {
  let plain = text.replace(/\{\w+\}/g, ' ').replace(ALLOWED, ' '); // fill() placeholders are code, not words
  if (names.length) plain = plain.replace(tokenPattern([...names].sort((a, b) => b.length - a.length), 'giu'), ' '); // shown in any case (CSS capitals)
  return [...plain.matchAll(WORDS)].map((m) => m[0].toLowerCase());
}
