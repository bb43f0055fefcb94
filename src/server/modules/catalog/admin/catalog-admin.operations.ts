// The staff catalogue's operations (staff only, decision 211): products (products/products.operations.ts) and the
// reference lists: categories, colours, sizes, events, countries. The public lists are the catalog module's.
import { z } from 'zod';
import { messages } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { idSchema } from '#shared/schemas/numbers';
import {
  CategoryInput,
  ColorInput,
  ColorsInput,
  CountryInput,
  EventInput,
  SizeInput,
} from '#shared/schemas/catalog-admin';
import { AppError, parseInput } from '#server/errors';
import { mutation, query } from '#server/operations/define';
import { pathIdAndBody, pathIds } from '#server/operations/rest-shapes';
import { countries as catalogCountries } from '..';
import * as categories from './categories/categories.service';
import * as colours from './colours/colours.service';
import * as countries from './countries/countries.service';
import * as events from './events/events.service';
import { files, isMultipart, readForm, withUploadSlot, type Form } from './form';
import { productOperations } from './products/products.operations';
import { stockOperations } from './stock/stock-admin.operations';
import * as sizes from './sizes/sizes.service';
import { sizeGuideOperations } from './size-guides/size-guides.operations';
import { lookOperations } from './looks/looks.operations';
import { filesRefusedError } from './refused-files';
import { sortImages } from './upload-check';
import { DetectedColorReply } from '#shared/dto/catalog-admin';
import { CategoryReply, ColorReply, CountryReply, EventReply, SizeReply } from '#shared/dto/catalog';

const pid = z.number({ message: messages.common.invalidId }).int().positive(messages.common.invalidId);
const CategoryId = z.object({ categoryID: pid });
const ColorId = z.object({ colorID: pid });
const Id = z.object({ id: pid });
const byId = pathIds({ id: 'id' });

const BodyCategoryId = z.object({ categoryID: idSchema() });
const noImages = () =>
  new AppError('BAD_REQUEST', staffMessages.dashboard.selectAtLeastOneImage, {
    images: [staffMessages.dashboard.selectAtLeastOneImage],
  });
/** POST /api/Color takes one colour (an object) or several (an array). */
const colorBody = (body: unknown) =>
  Array.isArray(body) ? parseInput(ColorsInput, body) : [parseInput(ColorInput, body)];

const referenceOperations = {
  createCategory: mutation({
    access: 'staff',
    output: CategoryReply,
    input: CategoryInput,
    run: (caller, input) => categories.createCategory(caller, input),
    rest: { method: 'POST', path: '/Category', status: 201 },
  }),
  updateCategory: mutation({
    access: 'staff',
    output: CategoryReply,
    input: CategoryId.merge(CategoryInput),
    run: (caller, input) => categories.updateCategory(caller, input.categoryID, input),
    rest: [
      { method: 'PUT', path: '/Category/:id', ...pathIdAndBody('categoryID', CategoryInput) },
      // The spec's form sends PUT /api/Category with categoryID in the body.
      {
        method: 'PUT',
        path: '/Category',
        parse: (body) => ({
          categoryID: parseInput(BodyCategoryId, body).categoryID,
          ...parseInput(CategoryInput, body),
        }),
      },
    ],
  }),
  deleteCategory: mutation({
    access: 'staff',
    output: z.object({ categoryID: z.number() }),
    input: CategoryId,
    run: (caller, input) => categories.deleteCategory(caller, input.categoryID),
    rest: { method: 'DELETE', path: '/Category/:id', input: pathIds({ categoryID: 'id' }) },
  }),

  createColors: mutation({
    access: 'staff',
    output: z.array(ColorReply),
    input: ColorsInput,
    run: (caller, input) => colours.createColors(caller, input),
    rest: { method: 'POST', path: '/Color', status: 201, parse: colorBody },
  }),
  updateColor: mutation({
    access: 'staff',
    output: ColorReply,
    input: ColorId.merge(ColorInput),
    run: (caller, { colorID, ...input }) => colours.updateColor(caller, colorID, input),
    rest: { method: 'PUT', path: '/Color/:id', ...pathIdAndBody('colorID', ColorInput) },
  }),
  deleteColor: mutation({
    access: 'staff',
    output: z.object({ colorID: z.number() }),
    input: ColorId,
    run: (caller, input) => colours.deleteColor(caller, input.colorID),
    rest: { method: 'DELETE', path: '/Color/:id', input: pathIds({ colorID: 'id' }) },
  }),
  /** REST only (multipart): the main colours of product photos (images, image or files). */
  detectColors: mutation({
    access: 'staff',
    output: z.array(DetectedColorReply),
    input: z.object({ form: z.custom<() => Promise<Form>>(() => true) }),
    run: (caller, { form }) =>
      withUploadSlot(async () => {
        const read = await form();
        const list = [...files(read.images), ...files(read.image), ...files(read.files)];
        if (list.length === 0) throw noImages();
        // A bad photo is refused by its name (decision 219); the browser keeps the good ones for the next try.
        const { good, refused } = sortImages(list);
        if (refused.length) throw filesRefusedError(refused);
        return colours.detectColors(caller, good);
      }),
    trpc: false,
    rest: {
      method: 'POST',
      path: '/Color/detect-colors',
      inputIn: 'multipart',
      input: (req) => {
        if (!isMultipart(req.c)) throw noImages();
        return { form: () => readForm(req.c) };
      },
    },
  }),

  size: query({
    access: 'staff',
    output: SizeReply,
    input: Id,
    run: (caller, input) => sizes.sizeById(caller, input.id),
    rest: { method: 'GET', path: '/Size/:id', input: byId },
  }),
  createSize: mutation({
    access: 'staff',
    output: SizeReply,
    input: SizeInput,
    run: (caller, input) => sizes.createSize(caller, input.sizeName),
    rest: { method: 'POST', path: '/Size', status: 201 },
  }),
  updateSize: mutation({
    access: 'staff',
    output: SizeReply,
    input: Id.merge(SizeInput),
    run: (caller, input) => sizes.updateSize(caller, input.id, input.sizeName),
    rest: { method: 'PUT', path: '/Size/:id', ...pathIdAndBody('id', SizeInput) },
  }),
  deleteSize: mutation({
    access: 'staff',
    output: z.object({ sizeID: z.number() }),
    input: Id,
    run: (caller, input) => sizes.deleteSize(caller, input.id),
    rest: { method: 'DELETE', path: '/Size/:id', input: byId },
  }),

  event: query({
    access: 'staff',
    output: EventReply,
    input: Id,
    run: (caller, input) => events.eventById(caller, input.id),
    rest: { method: 'GET', path: '/Event/:id', input: byId },
  }),
  createEvent: mutation({
    access: 'staff',
    output: EventReply,
    input: EventInput,
    run: (caller, input) => events.createEvent(caller, input.eventName),
    rest: { method: 'POST', path: '/Event', status: 201 },
  }),
  updateEvent: mutation({
    access: 'staff',
    output: EventReply,
    input: Id.merge(EventInput),
    run: (caller, input) => events.updateEvent(caller, input.id, input.eventName),
    rest: { method: 'PUT', path: '/Event/:id', ...pathIdAndBody('id', EventInput) },
  }),
  deleteEvent: mutation({
    access: 'staff',
    output: z.object({ eventID: z.number() }),
    input: Id,
    run: (caller, input) => events.deleteEvent(caller, input.id),
    rest: { method: 'DELETE', path: '/Event/:id', input: byId },
  }),

  countries: query({
    access: 'staff',
    output: z.array(CountryReply),
    run: async (caller) => (await catalogCountries(caller.db)).value,
    rest: { method: 'GET', path: '/Countries', inputIn: 'none' },
  }),
  country: query({
    access: 'staff',
    output: CountryReply,
    input: Id,
    run: (caller, input) => countries.countryById(caller, input.id),
    rest: { method: 'GET', path: '/Countries/:id', input: byId },
  }),
  createCountry: mutation({
    access: 'staff',
    output: CountryReply,
    input: CountryInput,
    run: (caller, input) => countries.createCountry(caller, input),
    rest: { method: 'POST', path: '/Countries', status: 201 },
  }),
  updateCountry: mutation({
    access: 'staff',
    output: CountryReply,
    input: Id.merge(CountryInput),
    run: (caller, input) => countries.updateCountry(caller, input.id, input),
    rest: { method: 'PUT', path: '/Countries/:id', ...pathIdAndBody('id', CountryInput) },
  }),
  deleteCountry: mutation({
    access: 'staff',
    output: z.object({ countryID: z.number() }),
    input: Id,
    run: (caller, input) => countries.deleteCountry(caller, input.id),
    rest: { method: 'DELETE', path: '/Countries/:id', input: byId },
  }),
};

export const catalogAdminOperations = {
  ...productOperations,
  ...referenceOperations,
  ...sizeGuideOperations,
  ...lookOperations,
  ...stockOperations,
};
