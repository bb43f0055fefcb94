// isUniqueViolation recognises a real SQLite clash and PostgreSQL's unique_violation code.
import { describe, expect, it } from 'vitest';
import { createTestDeps } from '../testing/db';
import { isUniqueViolation } from './errors';

describe('isUniqueViolation', () => {
  it('is true for a real SQLite unique clash and for PostgreSQL 23505, false otherwise', async () => {
    const { db } = await createTestDeps();
    await db.insertInto('sizes').values({ size_name: 'XS-unique' }).execute();
    const err = await db
      .insertInto('sizes')
      .values({ size_name: 'XS-unique' })
      .execute()
      .catch((e: unknown) => e);
    expect(isUniqueViolation(err)).toBe(true);
    expect(
      isUniqueViolation(Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' })),
    ).toBe(true);
    expect(
      isUniqueViolation(
        Object.assign(new Error('FOREIGN KEY constraint failed'), { code: 'SQLITE_CONSTRAINT_FOREIGNKEY' }),
      ),
    ).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    await db.destroy();
  });
});
