// The staff catalogue (products, images and the reference lists: categories, colours, sizes, events, countries).
// Its one public entry (docs/architecture.md rule 9). No other module calls it today, so it exports nothing; its
// door is catalog-admin.operations.ts, mounted by the composition root (operations/registry.ts). What another module needs
// from it later is exported here by name.
export {};
