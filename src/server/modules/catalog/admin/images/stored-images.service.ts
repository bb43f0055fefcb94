// The pictures the catalogue keeps, as file names: what `npm run media:copy` copies to another store (decision 267).
import type { DB } from '#server/db/client';
import { storedImageNames as names } from './images.queries';

/** Every stored picture's file name, once each, in name order. */
export const storedImageNames = (db: DB): Promise<string[]> => names(db);
