// Multipart form reading for the staff catalogue's REST doors (product fields, image groups, photos to analyse).
import type { Context } from 'hono';
import { messages } from '../../../shared/messages';
import { AppError } from '../../errors';
import type { AppEnv } from '../../http/env';

type FormValue = string | File;
export type Form = Record<string, FormValue | FormValue[]>;
type Field = FormValue | FormValue[] | undefined;

export const isMultipart = (c: Context<AppEnv>) => c.req.header('content-type')?.toLowerCase().startsWith('multipart/form-data') ?? false;

export async function readForm(c: Context<AppEnv>): Promise<Form> {
  try {
    return (await c.req.parseBody({ all: true })) as Form;
  } catch {
    throw new AppError('BAD_REQUEST', messages.common.invalidInput, { _: ['Malformed multipart body.'] });
  }
}

export const all = (v: Field): FormValue[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
export const str = (v: Field): string | undefined => {
  const first = all(v)[0];
  return typeof first === 'string' ? first : undefined;
};
export const files = (v: Field): File[] => all(v).filter((x): x is File => typeof x !== 'string');
