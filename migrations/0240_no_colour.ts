// "No colour" (issue 25, decision 216): products without colours (creams, perfumes, shampoos) give their variants
// the one colours row with an empty hex code, which the shop never shows as a colour. Staff colours always have a
// #RRGGBB code, so the empty one marks it; a colour staff already named "Pa ngjyrë" becomes that row.
import type { Kysely } from 'kysely';

const NAME = 'Pa ngjyrë';

export async function up(db: Kysely<any>): Promise<void> {
  const same = await db
    .selectFrom('colors')
    .select('color_id')
    .where((eb) => eb(eb.fn('lower', ['color_name']), '=', NAME.toLowerCase()))
    .executeTakeFirst();
  if (same) await db.updateTable('colors').set({ hex_code: '' }).where('color_id', '=', same.color_id).execute();
  else await db.insertInto('colors').values({ color_name: NAME, hex_code: '' }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // Variants and images still using it keep it (their colour cannot be taken away); otherwise it goes.
  const used = await db
    .selectFrom('product_variants')
    .select('variant_id')
    .innerJoin('colors', 'colors.color_id', 'product_variants.color_id')
    .where('colors.hex_code', '=', '')
    .executeTakeFirst();
  if (!used) await db.deleteFrom('colors').where('hex_code', '=', '').execute();
}
