// How the products CSV compares names (category, size, colour): the export writes a category's plain name only
// when no other category shares it this way. The same rule as the import's nameKey (products-csv-import.service.ts);
// kept apart so the export, which the catalogue's index names for the read workers (decision 261), does not pull the
// import and its writes into that index.

/** Names compare without case, accents kept, runs of spaces as one. */
export const nameKey = (s: string) => s.trim().replace(/\s+/g, ' ').toLocaleLowerCase('sq');
