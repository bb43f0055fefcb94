// Limits the browser and the server must agree on: the server refuses larger tRPC batches, the client never sends them.
export const TRPC_MAX_BATCH = 10;

/**
 * A variant with this many units or fewer is low on stock: the overview's low-stock list and the product list's
 * low-stock filter (a product with such a variant) use the one figure.
 */
export const LOW_STOCK_THRESHOLD = 2;

/** The deepest page a staff list's URL or request may ask for (the paging contract, decision 134). */
export const PAGE_MAX = 10_000;

/** The most orders one print view (slips or packing list) takes. */
export const PRINT_MAX_ORDERS = 200;

/**
 * The biggest products CSV the import takes (decision 262), checked in the browser before the upload and by the server
 * while the body streams: room for the shop's own export of a large boutique (10 000 products with 50 550 variants
 * export as 11.5 MB).
 */
export const PRODUCT_CSV_MAX_MB = 32;
