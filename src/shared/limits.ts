// Limits the browser and the server must agree on: the server refuses larger tRPC batches, the client never sends them.
export const TRPC_MAX_BATCH = 10;
