// The scale shop's catalogue (issue 38): the seed's categories, colours, sizes, events and countries, then N products
// made from the demo's templates (a model name each), their variants, events and one picture per colour. Pictures
// are a handful drawn once (one per kind of article, in its category's first colour) and hard-linked under each
// product's own file names.
import { addDays } from '#shared/dates';
import type { DB } from '#server/db/client';
import { recordOpeningStock } from '#server/modules/catalog';
import { duplicateImage, imageUrl, storeImage } from '#server/modules/media';
import { CATEGORIES, COLORS, COUNTRIES, EVENTS, LETTER_SIZES, ONE_SIZE, SHOE_SIZES } from '#server/seed/demo-data';
import { insertReferenceData } from '#server/seed/demo.queries';
import { productArt } from '#server/seed/product-art';
import { insertReturningIds, insertRows, type Row } from './build.queries';
import { MODEL_NAMES, type Drawer } from './names';

export type Reference = Awaited<ReturnType<typeof insertReferenceData>>;

/** A variant an order may take: what its line snapshots. */
export interface ScaleVariant {
  variantId: number;
  productId: number;
  name: string;
  priceCents: number;
  color: string;
  size: string;
  imageUrl: string;
}

export interface Catalogue {
  ref: Reference;
  productIds: number[];
  variants: ScaleVariant[];
  images: number;
}

interface PlannedProduct {
  row: Row<'products'>;
  category: (typeof CATEGORIES)[number];
  colours: number[];
  sizes: string[];
  events: string[];
}

function sizesOf(d: Drawer, kind: string): string[] {
  const from = d.int(2);
  if (kind === 'letters') return LETTER_SIZES.slice(from, from + 4 + d.int(2));
  if (kind === 'shoes') return SHOE_SIZES.slice(from, from + 5 + d.int(2));
  return [ONE_SIZE];
}

function planProduct(d: Drawer, i: number, ref: Reference, today: string): PlannedProduct {
  const catIndex = i % CATEGORIES.length;
  const category = CATEGORIES[catIndex]!;
  const templates = category.items.length;
  const [item, price] = category.items[Math.floor(i / CATEGORIES.length) % templates]!;
  const combos = templates * MODEL_NAMES.length * CATEGORIES.length;
  const model = MODEL_NAMES[Math.floor(i / (CATEGORIES.length * templates)) % MODEL_NAMES.length]!;
  const series = Math.floor(i / combos);
  const palette = category.palette.map((n) => COLORS.findIndex((c) => c.name === n));
  const colourCount = category.colourless ? 1 : 1 + d.int(3);
  const colours = [...new Set(Array.from({ length: colourCount }, () => d.pick(palette)))];
  const factor = 0.8 + d.rand() * 0.5;
  return {
    row: {
      name: `${item} ${model}${series ? ` ${series + 1}` : ''}`,
      barcode: `38${String(1_000_000_000 + i)}`,
      brand: d.pick(category.brands),
      description: [d.pick(category.lines), d.pick(category.lines)].join(' '),
      category_id: ref.categoryIds[catIndex]!,
      price_cents: Math.max(490, Math.round(price * factor) * 100 - 10),
      is_featured: d.rand() < 0.02 ? 1 : 0,
      is_active: d.rand() < 0.97 ? 1 : 0,
      date_added: addDays(today, -d.int(730)),
    },
    category,
    colours,
    sizes: sizesOf(d, category.sizes),
    events: d.rand() < 0.3 ? [d.pick(category.events)] : [],
  };
}

const palette0 = (c: PlannedProduct['category']) => COLORS.findIndex((x) => x.name === c.palette[0]);

/** Draws each (art, colour) picture once and gives every use of it a name of its own (a hard link). */
function pictureNamer(uploadsDir: string) {
  const deps = { config: { uploadsDir } };
  const drawn = new Map<string, Promise<string>>();
  let used = 0;
  return {
    async name(art: string, colour: number): Promise<string> {
      let first = drawn.get(art);
      if (!first) {
        const svg = productArt(art as never, COLORS[colour]!.hex, 0);
        first = storeImage(deps, Buffer.from(svg)).then((s) => s.fileName);
        drawn.set(art, first);
        used++;
        return first;
      }
      return (await duplicateImage(deps, await first)).fileName;
    },
    drawnCount: () => used,
  };
}

async function insertProducts(db: DB, plans: PlannedProduct[]): Promise<number[]> {
  return insertReturningIds(
    db,
    'products',
    'product_id',
    plans.map((p) => p.row),
  );
}

/** The catalogue: reference rows, products, variants (stock 0 for about one in eight), events and pictures. */
export async function buildCatalogue(
  db: DB,
  d: Drawer,
  count: number,
  opts: { today: string; uploadsDir: string },
): Promise<Catalogue & { drawn: number }> {
  const ref = await insertReferenceData(db, {
    categories: CATEGORIES,
    colors: COLORS,
    sizeNames: [...LETTER_SIZES, ...SHOE_SIZES, ONE_SIZE],
    events: EVENTS,
    countries: COUNTRIES,
  });
  const plans = Array.from({ length: count }, (_, i) => planProduct(d, i, ref, opts.today));
  const productIds = await insertProducts(db, plans);
  const sizeId = new Map(ref.sizeRows.map((r) => [r.size_name, r.size_id]));
  const eventId = new Map(ref.eventRows.map((r) => [r.event_name, r.event_id]));
  const pictures = pictureNamer(opts.uploadsDir);
  const variantRows: Array<Row<'product_variants'>> = [];
  const snapshots: Array<Omit<ScaleVariant, 'variantId'>> = [];
  const imageRows: Array<Row<'product_images'>> = [];
  const eventRows: Array<Row<'product_events'>> = [];
  for (const [k, p] of plans.entries()) {
    const productId = productIds[k]!;
    for (const c of p.colours) {
      const colourId = p.category.colourless ? ref.noColourId : ref.colorIds[c]!;
      const fileName = await pictures.name(p.category.art, palette0(p.category));
      imageRows.push({ product_id: productId, color_id: colourId, file_name: fileName, sort_order: 0 });
      for (const s of p.sizes) {
        variantRows.push({
          product_id: productId,
          size_id: sizeId.get(s)!,
          color_id: colourId,
          stock_quantity: d.rand() < 0.12 ? 0 : 1 + d.int(20),
        });
        snapshots.push({
          productId,
          name: p.row.name,
          priceCents: p.row.price_cents,
          color: p.category.colourless ? '' : COLORS[c]!.name,
          size: s,
          imageUrl: imageUrl(fileName),
        });
      }
      if (p.category.colourless) break;
    }
    for (const e of p.events) eventRows.push({ product_id: productId, event_id: eventId.get(e)! });
  }
  const variantIds = await insertReturningIds(db, 'product_variants', 'variant_id', variantRows);
  await insertRows(db, 'product_images', imageRows);
  await insertRows(db, 'product_events', eventRows);
  await recordOpeningStock(db); // each variant's opening ledger row: the sum of deltas is its stock (decision 231)
  const active = new Set(productIds.filter((_, k) => plans[k]!.row.is_active === 1));
  const variants = snapshots
    .map((s, k) => ({ ...s, variantId: variantIds[k]! }))
    .filter((v) => active.has(v.productId));
  await buildDiscounts(db, productIds, opts.today);
  return { ref, productIds, variants, images: imageRows.length, drawn: pictures.drawnCount() };
}

/** Two live product discounts (20 % on one product in 25, 30 % on one in 50) and the welcome promo code. */
async function buildDiscounts(db: DB, productIds: number[], today: string): Promise<void> {
  const windows: Array<[number, number, number]> = [
    [20, 25, 3],
    [30, 50, 7],
  ];
  for (const [pct, every, offset] of windows) {
    const [id] = await insertReturningIds(db, 'product_discounts', 'product_discount_id', [
      { discount_percentage: pct, start_date: addDays(today, -5), end_date: addDays(today, 10) },
    ]);
    const rows = productIds
      .filter((_, k) => k % every === offset)
      .map((product_id) => ({ product_discount_id: id!, product_id }));
    await insertRows(db, 'product_discount_products', rows);
  }
}
