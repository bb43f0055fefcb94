// Photo uploads through the real app (issue 25, decision 219): one bad file of a batch is refused by its name in
// an Albanian message and the good ones of the same batch are saved; a batch of only bad files changes nothing and
// names each one; colour detection names the photo it cannot use.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { fill, plural } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createStaff } from '#server/testing/auth';
import { createColor, createProduct } from '#server/testing/factories';

const d = staffMessages.dashboard;
let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  staff = (await createStaff(t)).token;
});

const png = async (hex: string) =>
  new Uint8Array(
    await sharp({ create: { width: 60, height: 80, channels: 3, background: hex } })
      .png()
      .toBuffer(),
  );
/** A PNG signature followed by nonsense: passes the byte check, sharp cannot read it. */
const brokenPng = () =>
  new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Buffer.from('nuk është foto e vërtetë')]);
const refused = (name: string, reason: string) => fill(d.fileRefused, { name, reason });
const json = async (r: Response) => (await r.json()) as any;

function post(pathname: string, form: FormData) {
  return t.app.request(pathname, { method: 'POST', body: form, headers: { authorization: `Bearer ${staff}` } });
}

async function productWithColors() {
  const a = await createColor(t.db);
  const b = await createColor(t.db);
  const p = await createProduct(t.db, { variants: [{ colorId: a }, { colorId: b }] });
  return { productId: p.productId, a, b };
}

const imageRows = (productId: number) =>
  t.db
    .selectFrom('product_images')
    .select(['file_name', 'color_id'])
    .where('product_id', '=', productId)
    .orderBy('sort_order')
    .execute();

describe('product photos: a bad file of a batch', () => {
  it('is refused by its name while the good photos of the same batch are saved', async () => {
    const { productId, a, b } = await productWithColors();
    const form = new FormData();
    form.set('images[0].colorID', String(a));
    form.append('images[0].imageFiles', new File([await png('#aa3344')], 'fustan-1.png', { type: 'image/png' }));
    form.append('images[0].imageFiles', new File(['vetëm tekst'], 'kepuce.png', { type: 'image/png' }));
    form.append('images[0].imageFiles', new File([await png('#3344aa')], 'fustan-2.png', { type: 'image/png' }));
    form.append('images[0].imageFiles', new File([], 'bosh.jpg', { type: 'image/jpeg' }));
    form.set('images[1].colorID', String(b));
    form.append('images[1].imageFiles', new File([brokenPng()], 'C:\\foto\\prishur.png', { type: 'image/png' }));
    form.append('images[1].imageFiles', new File([await png('#22aa55')], 'canta.png', { type: 'image/png' }));

    const r = await post(`/api/Product/${productId}/Images`, form);
    expect(r.status).toBe(200);
    const body = await json(r);
    expect(body.productID).toBe(productId);
    expect(body.refused).toEqual([
      { fileName: 'kepuce.png', message: refused('kepuce.png', d.imageTypeRejected), colorID: a },
      { fileName: 'bosh.jpg', message: refused('bosh.jpg', d.imageEmpty), colorID: a },
      { fileName: 'prishur.png', message: refused('prishur.png', d.imageUnreadable), colorID: b },
    ]);
    expect(body.refused[0].message).toBe('„kepuce.png“ u refuzua: Lejohen vetëm fotot (JPEG, PNG, WebP, GIF, AVIF).');
    const byColor = new Map(body.images.map((g: any) => [g.colorID, g.imageURLs.length]));
    expect(byColor).toEqual(
      new Map([
        [a, 2],
        [b, 1],
      ]),
    );
    const rows = await imageRows(productId);
    expect(rows.map((x) => x.color_id).sort((x, y) => x - y)).toEqual([a, a, b].sort((x, y) => x - y));
    for (const row of rows) expect(fs.existsSync(path.join(t.config.uploadsDir, row.file_name))).toBe(true);
  });

  it('a batch of only bad files is a 400 naming each one, and nothing changes', async () => {
    const { productId, a } = await productWithColors();
    const first = new FormData();
    first.set('images[0].colorID', String(a));
    first.append('images[0].imageFiles', new File([await png('#101010')], 'e-para.png'));
    expect((await post(`/api/Product/${productId}/Images`, first)).status).toBe(200);
    const [kept] = await imageRows(productId);
    const filesBefore = fs.readdirSync(t.config.uploadsDir).length;

    const one = new FormData();
    one.set('images[0].colorID', String(a));
    one.set('images[0].removedFiles[0]', kept!.file_name);
    one.append('images[0].imageFiles', new File(['<svg/>'], 'vizatim.svg', { type: 'image/svg+xml' }));
    const r1 = await post(`/api/Product/${productId}/Images`, one);
    expect(r1.status).toBe(400);
    const b1 = await json(r1);
    expect(b1.Message).toBe(refused('vizatim.svg', d.imageTypeRejected));
    expect(b1.errors.images).toEqual([refused('vizatim.svg', d.imageTypeRejected)]);
    expect(b1.details.refused).toEqual([{ fileName: 'vizatim.svg', message: b1.Message, colorID: a }]);

    const two = new FormData();
    two.set('images[0].colorID', String(a));
    two.append('images[0].imageFiles', new File(['a'], 'nje.jpg', { type: 'image/jpeg' }));
    two.append('images[0].imageFiles', new File([brokenPng()], 'dy.png', { type: 'image/png' }));
    const r2 = await post(`/api/Product/${productId}/Images`, two);
    expect(r2.status).toBe(400);
    const b2 = await json(r2);
    expect(b2.Message).toBe(plural(d.filesRefused, 2));
    expect(b2.errors.images).toEqual([refused('nje.jpg', d.imageTypeRejected), refused('dy.png', d.imageUnreadable)]);

    // The removal sent with the refused batch did not happen; no file was written or removed.
    expect((await imageRows(productId)).map((x) => x.file_name)).toEqual([kept!.file_name]);
    expect(fs.readdirSync(t.config.uploadsDir).length).toBe(filesBefore);
  });

  it('an oversized photo stops the upload (413) and is named', async () => {
    const { productId, a } = await productWithColors();
    const big = new FormData();
    big.set('images[0].colorID', String(a));
    big.append('images[0].imageFiles', new File([new Uint8Array(8 * 1024 * 1024 + 10)], 'shume-e-madhe.png'));
    const r = await post(`/api/Product/${productId}/Images`, big);
    expect(r.status).toBe(413);
    expect((await json(r)).Message).toBe(refused('shume-e-madhe.png', fill(d.imageTooLarge, { mb: 8 })));
  });
});

describe('colour detection: a bad photo', () => {
  it('is refused by its name (400), a readable batch answers its colours', async () => {
    const mixed = new FormData();
    mixed.append('images', new File([await png('#D32F2F')], 'e-kuqe.png'));
    mixed.append('images', new File(['tekst'], 'shenime.jpg', { type: 'image/jpeg' }));
    const r1 = await post('/api/Color/detect-colors', mixed);
    expect(r1.status).toBe(400);
    const b1 = await json(r1);
    expect(b1.Message).toBe(refused('shenime.jpg', d.imageTypeRejected));
    expect(b1.details.refused).toEqual([{ fileName: 'shenime.jpg', message: b1.Message }]);

    const unreadable = new FormData();
    unreadable.append('images', new File([await png('#D32F2F')], 'e-kuqe.png'));
    unreadable.append('images', new File([brokenPng()], 'prishur.png'));
    const r2 = await post('/api/Color/detect-colors', unreadable);
    expect(r2.status).toBe(400);
    expect((await json(r2)).errors.images).toEqual([refused('prishur.png', d.imageUnreadable)]);

    const good = new FormData();
    good.append('images', new File([await png('#D32F2F')], 'e-kuqe.png'));
    const r3 = await post('/api/Color/detect-colors', good);
    expect(r3.status).toBe(200);
    expect((await json(r3)).map((c: any) => c.colorName)).toContain('E kuqe');
  });
});
