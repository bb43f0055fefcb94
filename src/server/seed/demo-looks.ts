// The demo's two looks (issue 37, decision 276), so a fresh `npm start` shows "Plotëso stilin" on product pages, the
// looks page and the set discount in the cart: an evening look (a dress, a bag and shoes, 10 % off the set) and an
// everyday one (jeans, a top and a jacket, no discount). Pieces are the first in-stock product of each category.
import type { DB } from '../db/client';
import { insertDemoLook } from './demo-looks.queries';

interface PlannedPiece {
  categoryIndex: number;
  soldOut: boolean;
}

/** CATEGORIES' order (demo-data.ts): Fustane 0, Bluza & Këmisha 1, Xhinse & Pantallona 2, Xhaketa 3, Këpucë 4, Çanta 5. */
const DEMO_LOOKS = [
  { name: 'Mbrëmje në qytet', discountPercent: 10, categories: [0, 5, 4] },
  { name: 'E përditshme me xhinse', discountPercent: null, categories: [2, 1, 3] },
];

export async function seedDemoLooks(
  trx: DB,
  plans: readonly PlannedPiece[],
  productIds: readonly number[],
  today: string,
): Promise<void> {
  const used = new Set<number>();
  const pick = (categoryIndex: number) => {
    const i = plans.findIndex((p, n) => p.categoryIndex === categoryIndex && !p.soldOut && !used.has(n));
    if (i < 0) return null;
    used.add(i);
    return productIds[i]!;
  };
  for (const look of DEMO_LOOKS) {
    const ids = look.categories.map(pick).filter((id): id is number => id !== null);
    if (ids.length >= 2) await insertDemoLook(trx, { ...look, productIds: ids, at: `${today}T09:00:00.000Z` });
  }
}
