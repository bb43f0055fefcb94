// GET /api/openapi.json (decision 211): an OpenAPI 3.1 document of every declared REST route, generated from the same
// declarations the doors are derived from: path, method, input (path parameters, query or JSON/multipart body), the
// answer's schema (the route's or the operation's `output`; a string for CSV, bytes for images), the error body, and
// the bearer JWT every non-public route needs.
import { z } from 'zod';
import { limitOf, type AnyOperation, type RestRoute } from './define';
import { ErrorReply } from './outputs';
import { declaredRoutes } from './rest-door';
import { listReply } from './rest-shapes';

type Json = Record<string, unknown>;

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), inlined, without its own $schema. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', reused: 'inline' }) as Json;
  void _drop;
  return rest;
}

const pathParams = (path: string): string[] =>
  path.split('/').flatMap((s) => (s.startsWith(':') ? [s.slice(1)] : s === '*' ? ['path'] : []));
const openApiPath = (path: string) => `/api${path.replace(/:([A-Za-z]+)/g, '{$1}').replace('*', '{path}')}`;
const isIdName = (name: string) => /(^id$|ID$|Id$)/.test(name);

function inputIn(route: RestRoute): 'query' | 'json' | 'multipart' | 'none' {
  if (route.inputIn) return route.inputIn;
  return route.method === 'GET' || route.method === 'DELETE' ? 'query' : 'json';
}

/** Query parameters from an object schema's properties (the ones the path carries left out). */
function queryParameters(schema: Json, inPath: string[]): Json[] {
  const props = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required ?? []) as string[]);
  return (
    Object.entries(props)
      // An id the path carries is named differently in the schema (/Orders/:id -> id, /Product/:id -> productID).
      .filter(([name]) => !inPath.includes(name) && !(inPath.length > 0 && required.has(name) && isIdName(name)))
      .map(([name, s]) => ({ name, in: 'query', required: required.has(name), schema: s }))
  );
}

function requestOf(op: AnyOperation, route: RestRoute): { parameters: Json[]; requestBody?: Json } {
  const inPath = pathParams(route.path);
  const parameters: Json[] = inPath.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: isIdName(name) ? { type: 'integer', minimum: 1 } : { type: 'string' },
  }));
  const schema = route.body ?? op.input;
  const where = inputIn(route);
  if (!schema || where === 'none') return { parameters };
  const json = jsonSchema(schema, 'input');
  if (where === 'query') return { parameters: [...parameters, ...queryParameters(json, inPath)] };
  const media = where === 'multipart' ? 'multipart/form-data' : 'application/json';
  return { parameters, requestBody: { required: true, content: { [media]: { schema: json } } } };
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** The success answer's schema: the route's or operation's output for JSON, a string for text, bytes otherwise. */
function answerSchema(op: AnyOperation, route: RestRoute, media: string): Json {
  if (media !== 'application/json') return media.startsWith('text/') ? { type: 'string' } : BINARY;
  const output = route.output ?? op.output;
  return output ? jsonSchema(output, 'output') : {};
}
const BINARY = { type: 'string', format: 'binary' };

/** The paging facts a staff list answers beside the spec's array (decision 134). */
const PAGING_HEADERS: Json = {
  'X-Total-Count': { description: 'Rows matching the filters, over all pages', schema: { type: 'integer' } },
  'X-Page': { description: 'The page answered (from 1)', schema: { type: 'integer' } },
  'X-Page-Size': { description: 'Rows per page', schema: { type: 'integer' } },
};

/** Whether the doors may refuse the operation for want of a fresh proof (decision 237). */
const asksStepUp = (op: AnyOperation) => op.stepUp === true || (typeof op.stepUp === 'object' && 'when' in op.stepUp);
const STEP_UP_DOC =
  'Step-up required (`details.reason` STEP_UP_REQUIRED): the login has not proved its owner within STEP_UP_SECONDS; ' +
  'POST /api/users/step-up with the password or a code, then try again';

function responsesOf(op: AnyOperation, route: RestRoute): Json {
  const statuses = typeof route.status === 'number' ? [route.status] : route.status ? [200, 201] : [200];
  const answer = route.produces ?? 'application/json';
  const schema = answerSchema(op, route, answer);
  const responses: Json = {};
  const headers = route.reply === listReply ? { headers: PAGING_HEADERS } : {};
  for (const status of statuses)
    responses[String(status)] =
      status === 204
        ? { description: 'No content' }
        : { description: 'OK', content: { [answer]: { schema } }, ...headers };
  responses['400'] = errorResponse('Invalid input: field messages in `errors`');
  if (op.access !== 'public') responses['401'] = errorResponse('No valid bearer token');
  const refusals = [
    ...(op.access === 'staff' || op.access === 'admin' ? ['Role not allowed'] : []),
    ...(asksStepUp(op) ? [STEP_UP_DOC] : []),
  ];
  if (refusals.length) responses['403'] = errorResponse(refusals.join('; '));
  if (limitOf(op)) responses['429'] = errorResponse('Rate limit reached (see Retry-After)');
  return responses;
}

function buildDocument(): Json {
  const paths: Record<string, Json> = {};
  const seen = new Map<string, number>();
  for (const { operation, route } of declaredRoutes()) {
    const { op, path: name } = operation;
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    const item = (paths[openApiPath(route.path)] ??= {});
    item[route.method.toLowerCase()] = {
      operationId: count === 1 ? name : `${name}${count}`,
      tags: [name.split('.')[0]],
      ...(route.summary || op.summary ? { summary: route.summary ?? op.summary } : {}),
      ...requestOf(op, route),
      responses: responsesOf(op, route),
      ...(op.access === 'public' ? {} : { security: [{ bearer: [] }] }),
      'x-access': op.access,
      ...(op.stepUp ? { 'x-step-up': op.stepUp === true ? 'always' : 'when' in op.stepUp ? 'when' : 'carried' } : {}),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Butiku API',
      version: '1.0.0',
      description:
        'The shop\u2019s REST API under /api. Errors answer { Message, code, errors? }; a 429 carries Retry-After. ' +
        'Sign in with POST /api/users/login and send the token as `Authorization: Bearer <token>`.',
    },
    paths,
    components: {
      schemas: { Error: jsonSchema(ErrorReply, 'output') },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}

let document: Json | undefined;
/** The document, built once per process (the declarations do not change while it runs). */
export const openApiDocument = (): Json => (document ??= buildDocument());
