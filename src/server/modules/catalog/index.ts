// The catalog: the public catalogue reads (products, reference lists), their read cache, product-discount pricing
// and variant snapshots.
// Its one public entry (docs/architecture.md rule 9): what other modules, app.ts and the infrastructure may import.
// Its doors (*.rest.ts, *.trpc.ts, *.operations.ts) are mounted by the composition root, not exported here.
export { acceptsGzip } from './catalog.body';
export { scheduleLowStockDigest } from './admin/stock/low-stock-digest';
export {
  /** @public the crash test's child process imports as a door would (decision 262) */
  importProducts,
  resumeProductImports,
} from './admin/products/products-csv-import.service';
export { shippingCountry, variantStock, type ShippingCountry } from './checkout-facts.service';
export { storedImageNames } from './admin/images/stored-images.service';
export {
  addStock,
  changeStock,
  linkStockChangesToOrder,
  recordOpeningStock,
  /** @public the back-in-stock race test's second process sets stocks in bulk, as the CSV import does (decision 233) */
  setStocks,
  /** @public the order stages' line edits call it (reason 'exchange'), decision 231 */
  takeStock,
  type StockContext,
} from './stock';
export {
  addProductDiscount,
  changeProductDiscount,
  productDiscounts,
  removeProductDiscount,
} from './product-discounts.service';
export { activeDiscountPercentages, discountedPriceCents } from './discount-pricing';
export { filterProducts, listingFacets, prepareSearch, searchProducts } from './listing.service';
export {
  activeDiscountWindows,
  activeProductDates,
  activeProductSummaries,
  countryNames,
  existingProductIds,
  firstPictures,
  giftCardProductIds,
  isActiveProduct,
  lowStockVariants,
  productBriefs,
  productCategories,
  setProductRating,
} from './product-facts.service';
export { allProductsFile, catalogDocument } from './built-documents';
export {
  activeProductDetailChunks,
  homepageProducts,
  productById,
  productList,
  relatedProducts,
  variantStockById,
} from './products.service';
export {
  bumpCatalogVersion,
  cachedRead,
  closeCatalogReaders,
  catalogCacheLookups,
  setCatalogCacheBudget,
  type CachedRead,
} from './read-cache';
export {
  categories,
  categoriesByMain,
  categoryById,
  colors,
  colorsWithCount,
  countries,
  events,
  mainCategories,
  sizes,
} from './reference-lists.service';
export { productsCsvStream } from './admin/products/products-csv-export.service';
export { sizeGuideForProduct } from './size-guides.service';
export { variantSnapshots, type VariantSnapshot } from './variant-snapshots';
export { lookOffers, looksPage, productLooks } from './looks/looks.service';
