// The staff product form's image groups (multipart): images[i].colorID, images[i].imageFiles, images[i].existingFiles[j],
// images[i].removedFiles[j]; image bytes are checked by signature before anything is stored, a bad file refused by name.
import type { RefusedFileDto } from '#shared/dto/catalog-admin';
import { idSchema } from '#shared/schemas/numbers';
import { staffMessages } from '#shared/messages-staff';
import { AppError } from '#server/errors';
import { all, files, str, type Form, type Upload } from '../form';
import { checkImageCount, sortImages } from '../upload-check';
import type * as svc from './images.service';

const IMAGE_KEY = /^images\[(\d{1,3})\]\.(colorID|imageFiles|existingFiles|removedFiles)(?:\[(\d{1,4})\])?$/;
const colorIdSchema = idSchema(staffMessages.dashboard.colorRequired);
export const badImageField = () =>
  new AppError('BAD_REQUEST', staffMessages.dashboard.badImageField, {
    images: [staffMessages.dashboard.badImageField],
  });

type RawGroup = {
  colorID?: string;
  files: Upload[];
  existing: Array<[number, string]>;
  removed: Array<[number, string]>;
};

/** The form's image fields grouped by their index i, in index order. */
function rawGroups(form: Form): Array<[number, RawGroup]> {
  const groups = new Map<number, RawGroup>();
  for (const [key, value] of Object.entries(form)) {
    const m = IMAGE_KEY.exec(key);
    if (!m) continue;
    const i = Number(m[1]);
    const g = groups.get(i) ?? { files: [], existing: [], removed: [] };
    groups.set(i, g);
    const j = Number(m[3] ?? 0);
    if (m[2] === 'colorID') g.colorID = str(value);
    else if (m[2] === 'imageFiles') g.files.push(...files(value));
    else if (m[2] === 'existingFiles')
      all(value).forEach((v, k) => typeof v === 'string' && g.existing.push([j + k, v]));
    else all(value).forEach((v, k) => typeof v === 'string' && g.removed.push([j + k, v]));
  }
  return [...groups.entries()].sort((a, b) => a[0] - b[0]);
}

/**
 * The image groups of the form, each new file checked by its bytes: a bad one is refused by its name (and its colour)
 * and the good ones go on to be stored (decision 219). Too many files, or a group without a colour, refuse the form.
 */
export function imageGroupsFromForm(form: Form): { groups: svc.ImageGroupInput[]; refused: RefusedFileDto[] } {
  const groups = rawGroups(form);
  if (groups.length === 0) throw badImageField();
  checkImageCount(groups.reduce((s, [, g]) => s + g.files.length, 0));
  const out: svc.ImageGroupInput[] = [];
  const refused: RefusedFileDto[] = [];
  for (const [i, g] of groups) {
    const parsed = colorIdSchema.safeParse(g.colorID ?? '');
    if (!parsed.success)
      throw new AppError('BAD_REQUEST', staffMessages.dashboard.colorRequired, {
        [`images[${i}].colorID`]: [staffMessages.dashboard.colorRequired],
      });
    const sorted = sortImages(g.files);
    refused.push(...sorted.refused.map((r) => ({ ...r, colorID: parsed.data })));
    out.push({
      colorID: parsed.data,
      files: sorted.good.map((f) => ({ name: f.name, bytes: f.bytes })),
      existingFiles: g.existing.sort((a, b) => a[0] - b[0]).map((x) => x[1]),
      removedFiles: g.removed.map((x) => x[1]),
    });
  }
  return { groups: out, refused };
}
