// Orders remember a fingerprint of the checkout request that created them, so a repeat with the same
// idempotency key but a different cart is refused instead of silently answered with the first order.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('request_fingerprint', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('request_fingerprint').execute();
}
