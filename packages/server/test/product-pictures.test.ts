// Product pictures (issue 20): up to six a product of the information catalogue, JPEG, PNG or WebP checked by their
// bytes, at most 5 MB, the first the cover; served behind the product list's code with the stored type and nosniff;
// another organization's product or picture is 404, a user without the product codes 403, a refusal writes nothing.
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoleId } from '@rehab/shared';
import { productPictures } from '../src/modules/master-data/product-pictures.tables';
import { DEMO, startTestServer, type TestServer } from './harness';
import { addMember } from './members';

type Who = { token: string; organizationId: number };
let s: TestServer;
let admin: Who; // the hospital's administrator: every sys:productInfo code
let doctor: Who; // the hospital's doctor: no product code
let otherAdmin: Who; // an administrator of the community centre (another organization)
let productId: number;

const base = '/api/sys/productInfo/picture';
const api = (who: Who, method: 'GET' | 'POST', url: string, body?: unknown, lang?: string) =>
  s.api(method, `${base}${url}`, { token: who.token, body, lang });

async function upload(who: Who, product: number, name: string, data: Buffer, type = 'image/png', lang = 'zh-CN') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type }), name);
  const res = await fetch(`${s.base}${base}/upload/${product}`, {
    method: 'POST',
    headers: { token: who.token, language: lang },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

const png = (r: number) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r, g: 120, b: 200 } } })
    .png()
    .toBuffer();
const pictureCount = async () =>
  (await s.app.db.select({ n: count() }).from(productPictures).where(eq(productPictures.productId, productId)))[0]!.n;

const firstPicture = async () =>
  (
    await s.app.db
      .select({ id: productPictures.id })
      .from(productPictures)
      .where(eq(productPictures.productId, productId))
      .limit(1)
  )[0]!;

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.loginInto(DEMO.orgAdmin);
  doctor = await s.loginInto(DEMO.doctor);
  const centre = (await s.loginInto(DEMO.therapist2)).organizationId;
  await addMember(s, '13800000077', centre, RoleId.orgAdmin);
  otherAdmin = await s.loginInto('13800000077');
  const saved = await s.api('POST', '/api/sys/productInfo/save', {
    token: admin.token,
    body: { name: '测试轮椅', kind: 2, status: 1 },
  });
  expect(saved.body.code).toBe(0);
  productId = saved.body.data.id as number;
}, 120_000);
afterAll(() => s?.close());

describe('product pictures', () => {
  it('uploads a picture, lists it as the cover and serves it with its type and nosniff', async () => {
    const data = await png(10);
    const up = await upload(admin, productId, 'chair.png', data);
    expect(up.body.code).toBe(0);
    expect(up.body.data).toMatchObject({ productId, mime: 'image/png' });
    const id = up.body.data.id as number;

    const list = await api(admin, 'GET', `/list/${productId}`);
    expect(list.body.code).toBe(0);
    expect(list.body.data.map((p: { id: number }) => p.id)).toEqual([id]);
    const covers = await api(admin, 'POST', '/coverList', { ids: [productId] });
    expect(covers.body.data).toEqual([{ productId, pictureId: id, count: 1 }]);

    const file = await fetch(`${s.base}${base}/file/${id}`, { headers: { token: admin.token } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await file.arrayBuffer());
    expect((await sharp(bytes).metadata()).format).toBe('png');

    // the demo gives products of the catalogue a picture
    const demo = await s.api('POST', '/api/sys/productInfo/list', { token: admin.token, body: { page: 1, limit: 50 } });
    const ids = demo.body.data.list.map((r: { id: number }) => r.id);
    const demoCovers = await api(admin, 'POST', '/coverList', { ids });
    expect(demoCovers.body.data.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses a text file named .png and a picture over 5 MB in the caller language, writing nothing', async () => {
    const before = await pictureCount();
    const text = await upload(admin, productId, 'fake.png', Buffer.from('just some text, not a picture'));
    expect(text.body.code).not.toBe(0);
    expect(text.body.msg).toContain('JPEG');
    const en = await upload(admin, productId, 'fake.png', Buffer.from('just text'), 'image/png', 'en');
    expect(en.body.code).not.toBe(0);
    expect(en.body.msg).toBe(
      'Only JPEG, PNG or WebP pictures can be uploaded (checked by the file content, not its name)',
    );
    // a GIF is an image, but not one a product picture may be
    const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
    expect((await upload(admin, productId, 'x.gif', gif, 'image/gif')).body.code).not.toBe(0);
    const big = Buffer.concat([await png(20), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const tooBig = await upload(admin, productId, 'big.png', big);
    expect(tooBig.body.code).not.toBe(0);
    expect(tooBig.body.msg).toContain('5 MB');
    expect(tooBig.status).toBeLessThan(500);
    expect(await pictureCount()).toBe(before);
  });

  it('refuses the seventh picture', async () => {
    while ((await pictureCount()) < 6) {
      expect((await upload(admin, productId, 'p.png', await png(30 + (await pictureCount())))).body.code).toBe(0);
    }
    const seventh = await upload(admin, productId, 'p7.png', await png(99), 'image/png', 'en');
    expect(seventh.body.code).not.toBe(0);
    expect(seventh.body.msg).toContain('6');
    expect(await pictureCount()).toBe(6);
  });

  it('reorders (make cover) and removes; the next picture becomes the cover', async () => {
    const ids = (await api(admin, 'GET', `/list/${productId}`)).body.data.map((p: { id: number }) => p.id) as number[];
    const reordered = [ids[2]!, ...ids.filter((id) => id !== ids[2])];
    expect((await api(admin, 'POST', '/sort', { productId, ids: reordered })).body.code).toBe(0);
    const after = (await api(admin, 'GET', `/list/${productId}`)).body.data.map((p: { id: number }) => p.id);
    expect(after).toEqual(reordered);
    // an order that leaves a picture out is refused
    const partial = await api(admin, 'POST', '/sort', { productId, ids: reordered.slice(1) });
    expect(partial.body.code).not.toBe(0);

    expect((await api(admin, 'POST', '/delete', { id: reordered[0] })).body.code).toBe(0);
    const left = (await api(admin, 'GET', `/list/${productId}`)).body.data.map((p: { id: number }) => p.id);
    expect(left).toEqual(reordered.slice(1));
    const covers = await api(admin, 'POST', '/coverList', { ids: [productId] });
    expect(covers.body.data).toEqual([{ productId, pictureId: reordered[1], count: 5 }]);
    const gone = await fetch(`${s.base}${base}/file/${reordered[0]}`, { headers: { token: admin.token } });
    expect((await gone.json()).code).toBe(404);
  });

  it("answers 404 for another organization's product and picture, writing nothing", async () => {
    const picture = await firstPicture();
    const before = await pictureCount();
    expect((await api(otherAdmin, 'GET', `/list/${productId}`)).body.code).toBe(404);
    const file = await fetch(`${s.base}${base}/file/${picture.id}`, { headers: { token: otherAdmin.token } });
    expect((await file.json()).code).toBe(404);
    expect((await upload(otherAdmin, productId, 'p.png', await png(50))).body.code).toBe(404);
    expect((await api(otherAdmin, 'POST', '/delete', { id: picture.id })).body.code).toBe(404);
    const ids = (await api(admin, 'GET', `/list/${productId}`)).body.data.map((p: { id: number }) => p.id);
    expect((await api(otherAdmin, 'POST', '/sort', { productId, ids })).body.code).toBe(404);
    expect((await api(otherAdmin, 'POST', '/coverList', { ids: [productId] })).body.data).toEqual([]);
    expect(await pictureCount()).toBe(before);
  });

  it('answers 403 without the product codes', async () => {
    const picture = await firstPicture();
    const before = await pictureCount();
    expect((await api(doctor, 'GET', `/list/${productId}`)).body.code).toBe(403);
    const file = await fetch(`${s.base}${base}/file/${picture.id}`, { headers: { token: doctor.token } });
    expect((await file.json()).code).toBe(403);
    expect((await upload(doctor, productId, 'p.png', await png(60))).body.code).toBe(403);
    expect((await api(doctor, 'POST', '/delete', { id: picture.id })).body.code).toBe(403);
    expect(await pictureCount()).toBe(before);
  });

  it('deletes the pictures with their product', async () => {
    expect(
      (await s.api('POST', '/api/sys/productInfo/delete', { token: admin.token, body: { ids: [productId] } })).body
        .code,
    ).toBe(0);
    expect(await pictureCount()).toBe(0);
  });
});
