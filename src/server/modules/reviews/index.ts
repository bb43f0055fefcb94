// Reviews from real buyers (issue 26, decision 234): owner of product_reviews. Its one public entry (docs/architecture.md
// rule 9): the product page's list, read by the catalogue's door and the server's page head. Its door
// (reviews.operations.ts) is mounted by the composition root (operations/registry.ts).
export { productReviews } from './reviews.service';
