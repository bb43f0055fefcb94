// The catalogue's documents built off the request path (issue 38, decision 242): product feeds, the sitemap and the
// spec's all-products answer, written to disk in slices by built-files.ts and stamped with the catalogue version and
// shop date (read-cache.ts), so a catalogue write or a new shop day rebuilds them, and nothing else does.
import type { DB } from '#server/db/client';
import { BuiltFiles, type BuiltFile, type BuiltSet, type SetWriter } from '#server/built-files';
import { actsAsStaff, type Actor } from '../accounts';
import { productCardChunks } from './products.service';
import { cachedShopToday, catalogStamp } from './read-cache';

const owners = new WeakMap<DB, BuiltFiles>();

/**
 * The set `key` of `db`'s catalogue documents, built by `make` (for the shop date of the catalogue's stamp) when the
 * catalogue has changed since its last build.
 */
export function catalogDocument(
  db: DB,
  key: string,
  make: (out: SetWriter, today: string) => Promise<void>,
): Promise<BuiltSet> {
  let files = owners.get(db);
  if (!files) owners.set(db, (files = new BuiltFiles()));
  return files.get(
    key,
    () => catalogStamp(db),
    (out) => make(out, cachedShopToday()),
  );
}

/**
 * The spec's GET /api/Product as a built JSON file: every active product's card, or inactive ones too for staff
 * (decision 100's staff view). The bytes are what JSON.stringify of the card list gives.
 */
export async function allProductsFile(db: DB, viewer: Actor | null): Promise<BuiltFile> {
  const inStaffView = actsAsStaff(viewer);
  const set = await catalogDocument(db, `products:${inStaffView ? 'all' : 'active'}`, async (out, today) => {
    const file = out.file('');
    let first = true;
    await file.write('[');
    for await (const cards of productCardChunks(db, today, out.slices, inStaffView)) {
      if (!cards.length) continue;
      await file.write((first ? '' : ',') + cards.map((c) => JSON.stringify(c)).join(','));
      first = false;
    }
    await file.write(']');
  });
  return set.files.get('')!;
}
