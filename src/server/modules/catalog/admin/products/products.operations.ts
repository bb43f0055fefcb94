// The staff catalogue's product operations (staff only, decision 211): the dashboard's tRPC product form and the
// spec's REST doors (JSON or multipart product fields, variants, images, the products CSV). Uploads are read inside
// a process-wide upload slot (decisions 132, 200), so the input carries a reader rather than the bytes.
import { z } from 'zod';
import { shopToday } from '#shared/dates';
import { perProductTextField } from '#shared/product-fields';
import { fill, messages } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import {
  ExistingVariantsInput,
  FeatureInput,
  ImportProductsQuery,
  NewVariantsInput,
  ProductDetailsInput,
  VariantsInput,
} from '#shared/schemas/catalog-admin';
import { AppError, parseInput } from '#server/errors';
import { PRODUCT_CSV_LIMITS } from '#server/http/limits';
import { mutation, query, type RestRequest } from '#server/operations/define';
import { bodyWithId, downloadReply, listReply, pathIds } from '#server/operations/rest-shapes';
import { all, files, isMultipart, readForm, str, withUploadSlot, type Form } from '../form';
import { badImageField, imageGroupsFromForm } from '../images/images.form';
import * as images from '../images/images.service';
import { exportProductsCsv } from './products-csv-export.service';
import { importProducts } from './products-csv-import.service';
import * as products from './products.service';
import { orderLineCounts } from '#server/modules/orders';
import { bulkProducts } from './products-bulk.service';
import { productPage } from './products-table.service';
import {
  BulkProductsResultReply,
  ProductImportResultReply,
  ProductTablePageReply,
  ProductTableRowReply,
  SavedProductImagesReply,
} from '#shared/dto/catalog-admin';
import { BulkProductsInput, ProductTableInput } from '#shared/schemas/product-list';

/** The answer of the product writes: the product's id. */
const ProductIdReply = z.object({ productID: z.number() });

const pid = z.number({ message: messages.common.invalidId }).int().positive(messages.common.invalidId);
const ProductId = z.object({ productID: pid });
const byProductId = pathIds({ productID: 'id' });
/** A multipart form, read when the upload's turn comes (null: the request is not multipart). */
const FormReader = z.custom<(() => Promise<Form>) | null>(() => true);
const formReader = (req: RestRequest) => (isMultipart(req.c) ? () => readForm(req.c) : null);

/** The spec's multipart product fields (eventIDs repeated, or eventIDs[0], eventIDs[1], ...) as the JSON body. */
function productFromForm(form: Form): Record<string, unknown> {
  const indexed = Object.keys(form)
    .filter((k) => /^eventIDs\[\d+\]$/.test(k))
    .flatMap((k) => all(form[k]));
  return {
    barcode: str(form.barcode),
    name: str(form.name),
    description: str(form.description),
    categoryID: str(form.categoryID),
    price: str(form.price),
    brand: str(form.brand),
    isActive: str(form.isActive) ?? 'true',
    eventIDs: [...all(form.eventIDs), ...indexed].filter((x) => typeof x === 'string'),
    ...perProductTextField((k) => str(form[k])),
  };
}
const productFields = async (req: RestRequest) =>
  isMultipart(req.c) ? productFromForm(await readForm(req.c)) : req.json();

/** REST sends the variants as the body and the product in the path; the field messages stay the body's own. */
const variantsRoute = <S extends typeof NewVariantsInput | typeof ExistingVariantsInput>(schema: S) => ({
  body: schema,
  input: async (req: RestRequest) => ({ productID: req.id('id'), body: await req.json() }),
  parse: (raw: unknown) => {
    const { productID, body } = raw as { productID: number; body: unknown };
    return { productID, variants: parseInput(schema, body) as z.output<S> };
  },
});

/** What the CSV export answers (lib/csv.ts writes it). */
const CSV = 'text/csv; charset=utf-8';
const m = staffMessages.productCsv;
const noFile = () => new AppError('BAD_REQUEST', m.noFile, { file: [m.noFile] });
const tooLargeCsv = () => {
  const msg = fill(m.fileTooLarge, { mb: Math.round(PRODUCT_CSV_LIMITS.maxBytes / 1024 / 1024) });
  return new AppError('PAYLOAD_TOO_LARGE', msg, { file: [msg] });
};

export const productOperations = {
  /**
   * One page of the staff product list, sorted and filtered (decision 220). tRPC answers { items, total, page,
   * pageSize }; REST the items, with X-Total-Count / X-Page / X-Page-Size (decision 134). GET /api/Product stays the
   * spec's whole list.
   */
  productPage: query({
    access: 'staff',
    input: ProductTableInput,
    output: ProductTablePageReply,
    run: (caller, input) => productPage(caller, input),
    rest: { method: 'GET', path: '/Product/table', reply: listReply, output: z.array(ProductTableRowReply) },
  }),
  /** Activate, deactivate or delete the chosen products: all of them in one transaction, or none (decision 220). */
  bulkProducts: mutation({
    access: 'staff',
    input: BulkProductsInput,
    output: BulkProductsResultReply,
    run: (caller, input) => bulkProducts(caller, input, orderLineCounts),
    rest: { method: 'POST', path: '/Product/bulk' },
  }),
  createProduct: mutation({
    access: 'staff',
    output: ProductIdReply,
    input: z.object({ details: ProductDetailsInput, variants: VariantsInput }),
    run: (caller, input) =>
      products.createProduct(
        caller,
        input.details,
        input.variants.map(({ sizeID, colorID, stockQuantity }) => ({ sizeID, colorID, stockQuantity })),
      ),
  }),
  updateProduct: mutation({
    access: 'staff',
    output: ProductIdReply,
    input: ProductId.extend({ details: ProductDetailsInput, variants: VariantsInput }),
    run: (caller, input) => products.updateProduct(caller, input.productID, input.details, input.variants),
  }),
  setFeatured: mutation({
    access: 'staff',
    output: ProductIdReply.extend({ isFeatured: z.boolean() }),
    input: ProductId.merge(FeatureInput),
    run: (caller, input) => products.setFeatured(caller, input.productID, input.isFeatured),
    rest: { method: 'PUT', path: '/Product/:id/Feature', input: bodyWithId('productID') },
  }),
  deleteProduct: mutation({
    access: 'staff',
    output: ProductIdReply,
    input: ProductId,
    run: (caller, input) => products.deleteProduct(caller, input.productID),
    rest: { method: 'DELETE', path: '/Product/:id', input: byProductId },
  }),
  deleteImage: mutation({
    access: 'staff',
    output: ProductIdReply.extend({ fileName: z.string() }),
    input: ProductId.extend({ fileName: z.string().min(1).max(300) }),
    run: (caller, input) => images.deleteProductImage(caller, input.productID, input.fileName),
    rest: {
      method: 'DELETE',
      path: '/Product/:id/Images/:fileName',
      input: (req) => ({ productID: req.id('id'), fileName: req.param('fileName') }),
    },
  }),

  /** REST only: a product's fields (JSON or the spec's multipart form); variants and images follow. */
  addProduct: mutation({
    access: 'staff',
    output: ProductIdReply,
    input: ProductDetailsInput,
    run: (caller, input) => products.createProduct(caller, input),
    trpc: false,
    rest: { method: 'POST', path: '/Product', status: 201, input: productFields, inputIn: 'multipart' },
  }),
  updateProductDetails: mutation({
    access: 'staff',
    output: ProductIdReply,
    input: ProductDetailsInput.extend({ productID: pid }),
    run: (caller, { productID, ...details }) => products.updateProductDetails(caller, productID, details),
    trpc: false,
    rest: {
      method: 'PUT',
      path: '/Product/:id/Details',
      inputIn: 'multipart',
      body: ProductDetailsInput,
      input: async (req) => ({ productID: req.id('id'), fields: await productFields(req) }),
      parse: (raw) => {
        const { productID, fields } = raw as { productID: number; fields: unknown };
        return { ...parseInput(ProductDetailsInput, fields), productID };
      },
    },
  }),
  addVariants: mutation({
    access: 'staff',
    output: ProductIdReply,
    input: ProductId.extend({ variants: NewVariantsInput }),
    run: (caller, input) => products.addVariants(caller, input.productID, input.variants),
    trpc: false,
    rest: {
      method: 'POST',
      path: '/Product/:id/Variants',
      status: 201,
      ...variantsRoute(NewVariantsInput),
    },
  }),
  updateVariants: mutation({
    access: 'staff',
    output: ProductIdReply,
    input: ProductId.extend({ variants: ExistingVariantsInput }),
    run: (caller, input) => products.updateVariants(caller, input.productID, input.variants),
    trpc: false,
    rest: {
      method: 'PUT',
      path: '/Product/:id/Variants',
      ...variantsRoute(ExistingVariantsInput),
    },
  }),
  /** REST only (multipart): a product's image groups by colour; a bad photo is refused by name, the rest saved. */
  saveImages: mutation({
    access: 'staff',
    output: SavedProductImagesReply,
    input: ProductId.extend({ form: FormReader }),
    run: (caller, { productID, form }) => {
      if (!form) throw badImageField();
      return withUploadSlot(async () => images.saveProductImages(caller, productID, imageGroupsFromForm(await form())));
    },
    trpc: false,
    rest: {
      method: 'POST',
      path: '/Product/:id/Images',
      inputIn: 'multipart',
      input: (req) => ({ productID: req.id('id'), form: formReader(req) }),
      output: ProductIdReply.extend(SavedProductImagesReply.shape),
      reply: (c, saved, input) => c.json({ productID: input.productID, ...saved }),
    },
  }),
  /** REST only (decision 183): the catalogue as a CSV download (streamed). */
  exportCsv: query({
    access: 'staff',
    run: (caller) => exportProductsCsv(caller),
    trpc: false,
    rest: {
      method: 'GET',
      path: '/Product/export.csv',
      produces: CSV,
      inputIn: 'none',
      reply: (_c, stream) => downloadReply(stream, `produktet-${shopToday()}.csv`, CSV),
    },
  }),
  /** REST only (decision 183): multipart `file`, ?dryRun=true to check only; the import's report. */
  importCsv: mutation({
    access: 'staff',
    output: ProductImportResultReply,
    input: ImportProductsQuery.extend({ form: FormReader }),
    run: (caller, { dryRun, form }) => {
      if (!form) throw noFile();
      const read = form;
      const upload = async () => {
        const file = files((await read()).file)[0];
        if (!file || file.size === 0) throw noFile();
        return file.bytes;
      };
      return importProducts(caller, upload, dryRun);
    },
    trpc: false,
    rest: {
      method: 'POST',
      path: '/Product/import',
      inputIn: 'multipart',
      input: (req) => ({
        ...req.query(),
        form: isMultipart(req.c)
          ? () => readForm(req.c, { maxFileBytes: PRODUCT_CSV_LIMITS.maxBytes, maxFiles: 1, tooLarge: tooLargeCsv })
          : null,
      }),
    },
  }),
};
