// Field messages of a failed zod parse, one shape for the server's 400 answers and the browser's forms.
import type { ZodError } from 'zod';
import { messages } from './messages';

/**
 * zod's own English texts, given to checks a schema leaves without a message of the catalogue (all of them begin
 * so: "Invalid input…", "Too big: …", "Too small: …", "Unrecognized key…"). They never reach a person (decision 209).
 */
const ZOD_DEFAULT_TEXT = /^(?:Invalid\b|Too (?:big|small):|Unrecognized key)/;

/** The issue's message, or the catalogue's "invalid input" in place of a zod default. */
const shownMessage = (message: string) => (ZOD_DEFAULT_TEXT.test(message) ? messages.common.invalidInput : message);

/** Messages keyed by dotted path ("customerDetails.email"); form-level issues under "_". */
export function zodFieldErrors(error: ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (out[key] ??= []).push(shownMessage(issue.message));
  }
  return out;
}
