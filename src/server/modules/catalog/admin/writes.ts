// Helpers every staff catalogue write shares: the cache bump, field errors and unique clashes as 409s.
import { AppError } from '#server/errors';
import { isUniqueViolation } from '#server/db/errors';
import { bumpCatalogVersion } from '../read-cache';

/** Every catalogue write ends here: the storefront cache must not serve the old answer. */
export function written<T>(value: T): T {
  bumpCatalogVersion();
  return value;
}

export const badField = (field: string, message: string) =>
  new AppError('BAD_REQUEST', message, { [field]: [message] });

/** Runs a write, turning a unique-index clash into a 409 with the given message on the given field. */
export async function uniqueOr409<T>(field: string, message: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', message, { [field]: [message] });
    throw err;
  }
}
