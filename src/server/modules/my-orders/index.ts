// A signed-in shopper's own orders and the public order tracking; the orders themselves are the orders module's.
// Its one public entry (docs/architecture.md rule 9). No other module calls it today, so it exports nothing; its
// door is my-orders.operations.ts, mounted by the composition root (operations/registry.ts). What another module needs
// from it later is exported here by name.
export {};
