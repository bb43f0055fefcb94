// The staff stock screens (decision 231): the stock-count list and its submission (adjustments only for
// differences, one transaction, one note), a variant's history, the low-stock list and the thresholds (a variant's
// own, else the shop's default kept in app_settings).
import { LOW_STOCK_THRESHOLD } from '#shared/limits';
import { staffMessages } from '#shared/messages-staff';
import { PAGE_SIZE_DEFAULT } from '#shared/schemas/paging';
import type {
  LowStockPageDto,
  StockCountResultDto,
  StockVariantDto,
  StockVariantPageDto,
  VariantHistoryDto,
} from '#shared/dto/stock';
import type {
  LowStockPageInput,
  ShopThresholdInput,
  StockCountInput,
  StockListInput,
  VariantThresholdInput,
} from '#shared/schemas/stock';
import type { AppDeps } from '#server/deps';
import type { DB } from '#server/db/client';
import { AppError, notFound } from '#server/errors';
import { upsertSetting, settingValue } from '#server/settings.queries';
import { displayNames, type Actor } from '#server/modules/accounts';
import { recordAudit } from '#server/modules/audit';
import { productState } from '../audit-states.queries';
import { setStocks } from '#server/modules/catalog/stock';
import { variantChanges } from '#server/modules/catalog/stock-ledger.queries';
import * as q from './stock-admin.queries';

const m = staffMessages.stock;
/** app_settings key of the shop-wide low-stock threshold. */
const SHOP_THRESHOLD_KEY = 'low_stock_threshold';
/** Below this many units a variant without its own threshold is low (today's "2 or fewer"). */
const SHOP_THRESHOLD_DEFAULT = LOW_STOCK_THRESHOLD + 1;
const HISTORY_ROWS = 200;

type Row = Awaited<ReturnType<typeof q.variantById>> & object;
const variantDto = (r: Row): StockVariantDto => ({
  variantID: r.variant_id,
  productID: r.product_id,
  productName: r.name,
  barcode: r.barcode,
  sizeName: r.size_name,
  colorName: r.color_name,
  hexCode: r.hex_code,
  stockQuantity: r.stock_quantity,
  lowStockThreshold: r.low_stock_threshold,
});

const paging = (input: { page?: number; pageSize?: number }) => {
  const page = input.page ?? 1;
  const pageSize = input.pageSize ?? PAGE_SIZE_DEFAULT;
  return { page, pageSize, offset: (page - 1) * pageSize };
};

export async function stockVariantPage(deps: Pick<AppDeps, 'db'>, input: StockListInput): Promise<StockVariantPageDto> {
  const { page, pageSize, offset } = paging(input);
  const filter = { q: input.q, categoryId: input.categoryID, productId: input.productID };
  const { rows, total } = await q.variantPage(deps.db, filter, pageSize, offset);
  return { items: rows.map(variantDto), total, page, pageSize };
}

/**
 * A physical count of many variants, in one transaction: each counted quantity that differs from the stock becomes
 * a 'stock_count' ledger row with the note; equal ones write nothing. An unknown variant refuses the whole count.
 */
export async function submitStockCount(
  deps: Pick<AppDeps, 'db'> & { actor?: Actor | null },
  input: StockCountInput,
  now: Date = new Date(),
): Promise<StockCountResultDto> {
  const changed = await deps.db.transaction().execute(async (trx) => {
    const rows = input.counts.map((c) => ({ variantId: c.variantID, setTo: c.counted }));
    const productOf = await q.productsOfVariants(
      trx,
      rows.map((r) => r.variantId),
    );
    if (productOf.size !== rows.length)
      throw new AppError('BAD_REQUEST', m.unknownVariant, { counts: [m.unknownVariant] });
    const products = [...new Set(productOf.values())];
    const before = await Promise.all(products.map((id) => productState(trx, id)));
    const done = await setStocks(trx, rows, {
      reason: 'stock_count',
      actorId: deps.actor?.userId ?? null,
      note: input.note,
      now,
    });
    // One audit row per product whose stock the count changed, like a staff variant edit (decision 228).
    const touched = new Set(done.map((c) => productOf.get(c.variantId)));
    for (const [i, id] of products.entries())
      if (touched.has(id))
        await recordAudit(trx, {
          entity: 'product',
          entityId: id,
          action: 'stock-count',
          before: before[i]!,
          after: await productState(trx, id),
        });
    return done;
  });
  return { adjusted: changed.length, unchanged: input.counts.length - changed.length };
}

export async function variantHistory(deps: Pick<AppDeps, 'db'>, variantId: number): Promise<VariantHistoryDto> {
  const variant = await q.variantById(deps.db, variantId);
  if (!variant) throw notFound(m.unknownVariant);
  const rows = await variantChanges(deps.db, variantId, HISTORY_ROWS);
  const names = await displayNames(
    deps,
    rows.flatMap((r) => (r.actor_id === null ? [] : [r.actor_id])),
  );
  return {
    variant: variantDto(variant),
    changes: rows.map((r) => ({
      changeID: r.change_id,
      at: r.created_at,
      reason: r.reason,
      delta: r.delta,
      before: r.stock_before,
      after: r.stock_after,
      actorName: r.actor_id === null ? null : (names.get(r.actor_id) ?? null),
      orderID: r.order_id,
      note: r.note,
    })),
  };
}

export async function shopThreshold(db: DB): Promise<number> {
  const raw = await settingValue(db, SHOP_THRESHOLD_KEY);
  const stored = raw === undefined ? NaN : Number(raw);
  return Number.isInteger(stored) && stored >= 0 ? stored : SHOP_THRESHOLD_DEFAULT;
}

export async function setShopThreshold(deps: Pick<AppDeps, 'db'>, input: ShopThresholdInput) {
  await deps.db.transaction().execute(async (trx) => {
    const before = { low_stock_threshold: await shopThreshold(trx) };
    await upsertSetting(trx, SHOP_THRESHOLD_KEY, String(input.threshold));
    // The shop's settings are one audit entity (id 0); the field names the setting.
    const after = { low_stock_threshold: input.threshold };
    await recordAudit(trx, { entity: 'setting', entityId: 0, action: 'update', before, after });
  });
  return { threshold: input.threshold };
}

export async function lowStockPage(deps: Pick<AppDeps, 'db'>, input: LowStockPageInput): Promise<LowStockPageDto> {
  const { page, pageSize, offset } = paging(input);
  const threshold = await shopThreshold(deps.db);
  const { rows, total } = await q.lowStockPage(deps.db, threshold, pageSize, offset);
  return { items: rows.map(variantDto), total, page, pageSize, shopThreshold: threshold };
}

/** A variant's threshold as its product's audit row records it: one field per size and colour (decision 228). */
const thresholdState = (v: Row) => ({ [`threshold[${v.size_name} / ${v.color_name}]`]: v.low_stock_threshold });

export async function setVariantThreshold(deps: Pick<AppDeps, 'db'>, input: VariantThresholdInput) {
  await deps.db.transaction().execute(async (trx) => {
    const variant = await q.variantById(trx, input.variantID);
    if (!variant || !(await q.setVariantThreshold(trx, input.variantID, input.threshold)))
      throw notFound(m.unknownVariant);
    const after = { ...variant, low_stock_threshold: input.threshold };
    const event = { before: thresholdState(variant), after: thresholdState(after) };
    await recordAudit(trx, { entity: 'product', entityId: variant.product_id, action: 'threshold', ...event });
  });
  return { variantID: input.variantID, threshold: input.threshold };
}
