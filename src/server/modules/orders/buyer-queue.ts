// The buyers rollup's queue (migration 0460, decision 256): the table the order triggers write.

/** The queue the order triggers write: never copied (the copy's own triggers queue every order it writes). */
export const BUYER_QUEUE_TABLE = 'buyer_queue';
