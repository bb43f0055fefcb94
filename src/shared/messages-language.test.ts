// Every text of both catalogues is Albanian (decision 209): no common English word is left in any of them, the
// spec's English texts included. Proper names, brands and technical tokens are on a short, explicit allow-list.
import { describe, expect, it } from 'vitest';
import { ALLOWED_TOKENS, englishWordsIn } from './english-words';
import { messages } from './messages';
import { productMessages } from './messages/product';
import { listingMessages } from './messages/listing';
import { checkoutMessages } from './messages/checkout';
import { shopperCatalogues } from './messages-all';
import { staffMessages } from './messages-staff';
import { accountMessages } from './messages/account';

/** The shopper catalogue's own modules (decision 214): each must be in messages-all.ts to be walked. */
const moduleFiles = import.meta.glob('./messages/*.ts');

/** Every string value under `value`, with its dotted key path ("account.loginSuccess", "home.slides.0.title"). */
function texts(value: unknown, path: string): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => texts(v, path ? `${path}.${k}` : k));
  return [];
}

const all = [
  ...Object.entries(shopperCatalogues).flatMap(([name, catalogue]) => texts(catalogue, name)),
  ...texts(staffMessages, 'staffMessages'),
];

describe('the message catalogues speak Albanian', () => {
  it('walks every text of both catalogues', () => {
    expect(all.length).toBeGreaterThan(700);
    expect(all.map(([p]) => p)).toContain('staffMessages.dashboard.markReplied');
    expect(all.map(([p]) => p)).toContain('messages.home.slides.3.alt');
    expect(all.map(([p]) => p)).toContain('accountMessages.sessions.method.passkey');
  });

  it('walks every module of the shopper catalogue', () => {
    expect(Object.keys(moduleFiles)).toHaveLength(Object.keys(shopperCatalogues).length - 1);
  });

  it('no text holds a common English word', () => {
    const left = all.flatMap(([p, text]) => {
      const words = englishWordsIn(text);
      return words.length ? [`${p}: ${JSON.stringify(text)} (${words.join(', ')})`] : [];
    });
    expect(left).toEqual([]);
  });

  it('the spec’s English texts are translated (a sample of them)', () => {
    expect(accountMessages.account.signUpSuccess).toBe('Regjistrimi u krye me sukses!');
    expect(accountMessages.account.invalidPhone).toBe('Numri i telefonit nuk është i vlefshëm.');
    expect(checkoutMessages.promo.applied).toBe('Kodi promocional u aplikua: {n}% zbritje.'); // no capitals (decision 209)
    expect(staffMessages.dashboard.markReplied).toBe('Shëno si të përgjigjur');
    expect(messages.nav.dashboard).toBe('Paneli');
  });

  it('the scan finds English, also next to punctuation and in any case, and lets the allow-list through', () => {
    expect(englishWordsIn('Login Successful!')).toEqual(['login', 'successful']);
    expect(englishWordsIn('Promo code applied: 10% OFF!')).toEqual(['promo', 'code', 'applied', 'off']);
    expect(englishWordsIn('First name should start with a capital letter.')).toEqual([
      'first',
      'should',
      'with',
      'capital',
      'letter',
    ]);
    expect(englishWordsIn('Kyçja u krye me sukses!')).toEqual([]);
    expect(englishWordsIn('Një ngjyrë, tre nuanca — Glow Outlet')).toEqual([]);
    expect(englishWordsIn('Shtypni OK; eksporto CSV')).toEqual([]);
    expect(englishWordsIn('Shtypni ok')).toEqual(['ok']);
    // Words inside Albanian ones are no match: "Totali", "produkte", "email-i".
    expect(englishWordsIn('Totali i produkteve, email-i, kodi')).toEqual([]);
    // Proper names a page's data carries (the catalogue's brands) are left out, in whatever case they are shown.
    expect(englishWordsIn('THE BODY SHOP — krem', ['The Body Shop'])).toEqual([]);
    expect(englishWordsIn('THE BODY SHOP — krem')).toEqual(['the']);
  });

  it('keeps the allow-list short', () => {
    expect(ALLOWED_TOKENS.length).toBeLessThanOrEqual(12);
  });
});

/** Names a text may capitalise mid-sentence: places, the shop's own names, services and file formats. */
const PROPER_NAME =
  /^(Glow|Outlet|Butiku|Kosov\p{L}*|Shqipëri\p{L}*|Ferizaj\p{L}*|Adem|Jashari|Facebook|Google|Instagram|Messenger|QR|WebP|JPEG|PNG|GIF|AVIF|CSV|MB)$/u;
/** Texts that name a screen or a menu of the dashboard as it is written there ("hapni Profilin", "te Korrierët"). */
const NAMES_A_SCREEN = new Set(['staffMessages.newDeviceMail.ifNotYou', 'staffMessages.orderStages.noCouriers']);

/** The words of `text` after each sentence's first that start with a capital: quoted and bracketed names left out. */
function capitalisedMidSentence(text: string): string[] {
  const plain = text.replace(/“[^”]*”|"[^"]*"|«[^»]*»|\([^)]*\)|\{[^}]*\}/g, ' ');
  return plain
    .split(/(?<=[.!?:;—])\s+|\n/)
    .flatMap((sentence) => sentence.trim().split(/\s+/).slice(1))
    .map((w) => w.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ''))
    .filter((w) => /^\p{Lu}\p{Ll}/u.test(w) && !PROPER_NAME.test(w));
}

describe('the catalogues read as Albanian is written (issue 35)', () => {
  it('in sentence case: no Title Case in buttons, badges, headings or sentences', () => {
    const titleCase = all.flatMap(([p, text]) => {
      const words = NAMES_A_SCREEN.has(p) ? [] : capitalisedMidSentence(text);
      return words.length ? [`${p}: ${JSON.stringify(text)} (${words.join(', ')})`] : [];
    });
    expect(titleCase).toEqual([]);
    expect(capitalisedMidSentence('Shto Në Shportë')).toEqual(['Në', 'Shportë']);
    expect(capitalisedMidSentence('Dërgesë në gjithë Kosovën. Pagesa në dorëzim')).toEqual([]);
  });

  it('without the mistakes a reader found', () => {
    const mistakes = [
      /\bi ulti\b/u, // "nga më i ulëti"
      /filterat/u, // "filtrat"
      /Blerës i verifikuar/u, // gender-neutral "Blerje e verifikuar"
      /\p{Lu}{2,}!/u, // "10% ZBRITJE!"
      /(?<![{\p{L}-])[Ee]mail(?![}\p{L}])/u, // one spelling: "e-mail"
      /Në stok \(aktiv\)/u, // the product's on/off switch
      /^Ska /u, // "S’ka"
    ];
    const found = all.flatMap(([p, text]) => mistakes.filter((m) => m.test(text)).map((m) => `${p}: ${text} (${m})`));
    expect(found).toEqual([]);
    expect(productMessages.addToCart).toBe('Shto në shportë');
    expect(listingMessages.sorts['price-asc']).toBe('Çmimi: nga më i ulëti');
  });
});
