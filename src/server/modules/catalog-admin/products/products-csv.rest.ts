// REST doors of the products CSV (decision 183, staff only): GET /api/Product/export.csv streams the catalogue,
// POST /api/Product/import (multipart `file`, ?dryRun=true to check only) answers the import report; the upload is
// read inside the import's slot (decision 200).
// Mounted before the public /Product/:id, which would read "export.csv" as an id.
import { Readable } from 'node:stream';
import type { Hono } from 'hono';
import { shopToday } from '../../../../shared/dates';
import { fill } from '../../../../shared/messages';
import { staffMessages } from '../../../../shared/messages-staff';
import { ImportProductsQuery } from '../../../../shared/schemas/catalog-admin';
import { AppError } from '../../../errors';
import { staffRoutes } from '../../../http/auth';
import type { AppEnv } from '../../../http/env';
import { PRODUCT_CSV_LIMITS } from '../../../http/limits';
import { parseInput, queryRecord } from '../../../http/request';
import { files, isMultipart, readForm } from '../form';
import { exportProductsCsv } from './products-csv-export.service';
import { importProducts } from './products-csv-import.service';

const m = staffMessages.productCsv;

const noFile = () => new AppError('BAD_REQUEST', m.noFile, { file: [m.noFile] });
const tooLarge = () => {
  const msg = fill(m.fileTooLarge, { mb: Math.round(PRODUCT_CSV_LIMITS.maxBytes / 1024 / 1024) });
  return new AppError('PAYLOAD_TOO_LARGE', msg, { file: [msg] });
};

export function mountProductsCsvRest(api: Hono<AppEnv>): void {
  staffRoutes(api)
    .get(
      '/Product/export.csv',
      (c) =>
        new Response(Readable.toWeb(exportProductsCsv(c.var.deps)) as ReadableStream<Uint8Array>, {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="produktet-${shopToday()}.csv"`,
            'cache-control': 'no-store',
          },
        }),
    )
    .post('/Product/import', async (c) => {
      const { dryRun } = parseInput(ImportProductsQuery, queryRecord(c));
      if (!isMultipart(c)) throw noFile();
      // Read only once the import's turn has come (decision 200): waiting requests hold no file in memory.
      const upload = async () => {
        const form = await readForm(c, { maxFileBytes: PRODUCT_CSV_LIMITS.maxBytes, maxFiles: 1, tooLarge });
        const file = files(form.file)[0];
        if (!file || file.size === 0) throw noFile();
        return file.bytes;
      };
      return c.json(await importProducts(c.var.deps, upload, dryRun));
    });
}
