// Reference checks the staff catalogue resources share: 404 for an unknown product, 400 for unknown colours.
import { staffMessages } from '#shared/messages-staff';
import type { DB } from '#server/db/client';
import { notFound } from '#server/errors';
import * as refs from './references.queries';
import { badField } from './writes';

export async function requireProduct(db: DB, productId: number): Promise<void> {
  if (!(await refs.productExists(db, productId))) throw notFound(staffMessages.dashboard.productNotFound);
}

/** Every colour id must exist; the field named in the 400 is the caller's. */
export async function requireColors(db: DB, colorIds: number[], field: string): Promise<void> {
  const unique = [...new Set(colorIds)];
  if ((await refs.existingColorIds(db, unique)).length !== unique.length)
    throw badField(field, staffMessages.dashboard.unknownColor);
}
