// The demo's gift cards (issue 37, decision 274): "Kartë dhuratë" sold as products at 20, 50 and 100 € (their
// delivered orders issue cards), and one issued card whose code the README's demo table prints, so a new user can pay
// with it at once. The code is fixed for the demo only: it is seeded with the rest of the demo (SEED_DEMO, never in a
// production start: deploy sets SEED_DEMO=false, and this step also refuses NODE_ENV=production), and is as public as
// the demo logins. Like every card it is stored only as a keyed hash with its last four.
import { addMonths } from '#shared/dates';
import type { DB } from '../db/client';
import type { AppDeps } from '../deps';
import { writeCard } from '../modules/gift-cards';
import { storeDemoPicture } from './picture-cache';
import { CATEGORIES, ONE_SIZE } from './demo-data';
import * as q from './demo.queries';

/** The demo card's code (README's demo table): 50 € for Drita Berisha, valid for the shop's 12 months. */
export const DEMO_GIFT_CARD_CODE = 'KART-DHUR-ATAB-UTKU-2345';

const AMOUNTS = [20, 50, 100] as const;

/** A card drawn in SVG: the shop's name, "Kartë dhuratë" and the amount (one picture per amount, before the seed's transaction). */
export async function drawGiftCardPictures(deps: AppDeps): Promise<string[]> {
  const files: string[] = [];
  for (const euros of AMOUNTS) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000" viewBox="0 0 800 1000">
  <rect width="800" height="1000" fill="#f4ede2"/>
  <rect x="90" y="260" width="620" height="400" rx="36" fill="#2b2b2b"/>
  <rect x="90" y="420" width="620" height="24" fill="#c9a45c"/>
  <text x="130" y="340" font-family="Georgia, serif" font-size="44" fill="#f4ede2">BUTIKU</text>
  <text x="130" y="540" font-family="Georgia, serif" font-size="52" fill="#f4ede2">Kartë dhuratë</text>
  <text x="670" y="620" text-anchor="end" font-family="Georgia, serif" font-size="64" fill="#c9a45c">${euros} €</text>
</svg>`;
    files.push(await storeDemoPicture(deps, svg));
  }
  return files;
}

interface World {
  categoryIds: number[];
  colorIds: number[];
  pictures: string[];
  sizeRows: Array<{ size_id: number; size_name: string }>;
  today: string;
}

export async function seedDemoGiftCards(trx: DB, config: AppDeps['config'], w: World): Promise<void> {
  const accessories = CATEGORIES.findIndex((c) => c.name === 'Aksesorë');
  const oneSize = w.sizeRows.find((s) => s.size_name === ONE_SIZE)!.size_id;
  for (const [i, euros] of AMOUNTS.entries()) {
    const productId = await q.insertProduct(trx, {
      name: `Kartë dhuratë ${euros} €`,
      barcode: `38009900000${i}`,
      brand: 'Butiku',
      description:
        'Një kartë dhuratë për dikë të dashur: kodi i dërgohet me e-mail kur porosia dorëzohet dhe paguhet. ' +
        'Vlen 12 muaj në çdo porosi të dyqanit.',
      category_id: w.categoryIds[Math.max(0, accessories)]!,
      price_cents: euros * 100,
      is_featured: 0,
      is_active: 1,
      is_gift_card: 1,
      date_added: w.today,
    });
    // Black, like the card in the picture (a clothing category's products carry a real colour).
    const colorId = w.colorIds[0]!;
    await q.insertVariants(trx, [{ product_id: productId, size_id: oneSize, color_id: colorId, stock_quantity: 999 }]);
    await q.insertImages(trx, [{ product_id: productId, color_id: colorId, file_name: w.pictures[i]!, sort_order: 0 }]);
  }
  if (process.env.NODE_ENV === 'production') return; // a fixed code is demo data only
  await writeCard(trx, config.keys, {
    code: DEMO_GIFT_CARD_CODE,
    cents: 5000,
    expiresOn: addMonths(w.today, 12),
    recipientName: 'Drita Berisha',
    recipientEmail: null,
    message: 'Gëzuar! Një dhuratë nga Butiku.',
    staffUserId: null,
  });
}
