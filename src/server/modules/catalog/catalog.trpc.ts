// tRPC procedures of the catalog module (all public reads): parse -> cached service read -> DTO.
import {
  CategoriesByMainInput, CategoryIdInput, ColorsWithCountInput, FilterColorsInput, ProductFilterInput, ProductIdInput, ProductListInput,
  RelatedProductsInput, VariantIdInput,
} from '../../../shared/schemas/catalog';
import { publicProcedure, router } from '../../trpc/init';
import * as catalog from './catalog.service';

export const catalogRouter = router({
  homepage: publicProcedure.query(async ({ ctx }) => (await catalog.homepageProducts(ctx.db)).value),
  products: publicProcedure.input(ProductListInput).query(async ({ ctx, input }) => (await catalog.productList(ctx.db, ctx.actor, input?.includeInactive ?? false)).value),
  product: publicProcedure.input(ProductIdInput).query(async ({ ctx, input }) => (await catalog.productById(ctx.db, input.productID)).value),
  related: publicProcedure.input(RelatedProductsInput).query(async ({ ctx, input }) => (await catalog.relatedProducts(ctx.db, input)).value),
  filter: publicProcedure.input(ProductFilterInput).query(async ({ ctx, input }) => (await catalog.filterProducts(ctx.db, input)).value),
  variant: publicProcedure.input(VariantIdInput).query(async ({ ctx, input }) => (await catalog.variantStockById(ctx.db, input.variantId)).value),
  categories: publicProcedure.query(async ({ ctx }) => (await catalog.categories(ctx.db)).value),
  category: publicProcedure.input(CategoryIdInput).query(async ({ ctx, input }) => (await catalog.categoryById(ctx.db, input.categoryID)).value),
  categoriesByMain: publicProcedure.input(CategoriesByMainInput).query(async ({ ctx, input }) => (await catalog.categoriesByMain(ctx.db, input.mainCategoryID)).value),
  mainCategories: publicProcedure.query(async ({ ctx }) => (await catalog.mainCategories(ctx.db)).value),
  sizes: publicProcedure.query(async ({ ctx }) => (await catalog.sizes(ctx.db)).value),
  events: publicProcedure.query(async ({ ctx }) => (await catalog.events(ctx.db)).value),
  colors: publicProcedure.query(async ({ ctx }) => (await catalog.colors(ctx.db)).value),
  colorsWithCount: publicProcedure
    .input(ColorsWithCountInput.optional())
    .query(async ({ ctx, input }) => (await catalog.colorsWithCount(ctx.db, input?.minProductCount ?? 1)).value),
  filterColors: publicProcedure
    .input(FilterColorsInput.optional())
    .query(async ({ ctx, input }) => (await catalog.colorsWithCount(ctx.db, input?.minProductCount ?? 4)).value),
  countries: publicProcedure.query(async ({ ctx }) => (await catalog.countries(ctx.db)).value),
});
