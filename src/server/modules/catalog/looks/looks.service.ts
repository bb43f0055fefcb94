// Looks as shoppers see them (issue 37, decision 276): a product's looks with every piece in full (its page's
// "Plotëso stilin"), the looks page, and the looks with a set discount that the checkout prices. Public reads go
// through the catalogue cache: look edits bump it by trigger (migration 0560), and each answer names the products it
// shows, so a piece's stock move drops it (decision 260). A look whose pieces on sale are fewer than two is not shown.
import type { LookCardDto, ProductLookDto } from '#shared/dto/looks';
import type { ProductCardDto, ProductDto } from '#shared/dto/catalog';
import { LOOKS_PAGE_LIMIT } from '#shared/schemas/looks';
import type { DB } from '#server/db/client';
import { imageUrl } from '#server/modules/media';
import { cardsFor, productById, productsFor } from '../products.service';
import { cachedRead, type CachedRead } from '../read-cache';
import * as q from './looks.queries';

interface LookHead {
  lookID: number;
  name: string;
  photoURL: string | null;
  discountPercentage: number | null;
  productIDs: number[];
}

/** Rows (one per piece, looks grouped) as looks with their pieces' ids, in the rows' order. */
function grouped(rows: q.LookPieceRow[]): LookHead[] {
  const out: LookHead[] = [];
  for (const r of rows) {
    let look = out.at(-1);
    if (!look || look.lookID !== r.look_id) {
      look = {
        lookID: r.look_id,
        name: r.name,
        photoURL: r.photo_file ? imageUrl(r.photo_file) : null,
        discountPercentage: r.discount_percent,
        productIDs: [],
      };
      out.push(look);
    }
    look.productIDs.push(r.product_id);
  }
  return out;
}

/** The looks with their shown pieces (fetched once for all looks), leaving out looks with fewer than two. */
function withPieces<P extends { productID: number }>(looks: LookHead[], pieces: P[]) {
  const byId = new Map(pieces.map((p) => [p.productID, p]));
  return looks.flatMap(({ productIDs, ...look }) => {
    const shown = productIDs.flatMap((id) => byId.get(id) ?? []);
    return shown.length >= 2 ? [{ ...look, pieces: shown }] : [];
  });
}

const allIds = (looks: LookHead[]) => [...new Set(looks.flatMap((l) => l.productIDs))];

/** The looks of a product, pieces in full; NOT_FOUND for a missing or hidden product, as its page (decision 202). */
export async function productLooks(db: DB, productId: number): Promise<CachedRead<ProductLookDto[]>> {
  await productById(db, productId);
  return cachedRead(db, `looks:${productId}`, async (today) => {
    const looks = grouped(await q.looksOfProductRows(db, productId));
    if (!looks.length) return [];
    const pieces: ProductDto[] = await productsFor(db, allIds(looks), today);
    return withPieces(looks, pieces).filter((l) => l.pieces.some((p) => p.productID === productId));
  });
}

/** The looks page: the newest looks with their pieces as cards. */
export function looksPage(db: DB): Promise<CachedRead<LookCardDto[]>> {
  return cachedRead(db, 'looks:page', async (today) => {
    const looks = grouped(await q.newestLookRows(db, LOOKS_PAGE_LIMIT));
    const pieces: ProductCardDto[] = looks.length ? await cardsFor(db, allIds(looks), today) : [];
    return withPieces(looks, pieces);
  });
}

/** A look with a set discount, as the checkout prices it: its pieces on sale (at least two). */
export interface LookOffer {
  lookId: number;
  name: string;
  percentage: number;
  productIds: number[];
}

/** The discounted looks touching any of the products (one query; inside the order's transaction at checkout). */
export async function lookOffers(db: DB, productIds: number[]): Promise<LookOffer[]> {
  if (!productIds.length) return [];
  const rows = await q.discountedLookRows(db, [...new Set(productIds)]);
  const offers: LookOffer[] = [];
  for (const r of rows) {
    let offer = offers.at(-1);
    if (!offer || offer.lookId !== r.look_id) {
      offer = { lookId: r.look_id, name: r.name, percentage: r.discount_percent ?? 0, productIds: [] };
      offers.push(offer);
    }
    if (r.is_active === 1) offer.productIds.push(r.product_id);
  }
  return offers.filter((o) => o.percentage > 0 && o.productIds.length >= 2);
}
