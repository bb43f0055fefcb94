// The contact form's messages: sent by shoppers, read and answered by staff; owner of contact_messages.
// Its one public entry (docs/architecture.md rule 9). No other module calls it today, so it exports nothing; its
// door is contact.operations.ts, mounted by the composition root (operations/registry.ts). What another module needs
// from it later is exported here by name.
export {};
