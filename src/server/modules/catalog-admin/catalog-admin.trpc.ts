// tRPC procedures of the staff catalogue (every one staff-only): parse -> service -> DTO.
// Image uploads and colour detection are multipart, so the dashboard sends those to the REST doors.
import { z } from 'zod';
import { messages } from '../../../shared/messages';
import {
  CategoryInput,
  ColorsInput,
  CountryInput,
  EventInput,
  FeatureInput,
  ProductDetailsInput,
  SizeInput,
  VariantsInput,
} from '../../../shared/schemas/catalog-admin';
import { router, staffProcedure } from '../../trpc/init';
import { countries as catalogCountries } from '../catalog/catalog.service';
import * as categories from './categories/categories.service';
import * as colours from './colours/colours.service';
import * as countries from './countries/countries.service';
import * as events from './events/events.service';
import * as images from './images/images.service';
import * as products from './products/products.service';
import * as sizes from './sizes/sizes.service';

const pid = z.number({ message: messages.common.invalidId }).int().positive(messages.common.invalidId);
const CategoryId = z.object({ categoryID: pid });
const ColorId = z.object({ colorID: pid });
const ProductId = z.object({ productID: pid });
const Id = z.object({ id: pid });

export const catalogAdminRouter = router({
  productTable: staffProcedure.query(({ ctx }) => products.productTable(ctx)),
  createProduct: staffProcedure
    .input(z.object({ details: ProductDetailsInput, variants: VariantsInput }))
    .mutation(({ ctx, input }) =>
      products.createProduct(
        ctx,
        input.details,
        input.variants.map(({ sizeID, colorID, stockQuantity }) => ({ sizeID, colorID, stockQuantity })),
      ),
    ),
  updateProduct: staffProcedure
    .input(ProductId.extend({ details: ProductDetailsInput, variants: VariantsInput }))
    .mutation(({ ctx, input }) => products.updateProduct(ctx, input.productID, input.details, input.variants)),
  setFeatured: staffProcedure
    .input(ProductId.merge(FeatureInput))
    .mutation(({ ctx, input }) => products.setFeatured(ctx, input.productID, input.isFeatured)),
  deleteProduct: staffProcedure
    .input(ProductId)
    .mutation(({ ctx, input }) => products.deleteProduct(ctx, input.productID)),
  deleteImage: staffProcedure
    .input(ProductId.extend({ fileName: z.string().min(1).max(300) }))
    .mutation(({ ctx, input }) => images.deleteProductImage(ctx, input.productID, input.fileName)),

  createCategory: staffProcedure
    .input(CategoryInput)
    .mutation(({ ctx, input }) => categories.createCategory(ctx, input)),
  updateCategory: staffProcedure
    .input(CategoryId.merge(CategoryInput))
    .mutation(({ ctx, input }) => categories.updateCategory(ctx, input.categoryID, input)),
  deleteCategory: staffProcedure
    .input(CategoryId)
    .mutation(({ ctx, input }) => categories.deleteCategory(ctx, input.categoryID)),

  createColors: staffProcedure.input(ColorsInput).mutation(({ ctx, input }) => colours.createColors(ctx, input)),
  deleteColor: staffProcedure.input(ColorId).mutation(({ ctx, input }) => colours.deleteColor(ctx, input.colorID)),

  size: staffProcedure.input(Id).query(({ ctx, input }) => sizes.sizeById(ctx, input.id)),
  createSize: staffProcedure.input(SizeInput).mutation(({ ctx, input }) => sizes.createSize(ctx, input.sizeName)),
  updateSize: staffProcedure
    .input(Id.merge(SizeInput))
    .mutation(({ ctx, input }) => sizes.updateSize(ctx, input.id, input.sizeName)),
  deleteSize: staffProcedure.input(Id).mutation(({ ctx, input }) => sizes.deleteSize(ctx, input.id)),

  event: staffProcedure.input(Id).query(({ ctx, input }) => events.eventById(ctx, input.id)),
  createEvent: staffProcedure.input(EventInput).mutation(({ ctx, input }) => events.createEvent(ctx, input.eventName)),
  updateEvent: staffProcedure
    .input(Id.merge(EventInput))
    .mutation(({ ctx, input }) => events.updateEvent(ctx, input.id, input.eventName)),
  deleteEvent: staffProcedure.input(Id).mutation(({ ctx, input }) => events.deleteEvent(ctx, input.id)),

  countries: staffProcedure.query(async ({ ctx }) => (await catalogCountries(ctx.db)).value),
  country: staffProcedure.input(Id).query(({ ctx, input }) => countries.countryById(ctx, input.id)),
  createCountry: staffProcedure.input(CountryInput).mutation(({ ctx, input }) => countries.createCountry(ctx, input)),
  updateCountry: staffProcedure
    .input(Id.merge(CountryInput))
    .mutation(({ ctx, input }) => countries.updateCountry(ctx, input.id, input)),
  deleteCountry: staffProcedure.input(Id).mutation(({ ctx, input }) => countries.deleteCountry(ctx, input.id)),
});
