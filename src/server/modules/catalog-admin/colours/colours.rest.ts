// REST adapters of staff colours (staff only): one colour (object) or several (array); photos to analyse as multipart.
import type { Hono } from 'hono';
import { staffMessages } from '../../../../shared/messages-staff';
import { ColorInput, ColorsInput } from '../../../../shared/schemas/catalog-admin';
import { AppError } from '../../../errors';
import { staffRoutes } from '../../../http/auth';
import type { AppEnv } from '../../../http/env';
import { parseInput, pathId, readJson } from '../../../http/request';
import { files, isMultipart, readForm, withUploadSlot } from '../form';
import { readCheckedImages } from '../upload-check';
import * as svc from './colours.service';

const noImages = () =>
  new AppError('BAD_REQUEST', staffMessages.dashboard.selectAtLeastOneImage, {
    images: [staffMessages.dashboard.selectAtLeastOneImage],
  });
const colorBody = (body: unknown) =>
  Array.isArray(body) ? parseInput(ColorsInput, body) : [parseInput(ColorInput, body)];

export function mountColoursRest(api: Hono<AppEnv>): void {
  staffRoutes(api)
    .post('/Color/detect-colors', async (c) => {
      if (!isMultipart(c)) throw noImages();
      const colours = await withUploadSlot(async () => {
        const form = await readForm(c);
        const list = [...files(form.images), ...files(form.image), ...files(form.files)];
        if (list.length === 0) throw noImages();
        return svc.detectColors(c.var.deps, await readCheckedImages(list));
      });
      return c.json(colours);
    })
    .post('/Color', async (c) => c.json(await svc.createColors(c.var.deps, colorBody(await readJson(c))), 201))
    .delete('/Color/:id', async (c) => c.json(await svc.deleteColor(c.var.deps, pathId(c, 'id'))));
}
