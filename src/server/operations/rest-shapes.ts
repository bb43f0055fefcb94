// REST-only input and reply shapes several declarations share (decision 211): path ids into the input, the
// spec's list answer with paging headers, CSV downloads.
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import type { z } from 'zod';
import type { Page } from '#shared/schemas/paging';
import type { AppEnv } from '../http/env';
import { bodyWithPathId, listJson, parseInput } from '../http/request';
import type { RestRequest } from './define';

/** The input is the path's id(s): `pathIds({ id: 'id' })` reads /:id as { id }. */
export const pathIds =
  (fields: Record<string, string>) =>
  (req: RestRequest): Record<string, number> =>
    Object.fromEntries(Object.entries(fields).map(([field, param]) => [field, req.id(param)]));

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The JSON body with the path's id added (the path wins; a body that is not an object is parsed as sent). */
export const bodyWithId =
  (field: string, param = 'id') =>
  async (req: RestRequest): Promise<unknown> => {
    const id = req.id(param);
    const body = await req.json();
    return isRecord(body) ? { ...body, [field]: id } : body;
  };

/** The JSON body whose own id must agree with the path's (a different one is a 400 naming the field). */
export const bodyAgreeingWithId =
  (field: string, param = 'id') =>
  async (req: RestRequest): Promise<unknown> => {
    const id = req.id(param);
    return bodyWithPathId(await req.json(), field, id);
  };

/** A staff list over REST (decision 134): the spec's array, paging facts in X-Total-Count / X-Page / X-Page-Size. */
export const listReply = <T>(c: Context<AppEnv>, page: Page<T>): Response => listJson(c, page);

/** A download streamed from a node stream (the CSV exports; the route declares the type it produces). */
export const downloadReply = (stream: Readable, fileName: string, type: string): Response =>
  new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
    headers: {
      'content-type': type,
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'no-store',
    },
  });

/**
 * The path's id and the JSON body, each checked as before the declarations (the path's 400 names the parameter, the
 * body's field messages are the body schema's own), then joined into the operation's input.
 */
export const pathIdAndBody = <S extends z.ZodType, F extends string>(field: F, schema: S, param = 'id') => ({
  body: schema,
  input: async (req: RestRequest) => ({ id: req.id(param), body: await req.json() }),
  parse: (raw: unknown) => {
    const { id, body } = raw as { id: number; body: unknown };
    return { ...(parseInput(schema, body) as object), [field]: id } as z.output<S> & { [K in F]: number };
  },
});
