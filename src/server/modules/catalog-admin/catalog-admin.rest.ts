// REST adapters of the staff catalogue (documented /api paths): staff check first, then parse -> service -> DTO.
// Multipart bodies are read with Hono's parser; image bytes are checked by signature before anything is stored.
import { idSchema } from '../../../shared/schemas/numbers';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { messages } from '../../../shared/messages';
import { staffMessages } from '../../../shared/messages-staff';
import {
  CategoryInput, ColorInput, ColorsInput, CountryInput, EventInput, ExistingVariantsInput, FeatureInput, NewVariantsInput,
  ProductDetailsInput, SizeInput,
} from '../../../shared/schemas/catalog-admin';
import { AppError } from '../../errors';
import { staffRoutes } from '../../http/auth';
import type { AppEnv } from '../../http/env';
import { parseInput, pathId, readJson } from '../../http/request';
import { countries as catalogCountries } from '../catalog/catalog.service';
import * as svc from './catalog-admin.service';
import { checkImageCount, readCheckedImage, readCheckedImages } from './upload-check';

type C = Context<AppEnv>;
type FormValue = string | File;
type Form = Record<string, FormValue | FormValue[]>;

const isMultipart = (c: C) => c.req.header('content-type')?.toLowerCase().startsWith('multipart/form-data') ?? false;

async function readForm(c: C): Promise<Form> {
  try {
    return (await c.req.parseBody({ all: true })) as Form;
  } catch {
    throw new AppError('BAD_REQUEST', messages.common.invalidInput, { _: ['Malformed multipart body.'] });
  }
}

const all = (v: FormValue | FormValue[] | undefined): FormValue[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const str = (v: FormValue | FormValue[] | undefined): string | undefined => {
  const first = all(v)[0];
  return typeof first === 'string' ? first : undefined;
};
const files = (v: FormValue | FormValue[] | undefined): File[] => all(v).filter((x): x is File => typeof x !== 'string');

/** Product fields from a multipart form (eventIDs repeated, or eventIDs[0], eventIDs[1], ...). */
function productFromForm(form: Form): Record<string, unknown> {
  const eventIDs = [...all(form.eventIDs), ...Object.keys(form).filter((k) => /^eventIDs\[\d+\]$/.test(k)).flatMap((k) => all(form[k]))].filter((x) => typeof x === 'string');
  return {
    barcode: str(form.barcode),
    name: str(form.name),
    description: str(form.description),
    categoryID: str(form.categoryID),
    price: str(form.price),
    brand: str(form.brand),
    isActive: str(form.isActive) ?? 'true',
    eventIDs,
  };
}

async function productBody(c: C): Promise<unknown> {
  return isMultipart(c) ? productFromForm(await readForm(c)) : readJson(c);
}

/** images[i].colorID, images[i].imageFiles, images[i].existingFiles[j], images[i].removedFiles[j]. */
const IMAGE_KEY = /^images\[(\d{1,3})\]\.(colorID|imageFiles|existingFiles|removedFiles)(?:\[(\d{1,4})\])?$/;
const colorIdSchema = idSchema(staffMessages.dashboard.colorRequired);

async function imageGroupsFromForm(form: Form): Promise<svc.ImageGroupInput[]> {
  const groups = new Map<number, { colorID?: string; files: File[]; existing: Array<[number, string]>; removed: Array<[number, string]> }>();
  for (const [key, value] of Object.entries(form)) {
    const m = IMAGE_KEY.exec(key);
    if (!m) continue;
    const i = Number(m[1]);
    const g = groups.get(i) ?? { files: [], existing: [], removed: [] };
    groups.set(i, g);
    const j = Number(m[3] ?? 0);
    if (m[2] === 'colorID') g.colorID = str(value);
    else if (m[2] === 'imageFiles') g.files.push(...files(value));
    else if (m[2] === 'existingFiles') all(value).forEach((v, k) => typeof v === 'string' && g.existing.push([j + k, v]));
    else all(value).forEach((v, k) => typeof v === 'string' && g.removed.push([j + k, v]));
  }
  if (groups.size === 0) throw new AppError('BAD_REQUEST', staffMessages.dashboard.badImageField, { images: [staffMessages.dashboard.badImageField] });
  const totalFiles = [...groups.values()].reduce((s, g) => s + g.files.length, 0);
  checkImageCount(totalFiles);
  const out: svc.ImageGroupInput[] = [];
  for (const [i, g] of [...groups.entries()].sort((a, b) => a[0] - b[0])) {
    const parsed = colorIdSchema.safeParse(g.colorID ?? '');
    if (!parsed.success) throw new AppError('BAD_REQUEST', staffMessages.dashboard.colorRequired, { [`images[${i}].colorID`]: [staffMessages.dashboard.colorRequired] });
    const bytes: Buffer[] = [];
    for (const f of g.files) bytes.push(await readCheckedImage(f, `images[${i}].imageFiles`));
    out.push({
      colorID: parsed.data,
      files: bytes,
      existingFiles: g.existing.sort((a, b) => a[0] - b[0]).map((x) => x[1]),
      removedFiles: g.removed.map((x) => x[1]),
    });
  }
  return out;
}

/** Single colour (object) or several (array) for POST /api/Color. */
const colorBody = (body: unknown) => (Array.isArray(body) ? parseInput(ColorsInput, body) : [parseInput(ColorInput, body)]);

export function mountCatalogAdminRest(api: Hono<AppEnv>): void {
  const staff = staffRoutes(api);
  // ---- products ----
  staff.post('/Product', async (c) => {
    const input = parseInput(ProductDetailsInput, await productBody(c));
    return c.json(await svc.createProduct(c.var.deps, input), 201);
  });
  staff.put('/Product/:id/Details', async (c) => {
    const id = pathId(c, 'id');
    return c.json(await svc.updateProductDetails(c.var.deps, id, parseInput(ProductDetailsInput, await productBody(c))));
  });
  staff.post('/Product/:id/Variants', async (c) => {
    const id = pathId(c, 'id');
    return c.json(await svc.addVariants(c.var.deps, id, parseInput(NewVariantsInput, await readJson(c))), 201);
  });
  staff.put('/Product/:id/Variants', async (c) => {
    const id = pathId(c, 'id');
    return c.json(await svc.updateVariants(c.var.deps, id, parseInput(ExistingVariantsInput, await readJson(c))));
  });
  staff.post('/Product/:id/Images', async (c) => {
    const id = pathId(c, 'id');
    if (!isMultipart(c)) throw new AppError('BAD_REQUEST', staffMessages.dashboard.badImageField, { images: [staffMessages.dashboard.badImageField] });
    const groups = await imageGroupsFromForm(await readForm(c));
    return c.json({ productID: id, images: await svc.saveProductImages(c.var.deps, id, groups) });
  });
  staff.delete('/Product/:id/Images/:fileName', async (c) => {
    const id = pathId(c, 'id');
    return c.json(await svc.deleteProductImage(c.var.deps, id, c.req.param('fileName')));
  });
  staff.put('/Product/:id/Feature', async (c) => {
    const id = pathId(c, 'id');
    const input = parseInput(FeatureInput, await readJson(c));
    return c.json(await svc.setFeatured(c.var.deps, id, input.isFeatured));
  });
  staff.delete('/Product/:id', async (c) => {
    return c.json(await svc.deleteProduct(c.var.deps, pathId(c, 'id')));
  });

  // ---- categories ----
  staff.post('/Category', async (c) => {
    return c.json(await svc.createCategory(c.var.deps, parseInput(CategoryInput, await readJson(c))), 201);
  });
  const putCategory = async (c: C, id: number, body: unknown) => c.json(await svc.updateCategory(c.var.deps, id, parseInput(CategoryInput, body)));
  staff.put('/Category/:id', async (c) => {
    return putCategory(c, pathId(c, 'id'), await readJson(c));
  });
  // The spec's form sends PUT /api/Category with categoryID in the body.
  staff.put('/Category', async (c) => {
    const body = (await readJson(c)) as { categoryID?: unknown };
    const id = parseInput(z.object({ categoryID: idSchema() }), body).categoryID;
    return putCategory(c, id, body);
  });
  staff.delete('/Category/:id', async (c) => {
    return c.json(await svc.deleteCategory(c.var.deps, pathId(c, 'id')));
  });

  // ---- colours ----
  staff.post('/Color/detect-colors', async (c) => {
    if (!isMultipart(c)) throw new AppError('BAD_REQUEST', staffMessages.dashboard.selectAtLeastOneImage, { images: [staffMessages.dashboard.selectAtLeastOneImage] });
    const form = await readForm(c);
    const list = [...files(form.images), ...files(form.image), ...files(form.files)];
    if (list.length === 0) throw new AppError('BAD_REQUEST', staffMessages.dashboard.selectAtLeastOneImage, { images: [staffMessages.dashboard.selectAtLeastOneImage] });
    return c.json(await svc.detectColors(c.var.deps, await readCheckedImages(list)));
  });
  staff.post('/Color', async (c) => {
    return c.json(await svc.createColors(c.var.deps, colorBody(await readJson(c))), 201);
  });
  staff.delete('/Color/:id', async (c) => {
    return c.json(await svc.deleteColor(c.var.deps, pathId(c, 'id')));
  });

  // ---- sizes ----
  staff.get('/Size/:id', async (c) => {
    return c.json(await svc.sizeById(c.var.deps, pathId(c, 'id')));
  });
  staff.post('/Size', async (c) => {
    return c.json(await svc.createSize(c.var.deps, parseInput(SizeInput, await readJson(c)).sizeName), 201);
  });
  staff.put('/Size/:id', async (c) => {
    const id = pathId(c, 'id');
    return c.json(await svc.updateSize(c.var.deps, id, parseInput(SizeInput, await readJson(c)).sizeName));
  });
  staff.delete('/Size/:id', async (c) => {
    return c.json(await svc.deleteSize(c.var.deps, pathId(c, 'id')));
  });

  // ---- events ----
  staff.get('/Event/:id', async (c) => {
    return c.json(await svc.eventById(c.var.deps, pathId(c, 'id')));
  });
  staff.post('/Event', async (c) => {
    return c.json(await svc.createEvent(c.var.deps, parseInput(EventInput, await readJson(c)).eventName), 201);
  });
  staff.put('/Event/:id', async (c) => {
    const id = pathId(c, 'id');
    return c.json(await svc.updateEvent(c.var.deps, id, parseInput(EventInput, await readJson(c)).eventName));
  });
  staff.delete('/Event/:id', async (c) => {
    return c.json(await svc.deleteEvent(c.var.deps, pathId(c, 'id')));
  });

  // ---- countries (staff screens; the public list is GET /api/countries) ----
  staff.get('/Countries', async (c) => {
    return c.json((await catalogCountries(c.var.deps.db)).value);
  });
  staff.get('/Countries/:id', async (c) => {
    return c.json(await svc.countryById(c.var.deps, pathId(c, 'id')));
  });
  staff.post('/Countries', async (c) => {
    return c.json(await svc.createCountry(c.var.deps, parseInput(CountryInput, await readJson(c))), 201);
  });
  staff.put('/Countries/:id', async (c) => {
    const id = pathId(c, 'id');
    return c.json(await svc.updateCountry(c.var.deps, id, parseInput(CountryInput, await readJson(c))));
  });
  staff.delete('/Countries/:id', async (c) => {
    return c.json(await svc.deleteCountry(c.var.deps, pathId(c, 'id')));
  });
}
