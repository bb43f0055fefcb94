// Helpers the REST door uses to read input: JSON bodies and numeric path ids, all via zod; the spec's list answer.
import { serverErrorMessages } from '#shared/messages/server-errors';
import type { Context } from 'hono';
import { idSchema, parseId } from '#shared/schemas/numbers';
import { messages } from '#shared/messages';
import { AppError, parseInput } from '../errors';
import type { Page } from '#shared/schemas/paging';
import { nestsDeeperThan } from './json-depth';

/** The 400 for JSON nested deeper than MAX_JSON_DEPTH (decision 206), on both doors, before anything parses it. */
export const nestingTooDeep = () =>
  new AppError('BAD_REQUEST', serverErrorMessages.nestingTooDeep, { _: [serverErrorMessages.nestingTooDeep] });

/** Reads a JSON body; malformed or too deeply nested JSON is a 400, not a crash. */
export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  if (nestsDeeperThan(text)) throw nestingTooDeep();
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('BAD_REQUEST', messages.common.invalidInput, { _: [serverErrorMessages.malformedJson] });
  }
}

const pathIdSchema = idSchema();

/** A positive integer path parameter's value, answering 400 with the parameter's name on bad input. */
export function pathIdOf(raw: string | undefined, name: string): number {
  const result = pathIdSchema.safeParse(raw);
  if (!result.success)
    throw new AppError('BAD_REQUEST', messages.common.invalidId, { [name]: [messages.common.invalidId] });
  return result.data;
}

/** A JSON body whose id field must agree with the path id (the path wins; a different body id is a 400). */
export function bodyWithPathId(raw: unknown, field: string, id: number): Record<string, unknown> {
  const body = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  if (body[field] !== undefined && body[field] !== null && parseId(body[field]) !== id) {
    throw new AppError('BAD_REQUEST', messages.common.invalidId, { [field]: [messages.common.invalidId] });
  }
  return { ...body, [field]: id };
}

export { parseInput };

/**
 * A staff list over REST (decision 134): the spec's array of rows, with the paging facts in headers: X-Total-Count
 * (rows matching the filters), X-Page and X-Page-Size (the page answered; without paging parameters, page 1 of
 * LIST_CAP rows).
 */
export function listJson<T>(c: Context, page: Page<T>): Response {
  c.header('X-Total-Count', String(page.total));
  c.header('X-Page', String(page.page));
  c.header('X-Page-Size', String(page.pageSize));
  return c.json(page.items as unknown as object);
}
