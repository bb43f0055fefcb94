// The seo: page meta, structured data, sitemap and feeds.
// Its one public entry (docs/architecture.md rule 9): what other modules, app.ts and the infrastructure may import.
// Its doors (*.rest.ts, *.trpc.ts, *.operations.ts) are mounted by the composition root, not exported here.
export { DEFAULT_IMAGE, productFeedFiles, sitemapFiles } from './seo.service';
export { breadcrumbJsonLd, jsonLdScript, productJsonLd, storeJsonLd } from './structured-data';
