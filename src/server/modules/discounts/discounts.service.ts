// Rules of product discounts and promo codes: validation, duplicate codes, product checks, and the storefront cache bump.
import { staffMessages } from '#shared/messages-staff';
import { shopToday } from '#shared/dates';
import { centsToEuros, eurosToCents } from '#shared/money';
import type { DiscountProductDto, DiscountState, ProductDiscountDto, PromoDto } from '#shared/dto/discounts';
import type {
  CreateProductDiscountInput,
  CreatePromoInput,
  UpdateProductDiscountInput,
  UpdatePromoInput,
} from '#shared/schemas/discounts';
import type { AppDeps } from '#server/deps';
import { isUniqueViolation } from '#server/db/errors';
import { AppError, notFound } from '#server/errors';
import {
  addProductDiscount,
  bumpCatalogVersion,
  changeProductDiscount,
  existingProductIds,
  productBriefs,
  productDiscounts,
  removeProductDiscount,
} from '../catalog';
import { audited } from '../audit';
import { imageUrl } from '../media';
import { promoUseCounts } from '../orders';
import * as q from './discounts.queries';

type Deps = Pick<AppDeps, 'db'>;

const s = staffMessages.dashboardSales;

export function imageUrlOf(fileName: string | null | undefined): string | null {
  return fileName ? imageUrl(fileName) : null;
}

export function discountState(startDate: string, endDate: string, today = shopToday()): DiscountState {
  if (today < startDate) return 'scheduled';
  if (today > endDate) return 'expired';
  return 'active';
}

type BriefRow = Awaited<ReturnType<typeof productBriefs>>[number];
function toProduct(r: BriefRow): DiscountProductDto {
  return {
    productID: r.product_id,
    name: r.name,
    barcode: r.barcode,
    price: centsToEuros(r.price_cents),
    imageURL: imageUrlOf(r.file_name),
  };
}

async function productsById(db: q.Db, ids: number[]): Promise<Map<number, DiscountProductDto>> {
  const rows = await productBriefs({ db }, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.product_id, toProduct(r)]));
}

function groupLinks<K extends string>(
  links: Array<Record<K, number> & { product_id: number }>,
  key: K,
): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const l of links) {
    const id = l[key] as number;
    const list = out.get(id) ?? [];
    list.push(l.product_id);
    out.set(id, list);
  }
  return out;
}

/** Refuses ids of products that do not exist (a foreign-key failure would otherwise be a 500). */
async function assertProductsExist(db: q.Db, ids: number[], field: string): Promise<void> {
  const existing = await existingProductIds({ db }, ids);
  if (ids.some((id) => !existing.has(id)))
    throw new AppError('BAD_REQUEST', s.productNotFound, { [field]: [s.productNotFound] });
}

const promoTaken = () =>
  new AppError('CONFLICT', staffMessages.dashboard.promoCodeTaken, {
    codeName: [staffMessages.dashboard.promoCodeTaken],
  });

// ---------- product discounts ----------

export async function listProductDiscounts(deps: Deps, onlyId?: number): Promise<ProductDiscountDto[]> {
  const discounts = await productDiscounts(deps.db, onlyId);
  const products = await productsById(
    deps.db,
    discounts.flatMap((d) => d.productIds),
  );
  const today = shopToday();
  return discounts.map((d) => ({
    productDiscountID: d.id,
    discountPercentage: d.percentage,
    startDate: d.startDate,
    endDate: d.endDate,
    productIDs: d.productIds,
    products: d.productIds.map((id) => products.get(id)).filter((p): p is DiscountProductDto => !!p),
    state: discountState(d.startDate, d.endDate, today),
  }));
}

export async function getProductDiscount(deps: Deps, id: number): Promise<ProductDiscountDto> {
  const [one] = await listProductDiscounts(deps, id);
  if (!one) throw notFound(s.discountNotFound);
  return one;
}

/** What the audit trail records of a product discount (decision 228): its row and its products. */
async function discountRowState(db: q.Db, id: number) {
  const [d] = await productDiscounts(db, id);
  if (!d) return null;
  // The record's names are the table's, as for every audited row.
  return { discount_percentage: d.percentage, start_date: d.startDate, end_date: d.endDate, product_ids: d.productIds };
}

/** What the audit trail records of a promo code (decision 228): its row (not its use count) and its products. */
async function promoRowState(db: q.Db, id: number) {
  const [row] = await q.listPromoRows(db, id);
  if (!row) return null;
  const { promo_code_discount_id: _id, uses: _uses, ...fields } = row;
  return { ...fields, product_ids: (await q.promoLinks(db, [id])).map((l) => l.product_id) };
}

export async function createProductDiscount(
  deps: Deps,
  input: CreateProductDiscountInput,
): Promise<ProductDiscountDto> {
  const id = await audited(
    deps.db,
    { entity: 'discount', action: 'create', idOf: (n: number) => n },
    discountRowState,
    async (trx) => {
      await assertProductsExist(trx, input.productIDs, 'productIDs');
      const fields = { percentage: input.discountPercentage, startDate: input.startDate, endDate: input.endDate };
      return addProductDiscount(trx, fields, input.productIDs);
    },
  );
  bumpCatalogVersion();
  return getProductDiscount(deps, id);
}

export async function updateProductDiscount(
  deps: Deps,
  id: number,
  input: UpdateProductDiscountInput,
): Promise<ProductDiscountDto> {
  await audited(deps.db, { entity: 'discount', action: 'update', entityId: id }, discountRowState, async (trx) => {
    await assertProductsExist(trx, input.productIDs, 'productIDs');
    const fields = { percentage: input.discountPercentage, startDate: input.startDate, endDate: input.endDate };
    if (!(await changeProductDiscount(trx, id, fields, input.productIDs))) throw notFound(s.discountNotFound);
  });
  bumpCatalogVersion();
  return getProductDiscount(deps, id);
}

export async function deleteProductDiscount(deps: Deps, id: number): Promise<void> {
  await audited(deps.db, { entity: 'discount', action: 'delete', entityId: id }, discountRowState, async (trx) => {
    if (!(await removeProductDiscount(trx, id))) throw notFound(s.discountNotFound);
  });
  bumpCatalogVersion();
}

// ---------- promo codes ----------

export async function listPromos(deps: Deps, onlyId?: number): Promise<PromoDto[]> {
  const rows = await q.listPromoRows(deps.db, onlyId);
  const links = groupLinks(
    await q.promoLinks(
      deps.db,
      rows.map((r) => r.promo_code_discount_id),
    ),
    'promo_code_discount_id',
  );
  const products = await productsById(deps.db, [...links.values()].flat());
  const used = await promoUseCounts(
    deps.db,
    rows.map((r) => r.promo_code_discount_id),
  );
  const today = shopToday();
  return rows.map((r) => {
    const applicableProductIDs = links.get(r.promo_code_discount_id) ?? [];
    return {
      promoCodeDiscountID: r.promo_code_discount_id,
      codeName: r.code_name,
      discountPercentage: r.discount_percentage,
      discountKind: r.discount_kind,
      discountAmount: r.discount_amount_cents === null ? null : centsToEuros(r.discount_amount_cents),
      startDate: r.start_date,
      endDate: r.end_date,
      applicableProductIDs,
      products: applicableProductIDs.map((id) => products.get(id)).filter((p): p is DiscountProductDto => !!p),
      state: discountState(r.start_date, r.end_date, today),
      timesUsed: used.get(r.promo_code_discount_id) ?? 0,
      maxUses: r.max_uses,
      maxUsesPerCustomer: r.max_uses_per_customer,
      minSubtotal: r.min_subtotal_cents === null ? null : centsToEuros(r.min_subtotal_cents),
      isActive: Number(r.is_active) === 1,
      uses: Number(r.uses),
    };
  });
}

/** The limits a create or update payload carries; a field it leaves out is left out here too. */
function limitValues(input: CreatePromoInput): q.PromoLimitValues {
  const out: q.PromoLimitValues = {};
  if (input.maxUses !== undefined) out.max_uses = input.maxUses;
  if (input.maxUsesPerCustomer !== undefined) out.max_uses_per_customer = input.maxUsesPerCustomer;
  if (input.minSubtotal !== undefined)
    out.min_subtotal_cents = input.minSubtotal === null ? null : eurosToCents(input.minSubtotal);
  if (input.isActive !== undefined) out.is_active = input.isActive ? 1 : 0;
  return out;
}

/** The code's value as stored: a percentage (no amount), or a fixed amount in cents with percentage 0. */
function promoValue(input: CreatePromoInput): q.PromoValue {
  if (input.discountKind === 'fixed')
    return {
      discount_kind: 'fixed',
      discount_percentage: 0,
      discount_amount_cents: eurosToCents(input.discountAmount ?? 0),
    };
  return { discount_kind: 'percent', discount_percentage: input.discountPercentage ?? 0, discount_amount_cents: null };
}

export async function getPromo(deps: Deps, id: number): Promise<PromoDto> {
  const [one] = await listPromos(deps, id);
  if (!one) throw notFound(s.promoNotFound);
  return one;
}

export async function createPromo(deps: Deps, input: CreatePromoInput): Promise<PromoDto> {
  let id: number;
  try {
    id = await audited(
      deps.db,
      { entity: 'promo', action: 'create', idOf: (n: number) => n },
      promoRowState,
      async (trx) => {
        if ((await q.promoIdByCode(trx, input.codeName)) !== null) throw promoTaken();
        await assertProductsExist(trx, input.applicableProductIDs, 'applicableProductIDs');
        const newId = await q.insertPromo(trx, {
          code: input.codeName,
          value: promoValue(input),
          startDate: input.startDate,
          endDate: input.endDate,
          limits: limitValues(input),
        });
        await q.replacePromoLinks(trx, newId, input.applicableProductIDs);
        return newId;
      },
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw promoTaken();
    throw err;
  }
  bumpCatalogVersion();
  return getPromo(deps, id);
}

export async function updatePromo(deps: Deps, id: number, input: UpdatePromoInput): Promise<PromoDto> {
  try {
    await audited(deps.db, { entity: 'promo', action: 'update', entityId: id }, promoRowState, async (trx) => {
      if ((await q.promoIdByCode(trx, input.codeName, id)) !== null) throw promoTaken();
      await assertProductsExist(trx, input.applicableProductIDs, 'applicableProductIDs');
      const n = await q.updatePromo(trx, id, {
        code: input.codeName,
        value: promoValue(input),
        startDate: input.startDate,
        endDate: input.endDate,
        limits: limitValues(input),
      });
      if (n === 0) throw notFound(s.promoNotFound);
      await q.replacePromoLinks(trx, id, input.applicableProductIDs);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw promoTaken();
    throw err;
  }
  bumpCatalogVersion();
  return getPromo(deps, id);
}

export async function deletePromo(deps: Deps, id: number): Promise<void> {
  await audited(deps.db, { entity: 'promo', action: 'delete', entityId: id }, promoRowState, async (trx) => {
    if ((await q.deletePromo(trx, id)) === 0) throw notFound(s.promoNotFound);
  });
  bumpCatalogVersion();
}

/** Every product, brief, for the searchable multi-select of the discount forms. */
export async function listPickerProducts(deps: Deps): Promise<DiscountProductDto[]> {
  return (await productBriefs(deps)).map(toProduct);
}
