// Copying objects between two stores and checking the result (decision 266): `npm run media:copy` moves a shop's
// pictures from UPLOADS_DIR into its bucket with it. Each object streams from one store to the other (bounded
// memory); one already there with the same size is left as it is, so the command can be run again after a failure.
import type { ObjectStore, StoredObject } from './store';

export interface CopyReport {
  copied: number;
  alreadyThere: number;
  /** Source objects whose copy is absent or has another size afterwards. */
  mismatched: string[];
}

export async function copyObjects(
  from: ObjectStore,
  to: ObjectStore,
  objects: StoredObject[],
  onCopied?: (done: number, total: number) => void,
): Promise<CopyReport> {
  const sizes = async () => new Map((await to.list()).map((o) => [o.key, o.size]));
  const before = await sizes();
  let copied = 0;
  let alreadyThere = 0;
  for (const o of objects) {
    if (before.get(o.key) === o.size) {
      alreadyThere++;
      continue;
    }
    const body = await from.get(o.key);
    if (!body) continue; // removed meanwhile: the check below names it
    await to.put(o.key, body, o.key.endsWith('.webp') ? 'image/webp' : undefined);
    onCopied?.(++copied, objects.length);
  }
  const after = await sizes();
  return { copied, alreadyThere, mismatched: objects.filter((o) => after.get(o.key) !== o.size).map((o) => o.key) };
}
