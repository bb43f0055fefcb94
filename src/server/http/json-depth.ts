// A bound on how deeply a request's JSON may nest (decision 206), checked on the text before anything parses or
// walks it: superjson's deserialiser and zod recurse once per level, so 100 000 nested brackets overflowed the stack
// ("Maximum call stack size exceeded" as a tRPC message). The bound itself is in the limits table.
import { MAX_JSON_DEPTH } from './limits';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;

/**
 * True when `text` opens more than `max` brackets at once outside strings. One pass over the characters, no
 * recursion and no allocation; it does not validate the JSON (the parser that follows does).
 */
export function nestsDeeperThan(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === BACKSLASH) i++;
      else if (ch === QUOTE) inString = false;
    } else if (ch === QUOTE) {
      inString = true;
    } else if (ch === OPEN_OBJECT || ch === OPEN_ARRAY) {
      if (++depth > max) return true;
    } else if (ch === CLOSE_OBJECT || ch === CLOSE_ARRAY) {
      depth--;
    }
  }
  return false;
}
