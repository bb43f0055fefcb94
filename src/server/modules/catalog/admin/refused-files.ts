// A refused file of an upload batch, named in its message ("„foto.jpg“ u refuzua: …"): the other files of the batch
// go on (issue 25, decision 219); a batch whose every file is refused is a 400 that names each one.
import type { RefusedFileDto } from '#shared/dto/catalog-admin';
import { fill, plural } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { AppError } from '#server/errors';

/** The file's name as a person reads it in a message: no folders, no control characters, at most 120 characters. */
export function shownFileName(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (!clean) return staffMessages.dashboard.unnamedFile;
  return clean.length > 120 ? `${clean.slice(0, 119)}…` : clean;
}

/** "„name.jpg“ u refuzua: <reason>": one refused file of a batch, named. */
export const refusedFileMessage = (name: string, reason: string) =>
  fill(staffMessages.dashboard.fileRefused, { name: shownFileName(name), reason });

/** The 400 of refused files (every file of a product photo batch; any of colour detection's): each one named under
 * `field`, the list in `details.refused`. */
export function filesRefusedError(refused: RefusedFileDto[], field = 'images'): AppError {
  const summary =
    refused.length === 1 ? refused[0]!.message : plural(staffMessages.dashboard.filesRefused, refused.length);
  return new AppError('BAD_REQUEST', summary, { [field]: refused.map((r) => r.message) }, { refused });
}
