// Demo reviews (issue 26, decision 234): approved reviews by the buyers of delivered demo orders, most on the product
// bought most often (so its page has more than one page of them), one with the shop's reply, and one waiting for
// approval, so `npm start` shows stars on cards, reviews on a product page and the staff screen's queue.
import type { DB } from '../db/client';
import * as q from './demo-reviews.queries';

const TEXTS: Array<[number, string, string]> = [
  [5, 'Shumë i bukur', 'Materiali është i butë dhe masa më erdhi saktë. E porosita të hënën, arriti të mërkurën.'],
  [4, 'I mirë, pak i gjatë', 'Cilësi e mirë për çmimin. Për shtatin tim (1,62 m) ishte pak i gjatë, por e shkurtova.'],
  [5, 'E rekomandoj', 'Ngjyra është njësoj si në foto. Pagesa në dorëzim ishte shumë e thjeshtë.'],
  [5, 'Dhuratë e suksesshme', 'E bleva për motrën dhe i pëlqeu shumë. Paketimi ishte i kujdesshëm.'],
  [3, 'Në rregull', 'Produkti është i mirë, por masa M më doli pak e ngushtë. Herën tjetër marr L.'],
  [4, 'Cilësi e mirë', 'Qepjet janë të rregullta dhe stofi nuk rrudhet shumë. Do të blej përsëri.'],
  [5, 'Perfekt', 'Më e bukur se në foto! Korrieri ishte shumë i sjellshëm.'],
  [4, 'Kënaqëse', 'Gjithçka si në përshkrim. Pak vonesë në dorëzim, por dyqani më njoftoi.'],
];
const REPLY = 'Faleminderit shumë për fjalët e mira! Ju presim përsëri në Butiku.';

export async function seedDemoReviews(trx: DB): Promise<number> {
  const lines = await q.deliveredGuestLines(trx);
  const byProduct = new Map<number, typeof lines>();
  for (const l of lines) byProduct.set(l.product_id!, [...(byProduct.get(l.product_id!) ?? []), l]);
  // The most bought products first: their pages show the most reviews.
  const ranked = [...byProduct.values()].sort((a, b) => b.length - a.length);
  const picked = ranked.flatMap((group, i) => group.slice(0, i === 0 ? 7 : 2)).slice(0, 16);
  // One review per product and buyer (a buyer may have bought a product twice): drop repeats before choosing the
  // one left waiting, so the staff queue always has it.
  const seen = new Set<string>();
  const unique = picked.filter((l) => {
    const key = `${l.product_id}|${l.email.trim().toLowerCase()}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const rows = unique.map((l, i) => {
    const [rating, title, body] = TEXTS[i % TEXTS.length]!;
    const created = new Date(new Date(l.order_date).getTime() + 4 * 86_400_000);
    const at = new Date(Math.min(created.getTime(), Date.now())).toISOString();
    const waiting = i === unique.length - 1;
    return {
      product_id: l.product_id!,
      order_id: l.order_id,
      reviewer_key: `email:${l.email.trim().toLowerCase()}`,
      author_name: `${l.first_name} ${l.last_name.slice(0, 1)}.`,
      rating,
      title,
      body,
      status: waiting ? ('pending' as const) : ('approved' as const),
      reply: i === 0 ? REPLY : null,
      replied_at: i === 0 ? at : null,
      created_at: at,
      moderated_at: waiting ? null : at,
    };
  });
  await q.insertReviews(trx, rows);
  await q.keepRatings(trx, [...new Set(rows.map((r) => r.product_id))]);
  return rows.length;
}
