// Kysely table types. snake_case mirrors the SQL in migrations/; money columns are integer cents.
import type { Generated } from 'kysely';
import type { StockReason } from '#shared/stock-reasons';
import type { CreditReason } from '#shared/store-credit';
import type { GiftCardReason } from '#shared/gift-cards';
import type { RefundMethod, ReturnEvent, ReturnKind, ReturnReason, ReturnState } from '#shared/returns';

export interface RolesTable {
  role_id: number;
  role_name: string;
}

export interface UsersTable {
  user_id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: Generated<string>;
  password_hash: string | null;
  role_id: Generated<number>;
  about_me: Generated<string>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface SocialAccountsTable {
  provider: string;
  provider_uid: string;
  user_id: number;
  created_at: Generated<string>;
}

export interface RefreshTokensTable {
  refresh_token_id: Generated<number>;
  user_id: number;
  token_hash: string;
  family_id: string;
  expires_at: string;
  revoked_at: string | null;
  replaced_by_id: number | null;
  created_at: Generated<string>;
}

export interface MainCategoriesTable {
  main_category_id: number;
  main_category_name: string;
}

export interface CategoriesTable {
  category_id: Generated<number>;
  category_name: string;
  description: Generated<string>;
  main_category_id: number;
}

export interface ColorsTable {
  color_id: Generated<number>;
  color_name: string;
  hex_code: string;
}
export interface SizesTable {
  size_id: Generated<number>;
  size_name: string;
}
export interface EventsTable {
  event_id: Generated<number>;
  event_name: string;
}

export interface ProductsTable {
  product_id: Generated<number>;
  name: string;
  barcode: Generated<string>;
  brand: string | null;
  description: Generated<string>;
  category_id: number;
  price_cents: number;
  is_featured: Generated<number>;
  is_active: Generated<number>;
  date_added: string;
  created_at: Generated<string>;
  updated_at: Generated<string>;
  /** Sum and count of the approved reviews' stars (migration 0340), kept by the catalogue (setProductRating). */
  rating_total: Generated<number>;
  rating_count: Generated<number>;
  /** 1: a gift card sold as a product; its delivered order issues a card per unit (migration 0540, decision 274). */
  is_gift_card: Generated<number>;
}

export interface ProductVariantsTable {
  variant_id: Generated<number>;
  product_id: number;
  size_id: number;
  color_id: number;
  stock_quantity: Generated<number>;
  /** Below this many units the variant is low (migration 0310); null: the shop-wide default (app_settings). */
  low_stock_threshold: Generated<number | null>;
}

export interface ProductImagesTable {
  image_id: Generated<number>;
  product_id: number;
  color_id: number;
  file_name: string;
  sort_order: Generated<number>;
}

export interface ProductEventsTable {
  product_id: number;
  event_id: number;
}

export interface CountriesTable {
  country_id: Generated<number>;
  country_name: string;
  shipping_price_cents: number;
  /** Goods (after discounts) from this amount ship free; null = never (migration 0141). */
  free_shipping_from_cents: number | null;
  /** 1 = no postal code in daily use (Kosovo): orders and saved addresses may leave it empty (migration 0230). */
  postal_code_optional: Generated<number>;
}

/** A customer's saved delivery address (migration 0230, decision 215). */
export interface CustomerAddressesTable {
  address_id: Generated<number>;
  user_id: number;
  first_name: string;
  last_name: string;
  phone_number: string;
  country_id: number;
  city: string;
  address: string;
  zip_code: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface WishlistItemsTable {
  user_id: number;
  product_id: number;
  created_at: Generated<string>;
}

export interface CartItemsTable {
  cart_item_id: Generated<number>;
  user_id: number;
  variant_id: number;
  quantity: number;
  created_at: Generated<string>;
}

/** A cart the shop may remind about (migration 0550, decision 275): a shopper's by account, a consenting guest's by e-mail. */
export interface CartFollowupsTable {
  followup_id: Generated<number>;
  user_id: number | null;
  guest_email: string | null;
  guest_key_hash: string | null;
  updated_at: string;
  due_at: string | null;
  reminders_sent: Generated<number>;
}

/** A consenting guest's cart lines, kept on the server for her reminder (migration 0550). */
export interface GuestCartLinesTable {
  followup_id: number;
  variant_id: number;
  quantity: number;
}

/** One forgotten-cart reminder queued (migration 0550): value then, restore token's hash, the order that followed. */
export interface CartRemindersTable {
  reminder_id: Generated<number>;
  followup_id: number | null;
  user_id: number | null;
  email: string;
  sequence: number;
  sent_at: string;
  value_cents: number;
  token_hash: string | null;
  token_expires_at: string | null;
  order_id: number | null;
  recovered_cents: Generated<number>;
  recovered_at: string | null;
}

/** An order's share in the refusal rate by first-time vs returning buyer (migration 0550, decision 275). */
export interface BuyerOrderKindsTable {
  order_id: number;
  part: string;
  repeat_buyer: number;
  shipped: number;
  returned: number;
}

export interface BuyerKindFiguresTable {
  part: string;
  repeat_buyer: number;
  shipped: Generated<number>;
  returned: Generated<number>;
}

export interface CartReminderOptoutsTable {
  email: string;
  created_at: string;
}

export interface ProductDiscountsTable {
  product_discount_id: Generated<number>;
  discount_percentage: number;
  start_date: string; // yyyy-mm-dd, inclusive
  end_date: string; // yyyy-mm-dd, inclusive
  created_at: Generated<string>;
}

export interface ProductDiscountProductsTable {
  product_discount_id: number;
  product_id: number;
}

export interface PromoCodesTable {
  promo_code_discount_id: Generated<number>;
  code_name: string;
  discount_percentage: number;
  start_date: string;
  end_date: string;
  created_at: Generated<string>;
  /** Limits (migration 0141): null = no limit. */
  max_uses: number | null;
  max_uses_per_customer: number | null;
  min_subtotal_cents: number | null;
  is_active: Generated<number>;
  /** Orders placed with the code; raised by a guarded update in the checkout transaction. */
  uses: Generated<number>;
  /** 'percent' (discount_percentage) or 'fixed' (discount_amount_cents, percentage 0), migration 0270. */
  discount_kind: Generated<PromoKind>;
  discount_amount_cents: number | null;
}

export type PromoKind = 'percent' | 'fixed';

export interface PromoCodeProductsTable {
  promo_code_discount_id: number;
  product_id: number;
}

export type OrderStatus = 'pending' | 'delivered';

export interface OrdersTable {
  order_id: Generated<number>;
  user_id: number | null;
  guest_id: string | null;
  order_date: string; // ISO timestamp
  order_ship_date: string | null;
  status: Generated<OrderStatus>;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  address: string;
  city: string;
  zip_code: string;
  country_id: number | null;
  country_name: Generated<string>;
  subtotal_cents: number;
  discount_cents: Generated<number>;
  shipping_cost_cents: number;
  total_cents: number;
  promo_code_discount_id: number | null;
  promo_code: string | null;
  promo_percentage: number | null;
  /** The fixed amount of the code the order used (migration 0270); null for a percentage code or none. */
  promo_amount_cents: number | null;
  idempotency_key: string | null;
  /** Hash of the checkout request that created the order (migration 0040). */
  request_fingerprint: string | null;
  created_by_user_id: number | null;
  /** null while the order is live; 'cancelled' (was pending) or 'returned' (was delivered), migration 0140. */
  closed_as: OrderOutcome | null;
  closed_at: string | null;
  closed_by_user_id: number | null;
  /** Where a live pending order stands (migration 0300, decision 229): null = new, then confirmed, packed, shipped. */
  stage: OrderStage | null;
  /** Calls the customer did not answer ("Nuk përgjigjet"). */
  call_attempts: Generated<number>;
  confirmed_at: string | null;
  confirmed_by_user_id: number | null;
  shipped_at: string | null;
  /** The courier's name and the tracking link as they were when the order left (a later settings edit keeps them). */
  courier_name: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  /** The order's buyer (migration 0460, decision 256), set when the buyer queue is settled; null until then. */
  buyer_id: number | null;
  /** When a checkout from a blocked phone was held for staff (migration 0520, decision 272); null otherwise. */
  held_at: string | null;
  /** The part of the total paid with the shopper's store credit (migration 0530, decision 273); 0 without. */
  store_credit_cents: Generated<number>;
  /** The part of the total paid with a gift card (migration 0540, decision 274); 0 without. */
  gift_card_cents: Generated<number>;
  /** What the look discounts took off the goods (migration 0560, decision 276); 0 without. */
  look_discount_cents: Generated<number>;
  /** A deposit by bank transfer staff recorded (migration 0570, decision 277); 0 without. */
  deposit_cents: Generated<number>;
  deposit_at: string | null;
  deposit_by_user_id: number | null;
}

export type OrderStage = 'confirmed' | 'packed' | 'shipped';

/** What an order_events row records: a change of state, a stage move, an unanswered call or an edit (0300). */
export type OrderEventKind =
  OrderStatus | OrderOutcome | OrderStage | 'no_answer' | 'edited' | 'held' | 'released' | ReturnEvent;

/** Staff-only notes on an order (migration 0300): who, when, what. */
export interface OrderNotesTable {
  order_note_id: Generated<number>;
  order_id: number;
  user_id: number | null;
  body: string;
  at: string;
}

/** The couriers staff hand parcels to (migration 0300): a name and a tracking URL pattern with {tracking}. */
export interface CouriersTable {
  courier_id: Generated<number>;
  name: string;
  tracking_url_pattern: string | null;
}

export type OrderOutcome = 'cancelled' | 'returned';

/** Every change of an order's state (migration 0140): the new state, when, and the staff member. */
export interface OrderEventsTable {
  order_event_id: Generated<number>;
  order_id: number;
  state: OrderEventKind;
  at: string;
  user_id: number | null;
  /** Courier and tracking number of a shipment, what an edit changed (migration 0300). */
  detail: string | null;
}

export interface OrderDetailsTable {
  order_details_id: Generated<number>;
  order_id: number;
  variant_id: number | null;
  product_id: number | null;
  product_name: string;
  color: string;
  size: string;
  image_url: Generated<string>;
  quantity: number;
  unit_price_cents: number;
  line_total_cents: number;
}

// Rollups of the orders kept by triggers (migrations/0440, decision 244). A "part" is a slice of a UTC day cut where a
// shop day can start: "2026-11-02T00" ([00, 22) UTC), "…T22", "…T23". PostgreSQL returns the bigint sums as strings.
export interface OrderHourFiguresTable {
  /** The UTC hour: "2026-11-02T09". */
  hour: string;
  placed: number | string;
  closed: number | string;
  orders: number | string;
  revenue_cents: number | string;
  cod_cents: number | string;
  pending: number | string;
}

export interface OrderLineFiguresTable {
  dim: 'product' | 'size' | 'color';
  part: string;
  /** The product's id, 0 for lines of a deleted product and for size and colour rows. */
  product_id: number;
  /** The product's name as the lines recorded it, the size or the colour. */
  label: string;
  units: number | string;
  revenue_cents: number | string;
  gross_cents: number | string;
}

export interface OrderPlaceFiguresTable {
  part: string;
  country_name: string;
  city: string;
  placed: number | string;
  cancelled: number | string;
  shipped: number | string;
  returned: number | string;
}

/** One buyer (migration 0460, decision 256): orders merged by account, e-mail or phone, with their figures. */
export interface BuyersTable {
  buyer_id: Generated<number>;
  /** The latest order's first and last name. */
  name: Generated<string>;
  /** Distinct e-mails and phones of its orders, latest first, space-separated. */
  emails: Generated<string>;
  phones: Generated<string>;
  /** The account of its latest account order. */
  user_id: number | null;
  orders: Generated<number>;
  /** Totals of delivered orders not returned (decision 248: delivered means paid). */
  spend_cents: Generated<number | string>;
  /** Orders refused at the door or returned (closed_as 'returned', decision 254). */
  refusals: Generated<number>;
  cancelled: Generated<number>;
  /** Orders delivered and not returned (migration 0520, decision 272). */
  delivered: Generated<number>;
  first_order_at: Generated<string>;
  last_order_at: Generated<string>;
}

/** 'u:<user id>', 'e:<e-mail>' or 'p:<phone>' -> the buyer holding it (migration 0460). */
export interface BuyerKeysTable {
  key: string;
  buyer_id: number;
}

/** Orders whose buyer may have changed, written by triggers on orders (migration 0460). */
export interface BuyerQueueTable {
  queue_id: Generated<number>;
  order_id: number;
  buyer_id: number | null;
}

export interface ContactMessagesTable {
  contact_id: Generated<number>;
  name: string;
  phone: string;
  email: string;
  message: string;
  is_replied: Generated<number>;
  created_at: Generated<string>;
}

/** A staff reply to a contact message, e-mailed through the outbox row mail_id (decision 257). */
export interface ContactRepliesTable {
  reply_id: Generated<number>;
  contact_id: number;
  user_id: number | null;
  body: string;
  mail_id: number | null;
  created_at: string;
}

/** A phone staff blocked (migration 0520, decision 272): checkouts from it are held for staff. */
export interface BlockedPhonesTable {
  blocked_phone_id: Generated<number>;
  /** The stored form (E.164, decision 246). */
  phone: string;
  note: Generated<string>;
  blocked_by_user_id: number | null;
  blocked_at: string;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

/** Rate-limit counters (rate-limiter-flexible's store on Kysely); expire in epoch milliseconds. */
export interface RateLimitCountersTable {
  key: string;
  points: number;
  expire: number | string | null;
}

export type MailStatus = 'queued' | 'sending' | 'sent' | 'failed';

/** The e-mail outbox (migration 0150, decision 170); times are ISO-8601 text. */
export interface MailOutboxTable {
  mail_id: Generated<number>;
  kind: string;
  recipient: string;
  reply_to: string | null;
  subject: string;
  html: string;
  text_body: string;
  status: Generated<MailStatus>;
  attempts: Generated<number>;
  next_attempt_at: string;
  claim_token: string | null;
  claimed_until: string | null;
  last_error: string | null;
  order_id: number | null;
  created_at: string;
  sent_at: string | null;
  /** A one-time secret minted at send time (migration 0220, decision 207): what kind, and the row it unlocks. */
  secret_kind: string | null;
  secret_ref: number | null;
  /** When a sent message's HTML and text were emptied, MAIL_KEEP_DAYS after sending (migration 0415, decision 241). */
  body_cleared_at: string | null;
}

/** Password-reset links (migration 0151, decision 171): only the token's SHA-256 is stored. */
export interface PasswordResetTokensTable {
  reset_id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface LoginSessionsTable {
  session_id: Generated<number>;
  family_id: string;
  user_id: number;
  user_agent: string | null;
  ip: string | null;
  created_at: string;
  last_seen_at: string;
  /** When the owner last proved who they are on this login (sign-in or step-up, decision 237); null: never. */
  proved_at: string | null;
}

export interface SignInsTable {
  sign_in_id: Generated<number>;
  user_id: number;
  ok: number;
  method: string;
  ip: string | null;
  user_agent: string | null;
  device_key: string;
  created_at: string;
}

/** A look ("Plotëso stilin", migration 0560, decision 276): pieces sold together, with an optional set discount. */
export interface LooksTable {
  look_id: Generated<number>;
  name: string;
  /** A stored image name (media module), or null without a photo. */
  photo_file: string | null;
  /** Whole percent 1–30 off the pieces of each complete set; null = no discount. */
  discount_percent: number | null;
  updated_at: Generated<string>;
}

/** A look's pieces, in their order (migration 0560). */
export interface LookProductsTable {
  look_id: number;
  product_id: number;
  position: number;
}

/** A size guide of a category or, overriding it, of one product (migration 0320). */
export interface SizeGuidesTable {
  size_guide_id: Generated<number>;
  category_id: number | null;
  product_id: number | null;
  /** JSON: the measurement names, in order. */
  columns_json: string;
  /** JSON: [{ sizeId, values }], one value per column. */
  rows_json: string;
  note: Generated<string>;
  updated_at: Generated<string>;
}

export type ReviewStatus = 'pending' | 'approved' | 'hidden';

/** A buyer's review of a product (migration 0340, decision 234): text as typed, shown once staff approve it. */
export interface ProductReviewsTable {
  review_id: Generated<number>;
  product_id: number;
  order_id: number | null;
  user_id: number | null;
  /** 'user:<id>' or 'email:<lower-case address>': one review per product and reviewer. */
  reviewer_key: string;
  author_name: string;
  rating: number;
  title: string;
  body: string;
  status: Generated<ReviewStatus>;
  reply: string | null;
  replied_at: string | null;
  created_at: Generated<string>;
  moderated_at: string | null;
}

/** An account's TOTP secret (issue 28): encrypted; confirmed_at null while the setup awaits its first code. */
export interface UserTotpTable {
  user_id: number;
  secret_enc: string;
  created_at: string;
  confirmed_at: string | null;
  /** The last 30-second step a code was accepted for (a code is never accepted twice). */
  last_step: number | null;
}

export interface UserRecoveryCodesTable {
  recovery_code_id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
}

/** Passkeys (migration 0285, decision 226): WebAuthn credentials, ids and COSE public keys in base64url. */
export interface PasskeysTable {
  passkey_id: Generated<number>;
  user_id: number;
  credential_id: string;
  public_key: string;
  user_handle: string;
  counter: Generated<number>;
  /** The transports the browser reported, comma-separated ('' when none). */
  transports: Generated<string>;
  device_type: string;
  backed_up: Generated<number>;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** WebAuthn challenges handed out (migration 0285): each used once, short-lived. */
export interface PasskeyChallengesTable {
  challenge_id: Generated<number>;
  challenge: string;
  /** 'register' (user_id set) or 'login' (email set when typed before asking). */
  purpose: string;
  user_id: number | null;
  email: string | null;
  /** The WebAuthn user handle a registration offered (base64url). */
  user_handle: string | null;
  expires_at: string;
}

/** Why a variant's stock changed (migration 0310, decision 231): shared/stock-reasons.ts. */
export type { StockReason };

/** The stock ledger (migration 0310): one row per change of a variant's stock, written in the same transaction. */
export interface StockChangesTable {
  change_id: Generated<number>;
  variant_id: number;
  delta: number;
  stock_before: number;
  stock_after: number;
  reason: StockReason;
  actor_id: number | null;
  order_id: number | null;
  note: string | null;
  created_at: string;
}

/** The audit trail (migration 0295, decision 228): append-only; changes is JSON { field: [before, after] }. */
export interface AuditLogTable {
  audit_id: Generated<number>;
  created_at: string;
  actor_id: number | null;
  ip: string | null;
  entity: string;
  entity_id: number;
  action: string;
  changes: string;
}

/**
 * A back-in-stock request (migrations 0330 and 0400, decisions 233 and 239): 'pending' until its address confirms
 * ('expired' if it never does in time), then 'open' (waiting, counted, e-mailed on a restock) until notified,
 * unsubscribed or dismissed by staff.
 */
export interface BackInStockRequestsTable {
  request_id: Generated<number>;
  variant_id: number;
  /** Trimmed, lower case. */
  email: string;
  status: 'pending' | 'open' | 'notified' | 'unsubscribed' | 'dismissed' | 'expired';
  created_at: string;
  closed_at: string | null;
}

/** An address that asked to be told of a restock (migration 0400, decision 239): confirmed or not, and its mail pace. */
export interface BackInStockAddressesTable {
  address_id: Generated<number>;
  /** Trimmed, lower case. */
  email: string;
  created_at: string;
  /** When the address confirmed through its link; null until then and again after it unsubscribes. */
  confirmed_at: string | null;
  /** When its last confirmation e-mail was queued (at most one per pace window). */
  mailed_at: string | null;
}

/** A self-service e-mail change waiting for its new address to confirm (migration 0480, decision 259). */
export interface EmailChangesTable {
  email_change_id: Generated<number>;
  user_id: number;
  /** As the owner typed it (trimmed). */
  new_email: string;
  /** The login that asked: it stays signed in when the change takes effect. */
  family_id: string | null;
  created_at: string;
  /** The link works until then (its MAC covers this time). */
  expires_at: string;
}

/** A shopper's return or exchange request (migration 0350, decision 235). */
export interface ReturnRequestsTable {
  return_request_id: Generated<number>;
  order_id: number;
  kind: ReturnKind;
  reason: ReturnReason;
  comment: Generated<string>;
  state: ReturnState;
  created_at: string;
  updated_at: string;
  refusal_reason: string | null;
  refund_method: RefundMethod | null;
  refund_cents: number | null;
  exchange_order_id: number | null;
}

/** One order line of a request: how many units, their paid value, and for an exchange the wanted variant. */
export interface ReturnRequestLinesTable {
  return_request_line_id: Generated<number>;
  return_request_id: number;
  order_details_id: number;
  quantity: number;
  paid_cents: number;
  exchange_variant_id: number | null;
  /** 1 while a unit of the wanted variant is held for this line (taken at request time, given back if refused). */
  reserved: Generated<number>;
}

/** One credit (+) or spend (-) of a customer's store credit (migration 0510, decision 271); the balance is the sum. */
export interface StoreCreditEntriesTable {
  entry_id: Generated<number>;
  user_id: number;
  amount_cents: number;
  reason: CreditReason;
  order_id: number | null;
  return_request_id: number | null;
  staff_user_id: number | null;
  note: Generated<string>;
  created_at: string;
}

/** A gift card (migration 0540, decision 274): its code only as a keyed hash and its last 4 characters. */
export interface GiftCardsTable {
  gift_card_id: Generated<number>;
  code_hash: string;
  last4: string;
  /** The code encrypted under a key from the environment until the recipient's e-mail is sent; then null. */
  sealed_code: string | null;
  initial_cents: number;
  expires_on: string | null;
  recipient_name: Generated<string>;
  recipient_email: string | null;
  message: Generated<string>;
  issued_by_user_id: number | null;
  source_order_id: number | null;
  source_unit: number | null;
  created_at: string;
}

/** One row of a gift card's ledger (decision 274): signed cents, why, the order and staff member. */
export interface GiftCardEntriesTable {
  entry_id: Generated<number>;
  gift_card_id: number;
  amount_cents: number;
  reason: GiftCardReason;
  order_id: number | null;
  staff_user_id: number | null;
  note: Generated<string>;
  created_at: string;
}

/** A products CSV import written in batches (migration 0500, decision 262). */
export interface ProductImportJobsTable {
  job_id: Generated<number>;
  /** 'staging' (units being written; nothing applied), 'applying' (batches 0..next_batch-1 applied), 'done', 'dropped'. */
  status: 'staging' | 'applying' | 'done' | 'dropped';
  actor_id: number | null;
  ip: string | null;
  batches: Generated<number>;
  next_batch: Generated<number>;
  /** The import's answer (JSON), given back when the job finishes. */
  summary: string;
  created_at: string;
  heartbeat_at: string;
  finished_at: string | null;
}

/** One staged product of an import job (its fields, new variants, stock to set), applied with its batch. */
export interface ProductImportUnitsTable {
  unit_id: Generated<number>;
  job_id: number;
  batch: number;
  payload: string;
}

export interface Database {
  roles: RolesTable;
  users: UsersTable;
  social_accounts: SocialAccountsTable;
  refresh_tokens: RefreshTokensTable;
  main_categories: MainCategoriesTable;
  categories: CategoriesTable;
  colors: ColorsTable;
  sizes: SizesTable;
  events: EventsTable;
  products: ProductsTable;
  product_variants: ProductVariantsTable;
  product_images: ProductImagesTable;
  product_events: ProductEventsTable;
  countries: CountriesTable;
  wishlist_items: WishlistItemsTable;
  cart_items: CartItemsTable;
  cart_followups: CartFollowupsTable;
  guest_cart_lines: GuestCartLinesTable;
  cart_reminders: CartRemindersTable;
  cart_reminder_optouts: CartReminderOptoutsTable;
  buyer_order_kinds: BuyerOrderKindsTable;
  buyer_kind_figures: BuyerKindFiguresTable;
  order_events: OrderEventsTable;
  order_notes: OrderNotesTable;
  couriers: CouriersTable;
  product_discounts: ProductDiscountsTable;
  product_discount_products: ProductDiscountProductsTable;
  promo_codes: PromoCodesTable;
  promo_code_products: PromoCodeProductsTable;
  orders: OrdersTable;
  order_details: OrderDetailsTable;
  order_hour_figures: OrderHourFiguresTable;
  order_line_figures: OrderLineFiguresTable;
  order_place_figures: OrderPlaceFiguresTable;
  buyers: BuyersTable;
  buyer_keys: BuyerKeysTable;
  buyer_queue: BuyerQueueTable;
  contact_messages: ContactMessagesTable;
  contact_replies: ContactRepliesTable;
  app_settings: AppSettingsTable;
  blocked_phones: BlockedPhonesTable;
  rate_limit_counters: RateLimitCountersTable;
  mail_outbox: MailOutboxTable;
  password_reset_tokens: PasswordResetTokensTable;
  customer_addresses: CustomerAddressesTable;
  login_sessions: LoginSessionsTable;
  sign_ins: SignInsTable;
  size_guides: SizeGuidesTable;
  looks: LooksTable;
  look_products: LookProductsTable;
  user_totp: UserTotpTable;
  user_recovery_codes: UserRecoveryCodesTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  stock_changes: StockChangesTable;
  audit_log: AuditLogTable;
  back_in_stock_requests: BackInStockRequestsTable;
  back_in_stock_addresses: BackInStockAddressesTable;
  email_changes: EmailChangesTable;
  product_import_jobs: ProductImportJobsTable;
  product_import_units: ProductImportUnitsTable;
  return_requests: ReturnRequestsTable;
  return_request_lines: ReturnRequestLinesTable;
  product_reviews: ProductReviewsTable;
  store_credit_entries: StoreCreditEntriesTable;
  gift_cards: GiftCardsTable;
  gift_card_entries: GiftCardEntriesTable;
}
