// Static registry of migrations, in order. Add new files here; never edit a landed one.
import type { Migration } from 'kysely';
import * as m0001 from './0001_initial_schema';

export const migrations: Record<string, Migration> = {
  '0001_initial_schema': m0001,
};
