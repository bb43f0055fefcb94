// Rule 11 of docs/architecture.md (decision 223): one module owns each table; another module asks the owner through
// its index.ts instead of naming the table in its own SQL. The same reading as `npm run measure:code-shape`.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedTables, tableOwners } from '../../scripts/table-owners';

const root = path.resolve(import.meta.dirname, '../..');

describe('table ownership', () => {
  it('finds the tables of the modules (the reading works)', () => {
    const owners = tableOwners(root);
    expect([...(owners.get('countries') ?? [])]).toEqual(['catalog']);
    expect([...(owners.get('orders') ?? [])]).toContain('orders');
    expect(owners.size).toBeGreaterThan(20);
  });

  it('no table is queried from two modules', () => {
    expect(sharedTables(root)).toEqual([]);
  });
});
