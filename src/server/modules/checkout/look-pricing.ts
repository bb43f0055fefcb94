// Pure look-discount maths (issue 37, decision 276), in integer cents: a look's set discount applies to each
// complete set in the cart. A set is one unit of every piece on sale; the cart holds min(units per piece) sets. Looks
// are taken highest percentage first (then lowest id), and a unit counted in one look's set is not counted in
// another's. Each line's share is its units in sets × unit price × percentage, rounded half up to the cent per line.
import { roundHalfUp } from './pricing-round';

export interface LookOfferInput {
  lookId: number;
  name: string;
  /** Whole percent 1–30. */
  percentage: number;
  /** The look's pieces on sale (at least two). */
  productIds: readonly number[];
}

export interface LookLineInput {
  productId: number;
  unitPriceCents: number;
  quantity: number;
}

export interface AppliedLook {
  lookId: number;
  name: string;
  percentage: number;
  sets: number;
  discountCents: number;
}

export interface LookDiscounts {
  /** Per line (same order as the lines): the cents the looks take off it. */
  lineCents: number[];
  totalCents: number;
  looks: AppliedLook[];
}

export function lookDiscounts(lines: readonly LookLineInput[], offers: readonly LookOfferInput[]): LookDiscounts {
  const left = lines.map((l) => l.quantity);
  const lineCents = lines.map(() => 0);
  const looks: AppliedLook[] = [];
  const ordered = [...offers].sort((a, b) => b.percentage - a.percentage || a.lookId - b.lookId);
  for (const offer of ordered) {
    const pct = Math.min(100, Math.max(0, offer.percentage));
    if (pct === 0 || offer.productIds.length < 2) continue;
    const unitsOf = (productId: number) =>
      lines.reduce((sum, l, i) => sum + (l.productId === productId ? left[i]! : 0), 0);
    const sets = Math.min(...offer.productIds.map(unitsOf));
    if (sets <= 0) continue;
    let discountCents = 0;
    for (const productId of offer.productIds) {
      let need = sets;
      lines.forEach((l, i) => {
        if (need === 0 || l.productId !== productId || left[i]! === 0) return;
        const take = Math.min(need, left[i]!);
        left[i]! -= take;
        need -= take;
        const cents = roundHalfUp(take * l.unitPriceCents * pct, 100);
        lineCents[i]! += cents;
        discountCents += cents;
      });
    }
    looks.push({ lookId: offer.lookId, name: offer.name, percentage: pct, sets, discountCents });
  }
  return { lineCents, totalCents: lineCents.reduce((s, c) => s + c, 0), looks };
}
