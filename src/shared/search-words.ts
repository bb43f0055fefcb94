// What a search text asks for (issue 25), shared by the header search (over the cached catalogue, in the browser)
// and the search page (on the server): its words, diacritics folded, and the colours it names. Albanian colour
// words change with gender and number ("i zi", "e zezë", "të zinj", "të zeza"); each form maps to one colour
// family, and a colour of the colours table belongs to the families its own name's words map to ("E zezë" is black,
// "E gjelbër ulliri" green), so "fustan e zezë" finds the dresses that come in black. Zod- and React-free.
import { foldText } from './text';

/** Folded word forms of each colour family (feminine, masculine, plural; with and without the final -ë). */
const COLOUR_FORMS: Record<string, readonly string[]> = {
  black: ['zi', 'zeze', 'zeza', 'zinj'],
  white: ['bardhe', 'bardha', 'bardh'],
  red: ['kuq', 'kuqe', 'kuqja', 'kuqen'],
  green: ['gjelber', 'gjelbert', 'gjelbra', 'gjelbre', 'jeshil', 'jeshile', 'ulliri'],
  blue: ['blu', 'kalter', 'kaltert', 'kaltra', 'kaltre'],
  yellow: ['verdhe', 'verdha', 'verdh', 'mustarde'],
  grey: ['gri', 'hiri'],
  brown: ['kafe', 'kafeje'],
  pink: ['roze', 'rozi'],
  beige: ['bezhe', 'bezh'],
  purple: ['vjollce', 'vjollca', 'lejla', 'lila'],
  orange: ['portokalli', 'portokalle'],
  burgundy: ['bordo'],
  peach: ['pjeshke'],
  gold: ['arte', 'arta', 'ari'],
  silver: ['argjendte', 'argjendta', 'argjend'],
};

const FAMILY_OF = new Map<string, string>(
  Object.entries(COLOUR_FORMS).flatMap(([family, forms]) => forms.map((form) => [form, family] as const)),
);

/** Words that only join others ("fustan i zi", "ngjyrë e zezë"): not searched for themselves. */
const JOINING_WORDS = new Set(['i', 'e', 'te', 'ne', 'me', 'per', 'dhe', 'ngjyre', 'ngjyra', 'ngjyres', 'ngjyren']);

/** A search text's words (folded, without repeats, sorted) and the colour families it names (sorted). */
export interface SearchTerms {
  words: string[];
  colours: string[];
}

const wordsOf = (text: string): string[] => foldText(text).split(/\s+/).filter(Boolean);

/** The colour families a colours-table name belongs to ("E zezë" -> black); none for a name without colour words. */
export function colourFamilies(colourName: string): string[] {
  const families = new Set<string>();
  for (const word of wordsOf(colourName.replace(/[-/,]/g, ' '))) {
    const family = FAMILY_OF.get(word);
    if (family) families.add(family);
  }
  return [...families].sort();
}

/**
 * What a search text asks for: colour words become colour families, joining words are dropped (unless they are
 * all there is: "e" still searches for "e"), the rest are words. Two spellings of one question give equal terms.
 */
export function searchTerms(query: string): SearchTerms {
  const all = wordsOf(query);
  const meaningful = all.filter((w) => !JOINING_WORDS.has(w));
  const words = new Set<string>();
  const colours = new Set<string>();
  for (const word of meaningful.length ? meaningful : all) {
    const family = FAMILY_OF.get(word);
    if (family) colours.add(family);
    else words.add(word);
  }
  return { words: [...words].sort(), colours: [...colours].sort() };
}

export const hasSearchTerms = (t: SearchTerms): boolean => t.words.length > 0 || t.colours.length > 0;

/** A product as search sees it: its text folded (name, brand, category, prices, colour names) and colour families. */
export interface SearchDoc {
  /** Folded text with spaces around every word, so a colour form can be found as a whole word. */
  text: string;
  colours: ReadonlySet<string>;
}

export function searchDoc(fields: ReadonlyArray<string | null | undefined>, colourNames: readonly string[]): SearchDoc {
  const text = foldText([...fields, ...colourNames].filter(Boolean).join(' '));
  // The words between single spaces (punctuation too: "Fustan (i zi)"), then the text as it is ("12,50 €").
  const spaced = text.replace(/[\s()/&,.'’-]+/g, ' ');
  // Joined, not concatenated: a template literal keeps its parts as a tree of string pieces (V8's cons strings), and
  // the server keeps a document for every product (issue 38: 10 000 documents' trees held 20 MB, and every garbage
  // collection walked their half a million pieces). An array's join copies the characters into one flat string.
  return { text: [' ', spaced, ' | ', text, ' '].join(''), colours: new Set(colourNames.flatMap(colourFamilies)) };
}

/**
 * Every word occurs in the product's text (as part of a word: "kepuce" finds "këpucë", "fustan" "Fustane"), and
 * every colour named is one the product comes in, or a form of it is a word of its text ("Fustan i zi").
 */
export function matchesSearch(terms: SearchTerms, doc: SearchDoc): boolean {
  return (
    terms.words.every((w) => doc.text.includes(w)) &&
    terms.colours.every(
      (family) => doc.colours.has(family) || COLOUR_FORMS[family]!.some((form) => doc.text.includes(` ${form} `)),
    )
  );
}
