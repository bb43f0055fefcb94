// Staff colour rules: add one or several (names unique in any case), rename or recolour one, delete an unused one,
// and detect the
// dominant colours of photos (named in Albanian, marked when a colour of that name exists).
import { NO_COLOUR_HEX } from '#shared/colours';
import { staffMessages } from '#shared/messages-staff';
import type { ColorDto } from '#shared/dto/catalog';
import type { DetectedColorDto, RefusedFileDto } from '#shared/dto/catalog-admin';
import type { ColorInput } from '#shared/schemas/catalog-admin';
import type { AppDeps } from '#server/deps';
import { AppError, notFound } from '#server/errors';
import { filesRefusedError, refusedFileMessage, shownFileName } from '../refused-files';
import { badField, uniqueOr409, written } from '../writes';
import { extractColors } from './color-extract';
import { audited } from '#server/modules/audit';
import { colourState } from '../audit-states.queries';
import * as q from './colours.queries';

const toColor = (id: number, name: string, hex: string): ColorDto => ({
  colorID: id,
  colorName: name,
  name,
  hexCode: hex,
});

/** Adds one or several colours in one transaction; a name that exists (any case) is a 409 naming it. */
export async function createColors(deps: AppDeps, inputs: ColorInput[]): Promise<ColorDto[]> {
  const seen = new Set<string>();
  for (const c of inputs) {
    const k = c.colorName.toLowerCase();
    if (seen.has(k))
      throw new AppError('CONFLICT', staffMessages.dashboard.colorTaken, {
        colorName: [`${c.colorName}: ${staffMessages.dashboard.colorTaken}`],
      });
    seen.add(k);
  }
  const out = await deps.db.transaction().execute(async (tx) => {
    const created: ColorDto[] = [];
    for (const c of inputs) {
      const id = await uniqueOr409('colorName', `${c.colorName}: ${staffMessages.dashboard.colorTaken}`, () =>
        audited(tx, { entity: 'colour', action: 'create', idOf: (n: number) => n }, colourState, (trx) =>
          q.insertColor(trx, { color_name: c.colorName, hex_code: c.hexCode }),
        ),
      );
      created.push(toColor(id, c.colorName, c.hexCode));
    }
    return created;
  });
  return written(out);
}

/**
 * Renames or recolours a colour (issue 35: colours came only from photos and could not be corrected). Products keep
 * it: variants and pictures point at its id. The "no colour" marker keeps its empty hex (decision 216): 409.
 */
export async function updateColor(deps: AppDeps, id: number, input: ColorInput): Promise<ColorDto> {
  const taken = `${input.colorName}: ${staffMessages.dashboard.colorTaken}`;
  await uniqueOr409('colorName', taken, () =>
    audited(deps.db, { entity: 'colour', action: 'update', entityId: id }, colourState, async (tx) => {
      const hex = await q.colorHex(tx, id);
      if (hex === undefined) throw notFound(staffMessages.dashboard.colorNotFound);
      if (hex === NO_COLOUR_HEX) throw new AppError('CONFLICT', staffMessages.dashboard.noColourKept);
      await q.updateColor(tx, id, { color_name: input.colorName, hex_code: input.hexCode });
    }),
  );
  return written(toColor(id, input.colorName, input.hexCode));
}

/** Deletes an unused colour; "no colour" stays (decision 216): the product form and its generator offer it. */
export async function deleteColor(deps: AppDeps, id: number): Promise<{ colorID: number }> {
  await audited(deps.db, { entity: 'colour', action: 'delete', entityId: id }, colourState, async (tx) => {
    if ((await q.colorHex(tx, id)) === NO_COLOUR_HEX)
      throw new AppError('CONFLICT', staffMessages.dashboard.noColourKept);
    if ((await q.colorUsage(tx, id)) > 0) throw new AppError('CONFLICT', staffMessages.dashboard.inUse);
    const res = await q.deleteColor(tx, id);
    if (Number(res.numDeletedRows) === 0) throw notFound(staffMessages.dashboard.colorNotFound);
  });
  return written({ colorID: id });
}

/** A photo to analyse: its name as sent (for messages) and its bytes, already checked by signature and size. */
export interface PhotoInput {
  name: string;
  bytes: Buffer;
}

/** The photos sharp cannot read, each named; tried one by one only after the whole batch failed. */
async function unreadablePhotos(images: PhotoInput[]): Promise<RefusedFileDto[]> {
  const refused: RefusedFileDto[] = [];
  for (const img of images) {
    try {
      await extractColors([img.bytes]);
    } catch {
      const message = refusedFileMessage(img.name, staffMessages.dashboard.imageUnreadable);
      refused.push({ fileName: shownFileName(img.name), message });
    }
  }
  return refused;
}

/**
 * Dominant colours of the uploaded photos, named in Albanian, marked when a colour of that name exists. A photo that
 * cannot be read is refused by its name (400, decision 219); the browser keeps the others for the next try.
 */
export async function detectColors(deps: AppDeps, images: PhotoInput[]): Promise<DetectedColorDto[]> {
  if (images.length === 0) throw badField('images', staffMessages.dashboard.selectAtLeastOneImage);
  let found;
  try {
    found = await extractColors(images.map((i) => i.bytes));
  } catch {
    const refused = await unreadablePhotos(images);
    throw refused.length ? filesRefusedError(refused) : badField('images', staffMessages.dashboard.imageUnreadable);
  }
  const existing = new Map((await q.colorNames(deps.db)).map((c) => [c.color_name.toLowerCase(), c.color_id]));
  return found.map((c) => ({
    ...c,
    share: Math.round(c.share * 1000) / 1000,
    existingColorID: existing.get(c.colorName.toLowerCase()) ?? null,
  }));
}
