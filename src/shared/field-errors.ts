// Field messages of a failed zod parse, one shape for the server's 400 answers and the browser's forms.
import type { ZodError } from 'zod';

/** Messages keyed by dotted path ("customerDetails.email"); form-level issues under "_". */
export function zodFieldErrors(error: ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
