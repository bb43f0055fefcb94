// Limits the browser and the server must agree on: the server refuses larger tRPC batches, the client never sends them.
export const TRPC_MAX_BATCH = 10;

/**
 * A variant with this many units or fewer is low on stock: the overview's low-stock list and the product list's
 * low-stock filter (a product with such a variant) use the one figure.
 */
export const LOW_STOCK_THRESHOLD = 2;
