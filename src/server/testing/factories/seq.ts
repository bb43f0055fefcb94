// One counter for the factories' unique default names (codes, e-mails, barcodes).
let seq = 0;

export const next = (): number => ++seq;
