// The saved delivery addresses of signed-in customers (decision 215): owner of customer_addresses.
// Its one public entry (docs/architecture.md rule 9). No other module calls it today, so it exports nothing; its
// door is addresses.operations.ts, mounted by the composition root (operations/registry.ts). What another module needs
// from it later is exported here by name.
export {};
