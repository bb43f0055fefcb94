// REST adapters of staff products (documented /api paths, staff only): parse -> service -> DTO.
// Create and edit accept JSON or the spec's multipart form (eventIDs repeated, or eventIDs[0], eventIDs[1], ...).
import type { Context, Hono } from 'hono';
import {
  ExistingVariantsInput,
  FeatureInput,
  NewVariantsInput,
  ProductDetailsInput,
} from '../../../../shared/schemas/catalog-admin';
import { staffRoutes } from '../../../http/auth';
import type { AppEnv } from '../../../http/env';
import { parseInput, pathId, readJson } from '../../../http/request';
import { all, isMultipart, readForm, str, type Form } from '../form';
import * as svc from './products.service';

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
  };
}

const productDetails = async (c: Context<AppEnv>) =>
  parseInput(ProductDetailsInput, isMultipart(c) ? productFromForm(await readForm(c)) : await readJson(c));

export function mountProductsRest(api: Hono<AppEnv>): void {
  staffRoutes(api)
    .post('/Product', async (c) => c.json(await svc.createProduct(c.var.deps, await productDetails(c)), 201))
    .put('/Product/:id/Details', async (c) => {
      const id = pathId(c, 'id');
      return c.json(await svc.updateProductDetails(c.var.deps, id, await productDetails(c)));
    })
    .post('/Product/:id/Variants', async (c) => {
      const id = pathId(c, 'id');
      return c.json(await svc.addVariants(c.var.deps, id, parseInput(NewVariantsInput, await readJson(c))), 201);
    })
    .put('/Product/:id/Variants', async (c) => {
      const id = pathId(c, 'id');
      return c.json(await svc.updateVariants(c.var.deps, id, parseInput(ExistingVariantsInput, await readJson(c))));
    })
    .put('/Product/:id/Feature', async (c) => {
      const id = pathId(c, 'id');
      return c.json(await svc.setFeatured(c.var.deps, id, parseInput(FeatureInput, await readJson(c)).isFeatured));
    })
    .delete('/Product/:id', async (c) => c.json(await svc.deleteProduct(c.var.deps, pathId(c, 'id'))));
}
