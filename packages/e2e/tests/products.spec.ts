import sharp from 'sharp';
import { expect, type Page } from '@playwright/test';
import { DEMO, call, openWithSession, signInAdminSession, snap, test, type Json } from './fixtures';

// Product pictures (issue 20): a picture uploaded in the product form becomes the cover the list shows as a
// thumbnail, and a click on it previews it large; the English screen shows the same picture.

const table = (page: Page) => page.getByTestId('entity-table');
const rowOf = (page: Page, text: string) => table(page).locator('tbody tr.ant-table-row', { hasText: text });
const modal = (page: Page) => page.getByTestId('entity-form-modal');
const preview = (page: Page) => page.locator('.ant-image-preview');

test.describe.configure({ mode: 'serial' });

let session: Json;
let productId: number;
const name = `E2E护理床${Date.now() % 1_000_000}`;

test.beforeAll(async () => {
  session = await signInAdminSession(DEMO.orgAdmin);
  // first in the list (sort 1), so no search is needed to find it
  const saved = await call('POST', '/sys/productInfo/save', {
    token: session.token,
    data: { name, nameEn: 'Care bed', kind: 4, status: 1, sort: 1 },
  });
  expect(saved.code, saved.msg).toBe(0);
  productId = saved.data.id as number;
});

test.afterAll(async () => {
  await call('POST', '/sys/productInfo/delete', { token: session.token, data: { ids: [productId] } });
});

test('zh-cn: upload a picture in the product form, see the cover in the list and preview it', async ({ page }) => {
  await openWithSession(page, session, '/productInformation/productInfo', 'zh-cn');
  const row = rowOf(page, name);
  await expect(row).toBeVisible();
  await expect(row.getByTestId('cover-thumb')).toHaveCount(0);

  await row.getByTestId('row-edit').click();
  await expect(modal(page).getByText('产品图片', { exact: true })).toBeVisible();
  const picture = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3b82f6' } })
    .png()
    .toBuffer();
  // a text file named .png is refused by its content, in Chinese
  await modal(page)
    .locator('input[type=file]')
    .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
  await expect(page.getByText('只能上传 JPEG、PNG 或 WebP 图片（按文件内容检查，改扩展名无效）')).toBeVisible();
  await modal(page)
    .locator('input[type=file]')
    .setInputFiles({ name: 'bed.png', mimeType: 'image/png', buffer: picture });
  await expect(page.getByText('图片已上传')).toBeVisible();
  await expect(modal(page).getByTestId('picture-card')).toHaveCount(1);
  await expect(modal(page).getByTestId('picture-card').getByText('封面')).toBeVisible();
  await expect(modal(page).getByTestId('picture-card').locator('img')).toBeVisible();
  await modal(page).getByTestId('product-pictures').scrollIntoViewIfNeeded();
  await snap(page, 'products-form-pictures-zh');
  await modal(page)
    .getByRole('button', { name: /取\s*消/ })
    .click();
  await expect(modal(page)).toBeHidden();

  const thumb = row.getByTestId('cover-thumb').locator('img');
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await snap(page, 'products-list-zh');
  await thumb.click();
  await expect(preview(page).locator('img')).toBeVisible();
  await snap(page, 'products-preview-zh');
});

test('en: the same screen shows the picture in the list and the form; a second one is made the cover', async ({
  page,
}) => {
  await openWithSession(page, session, '/productInformation/productInfo', 'en');
  const row = rowOf(page, name);
  await expect(page.getByRole('columnheader', { name: 'Picture', exact: true })).toBeVisible();
  const thumb = row.getByTestId('cover-thumb').locator('img');
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await snap(page, 'products-list-en');
  await row.getByTestId('row-edit').click();
  await expect(modal(page).getByTestId('picture-card').getByText('Cover')).toBeVisible();
  await expect(modal(page).getByText('Up to 6, JPEG, PNG or WebP')).toBeVisible();

  // a second picture, made the cover
  const second = await sharp({ create: { width: 480, height: 480, channels: 3, background: '#16a34a' } })
    .png()
    .toBuffer();
  await modal(page)
    .locator('input[type=file]')
    .setInputFiles({ name: 'bed-side.png', mimeType: 'image/png', buffer: second });
  await expect(page.getByText('Picture uploaded')).toBeVisible();
  const cards = modal(page).getByTestId('picture-card');
  await expect(cards).toHaveCount(2);
  const thumbOf = (n: number) => cards.nth(n).locator('[data-testid^="thumb-"]').getAttribute('data-testid');
  const secondThumb = await thumbOf(1);
  await cards.nth(1).getByTestId('picture-make-cover').click();
  await expect.poll(() => thumbOf(0)).toBe(secondThumb);
  await expect(cards.nth(0).getByText('Cover')).toBeVisible();
  await modal(page).getByTestId('product-pictures').scrollIntoViewIfNeeded();
  await snap(page, 'products-form-pictures-en');
});
