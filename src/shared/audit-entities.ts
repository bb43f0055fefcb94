// The entities an audit row may be about (decision 228), in a light module (no zod): the audit screen's route
// reads its URL with it, and the route table is part of the storefront's first load.
/** What an audit row is about; each names a dashboard screen. Append new entities at the end. */
export const AUDIT_ENTITIES = [
  'product',
  'category',
  'colour',
  'size',
  'event',
  'country',
  'discount',
  'promo',
  'order',
  'user',
  'contact',
  'email',
  'sizeGuide',
  'courier',
  'setting',
  'review',
  'blockedPhone',
  'giftCard',
  'look',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
