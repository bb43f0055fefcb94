// tRPC procedures of the catalog module (all public reads): parse -> cached service read -> DTO. The anonymous
// reads are one table (`catalogReads`), which the router below and the fast lane (catalog.fast-lane.ts, decision
// 156) both use, so a procedure's schema and service read are written once.
import type { z } from 'zod';
import {
  CategoriesByMainInput,
  CategoryIdInput,
  ColorsWithCountInput,
  FilterColorsInput,
  ProductFilterInput,
  ProductIdInput,
  ProductListInput,
  RelatedProductsInput,
  VariantIdInput,
} from '../../../shared/schemas/catalog';
import type { DB } from '../../db/client';
import type { Actor } from '../accounts/tokens';
import { publicProcedure, router } from '../../trpc/init';
import * as catalog from './catalog.service';

/**
 * A public catalogue read: its input schema (null: takes none) and the cached service read it answers from, for
 * a caller (the router passes its actor; the fast lane, which takes only anonymous requests, null).
 */
interface CatalogRead<S extends z.ZodType | null, T> {
  input: S;
  read: (
    db: DB,
    input: S extends z.ZodType ? z.output<S> : undefined,
    viewer: Actor | null,
  ) => Promise<catalog.CachedRead<T>>;
}
const def = <S extends z.ZodType | null, T>(input: S, read: CatalogRead<S, T>['read']): CatalogRead<S, T> => ({
  input,
  read,
});

export const catalogReads = {
  homepage: def(null, (db) => catalog.homepageProducts(db)),
  /** Inactive products are NOT_FOUND except for staff (decision 202): the dashboard's product form reads this too. */
  product: def(ProductIdInput, (db, input, viewer) => catalog.productById(db, input.productID, viewer)),
  related: def(RelatedProductsInput, (db, input) => catalog.relatedProducts(db, input)),
  filter: def(ProductFilterInput, (db, input) => catalog.filterProducts(db, input)),
  variant: def(VariantIdInput, (db, input) => catalog.variantStockById(db, input.variantId)),
  categories: def(null, (db) => catalog.categories(db)),
  category: def(CategoryIdInput, (db, input) => catalog.categoryById(db, input.categoryID)),
  categoriesByMain: def(CategoriesByMainInput, (db, input) => catalog.categoriesByMain(db, input.mainCategoryID)),
  mainCategories: def(null, (db) => catalog.mainCategories(db)),
  sizes: def(null, (db) => catalog.sizes(db)),
  events: def(null, (db) => catalog.events(db)),
  colors: def(null, (db) => catalog.colors(db)),
  colorsWithCount: def(ColorsWithCountInput.optional(), (db, input) =>
    catalog.colorsWithCount(db, input?.minProductCount ?? 1),
  ),
  filterColors: def(FilterColorsInput.optional(), (db, input) =>
    catalog.colorsWithCount(db, input?.minProductCount ?? 4),
  ),
  countries: def(null, (db) => catalog.countries(db)),
};

const r = catalogReads;
const value = async <T>(read: Promise<catalog.CachedRead<T>>): Promise<T> => (await read).value;

export const catalogRouter = router({
  homepage: publicProcedure.query(({ ctx }) => value(r.homepage.read(ctx.db, undefined, ctx.actor))),
  /** The staff view (inactive products too) depends on the caller, so this one is not in the table. */
  products: publicProcedure
    .input(ProductListInput)
    .query(({ ctx, input }) => value(catalog.productList(ctx.db, ctx.actor, input?.includeInactive ?? false))),
  product: publicProcedure
    .input(r.product.input)
    .query(({ ctx, input }) => value(r.product.read(ctx.db, input, ctx.actor))),
  related: publicProcedure
    .input(r.related.input)
    .query(({ ctx, input }) => value(r.related.read(ctx.db, input, ctx.actor))),
  filter: publicProcedure
    .input(r.filter.input)
    .query(({ ctx, input }) => value(r.filter.read(ctx.db, input, ctx.actor))),
  variant: publicProcedure
    .input(r.variant.input)
    .query(({ ctx, input }) => value(r.variant.read(ctx.db, input, ctx.actor))),
  categories: publicProcedure.query(({ ctx }) => value(r.categories.read(ctx.db, undefined, ctx.actor))),
  category: publicProcedure
    .input(r.category.input)
    .query(({ ctx, input }) => value(r.category.read(ctx.db, input, ctx.actor))),
  categoriesByMain: publicProcedure
    .input(r.categoriesByMain.input)
    .query(({ ctx, input }) => value(r.categoriesByMain.read(ctx.db, input, ctx.actor))),
  mainCategories: publicProcedure.query(({ ctx }) => value(r.mainCategories.read(ctx.db, undefined, ctx.actor))),
  sizes: publicProcedure.query(({ ctx }) => value(r.sizes.read(ctx.db, undefined, ctx.actor))),
  events: publicProcedure.query(({ ctx }) => value(r.events.read(ctx.db, undefined, ctx.actor))),
  colors: publicProcedure.query(({ ctx }) => value(r.colors.read(ctx.db, undefined, ctx.actor))),
  colorsWithCount: publicProcedure
    .input(r.colorsWithCount.input)
    .query(({ ctx, input }) => value(r.colorsWithCount.read(ctx.db, input, ctx.actor))),
  filterColors: publicProcedure
    .input(r.filterColors.input)
    .query(({ ctx, input }) => value(r.filterColors.read(ctx.db, input, ctx.actor))),
  countries: publicProcedure.query(({ ctx }) => value(r.countries.read(ctx.db, undefined, ctx.actor))),
});
