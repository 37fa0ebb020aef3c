import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect, type Page } from '@playwright/test';
import { test, ARTIFACTS, DEMO, call, openWithSession, signInAdminSession, snap, type Json } from './fixtures';

/**
 * The application dictionaries screen (/dict) in both languages, and two of the entities added in this area on the
 * generic master-data screen: membership levels (export of every matching row) and treatment contraindications
 * (saved by PUT save, one call for add and edit).
 */

const dictTable = (page: Page) => page.getByTestId('dict-table');
const dictRow = (page: Page, text: string) => dictTable(page).locator('tbody tr.ant-table-row', { hasText: text });
const table = (page: Page) => page.getByTestId('entity-table');
const rowOf = (page: Page, text: string) => table(page).locator('tbody tr.ant-table-row', { hasText: text });
const modal = (page: Page) => page.getByTestId('entity-form-modal');

let session: Json;
test.beforeAll(async () => {
  session = await signInAdminSession(DEMO.orgAdmin);
});

test('dictionaries in Chinese at 1366: built-in entries, an entry of the organization, refusals', async ({ page }) => {
  await openWithSession(page, session, '/dict', 'zh-cn');
  await expect(page.getByRole('heading', { name: '数据字典' })).toBeVisible();
  await expect(page.getByText('字典类型（21）')).toBeVisible();
  // a fixed dictionary: built-in entries only, nothing to add
  await page.getByTestId('dict-type-sex').click();
  await expect(page.getByTestId('dict-current-title')).toHaveText('性别');
  await expect(dictRow(page, '男')).toContainText('Male');
  await expect(page.getByText('仅内置')).toBeVisible();
  await expect(page.getByTestId('dict-add')).toHaveCount(0);
  await snap(page, 'dict-sex-zh-1366');

  // filter the types, open payment types and add an entry of the organization
  await page.getByTestId('dict-type-filter').fill('付款');
  await expect(page.locator('.dict-type-menu li')).toHaveCount(1);
  await page.getByTestId('dict-type-payType').click();
  await expect(dictRow(page, '微信支付')).toContainText('内置');
  await page.getByTestId('dict-add').click();
  const form = page.getByTestId('dict-form');
  await form.getByTestId('dict-k').fill('1');
  await form.getByTestId('dict-valZh').fill('数字人民币');
  await form.getByTestId('dict-valEn').fill('人民币');
  await page.getByTestId('dict-save').click();
  await expect(form.getByText('英文名称不能包含汉字')).toBeVisible();
  await form.getByTestId('dict-valEn').fill('e-CNY');
  await page.getByTestId('dict-save').click();
  // the code of a built-in entry is refused by the server, shown on the field
  await expect(form.getByText('编码 1 在该字典中已存在')).toBeVisible();
  await snap(page, 'dict-form-errors-zh');
  await form.getByTestId('dict-k').fill('ecny');
  await page.getByTestId('dict-save').click();
  await expect(page.getByText('新增条目成功')).toBeVisible();
  await expect(dictRow(page, '数字人民币')).toContainText('本机构');
  await expect(dictRow(page, '数字人民币')).toContainText('e-CNY');
  await snap(page, 'dict-paytype-zh-1366');

  // every screen reads it through the dictionary call
  const listed = await call('POST', '/sys/dict/list', { token: session.token, data: { type: 'payType' } });
  expect(listed.data.list.at(-1)).toEqual({ k: 'ecny', val: '数字人民币' });
});

test('dictionaries in English at 1920: edit and delete the organization entry; ethnic groups paged', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openWithSession(page, session, '/dict', 'en');
  await expect(page.getByRole('heading', { name: 'Dictionaries', exact: true })).toBeVisible();
  await page.getByTestId('dict-type-payType').click();
  await expect(page.getByTestId('dict-current-title')).toHaveText('Payment type');
  await expect(page.getByText('Extensible', { exact: true })).toBeVisible();
  const own = dictRow(page, '数字人民币');
  await expect(own).toContainText('This organization');
  await own.getByTestId('dict-edit').click();
  await expect(page.getByTestId('dict-k')).toBeDisabled();
  await page.getByTestId('dict-valEn').fill('Digital yuan');
  await page.getByTestId('dict-save').click();
  await expect(dictRow(page, '数字人民币')).toContainText('Digital yuan');
  await snap(page, 'dict-paytype-en-1920');

  await dictRow(page, '数字人民币').getByTestId('dict-delete').click();
  await expect(page.getByText('Delete the entry "Digital yuan"?', { exact: false })).toBeVisible();
  await page.getByTestId('dict-delete-confirm').click();
  await expect(dictRow(page, '数字人民币')).toHaveCount(0);

  await page.getByTestId('dict-type-nation').click();
  await expect(dictRow(page, '汉族')).toContainText('Han');
  await expect(dictTable(page).locator('tbody tr.ant-table-row')).toHaveCount(20);
  await expect(page.getByText('The program relies on the codes of this dictionary', { exact: false })).toBeVisible();
  await snap(page, 'dict-nation-en-1920');
  await page.getByTestId('dict-type-filter').fill('zzz');
  await expect(page.getByText('No dictionary matches')).toBeVisible();
});

test('membership levels in Chinese at 1366: add with the limits of spec section 5, export every matching row', async ({
  page,
}) => {
  await openWithSession(page, session, '/maintainSystem/member', 'zh-cn');
  await expect(page.getByRole('heading', { name: '会员等级' })).toBeVisible();
  await expect(rowOf(page, '金卡会员')).toContainText('8.5');
  await expect(rowOf(page, '钻石会员')).toContainText('停用');
  await snap(page, 'member-zh-1366');

  await page.getByTestId('add-button').click();
  await modal(page).getByTestId('field-name').fill('铂金会员');
  await modal(page).getByTestId('field-nameEn').fill('Platinum');
  await modal(page).getByTestId('field-price').fill('5000');
  await modal(page).getByTestId('field-validDays').fill('365');
  await modal(page).getByTestId('field-discount').fill('10');
  await modal(page).getByTestId('form-save').click();
  await expect(modal(page).getByText('治疗折扣（折）须在 0.1 到 9.9 之间')).toBeVisible();
  await snap(page, 'member-form-errors-zh');
  await modal(page).getByTestId('field-discount').fill('8.8');
  await modal(page).getByTestId('form-save').click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(rowOf(page, '铂金会员')).toContainText('5000.00');

  // the export writes the rows matching the search (all of them, not one page), in the columns shown
  await page.getByTestId('search-name').fill('卡');
  await page.getByTestId('search-submit').click();
  await expect(table(page).locator('tbody tr.ant-table-row')).toHaveCount(2);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-button').click()]);
  const file = path.join(ARTIFACTS, 'member-zh.xlsx');
  await download.saveAs(file);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const names: string[] = [];
  book.worksheets[0]!.eachRow((row, i) => {
    if (i > 1) names.push(String(row.getCell(1).value));
  });
  expect(names).toEqual(['银卡会员', '金卡会员']);
  await call('POST', '/sys/member/delete', {
    token: session.token,
    data: (await call('POST', '/sys/member/list', { token: session.token, data: { name: '铂金' } })).data.list.map(
      (r: { id: number }) => r.id,
    ),
  });
});

test('treatment contraindications in English at 1920: add and edit through one PUT save', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openWithSession(page, session, '/maintainTreat/therapeutic-regimen', 'en');
  await expect(page.getByRole('heading', { name: 'Treatment contraindication', exact: true })).toBeVisible();
  await expect(rowOf(page, '心脏起搏器植入')).toContainText('Absolute');
  // the referenced category in the reader's language (its English name, issue 21)
  await expect(rowOf(page, '心脏起搏器植入')).toContainText('Electrotherapy');
  await snap(page, 'taboo-en-1920');

  const saves: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/treatmentPlanTaboo/save')) saves.push(r.method());
  });
  await page.getByTestId('add-button').click();
  await modal(page).getByTestId('field-name').fill('Open wound');
  await modal(page).getByTestId('field-level').getByText('Relative').click();
  await modal(page).getByTestId('field-description').fill('No hydrotherapy until the wound has closed');
  await modal(page).getByTestId('form-save').click();
  await expect(rowOf(page, 'Open wound')).toContainText('Relative');
  await rowOf(page, 'Open wound').getByTestId('row-edit').click();
  // the edit form filled from the row before the change (once in a full run the saved level was still the old one)
  await expect(modal(page).getByTestId('field-name')).toHaveValue('Open wound');
  const absolute = modal(page).getByTestId('field-level').getByRole('radio', { name: 'Absolute' });
  await expect(async () => {
    await modal(page).getByTestId('field-level').getByText('Absolute').click({ timeout: 5_000 });
    await expect(absolute).toBeChecked({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await modal(page).getByTestId('form-save').click();
  await expect(modal(page).getByTestId('form-save')).toBeHidden();
  await expect(rowOf(page, 'Open wound')).toContainText('Absolute');
  expect(saves).toEqual(['PUT', 'PUT']);
  await snap(page, 'taboo-edited-en-1920');
  await rowOf(page, 'Open wound').getByTestId('row-delete').click();
  await page.getByTestId('delete-confirm').click();
  await expect(rowOf(page, 'Open wound')).toHaveCount(0);
});

test('treatment-order templates in Chinese at 1366: the demo orders with category, kind and project', async ({
  page,
}) => {
  await openWithSession(page, session, '/maintainPrecept/maintainPrecept', 'zh-cn');
  await expect(page.getByRole('heading', { name: '医嘱模板', exact: true })).toBeVisible();
  await expect(rowOf(page, '颈椎牵引医嘱')).toContainText('治疗医嘱');
  await expect(rowOf(page, '颈椎牵引医嘱')).toContainText('长期医嘱');
  await expect(rowOf(page, '电疗禁忌提示')).toContainText('临时医嘱');
  await expect(rowOf(page, '电疗禁忌提示')).toContainText('中频脉冲电治疗');
  await snap(page, 'precept-zh-1366');
});

test('treatment-order templates in English at 1920: add an order, English text without Chinese', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openWithSession(page, session, '/maintainPrecept/maintainPrecept', 'en');
  await expect(page.getByRole('heading', { name: 'Order template', exact: true })).toBeVisible();
  // the linked treatment project in the reader's language
  await expect(rowOf(page, '颈椎牵引医嘱')).toContainText('Cervical traction');
  await expect(rowOf(page, '颈椎牵引医嘱')).toContainText('Standing');
  await snap(page, 'precept-en-1920');

  await page.getByTestId('add-button').click();
  await modal(page).getByTestId('field-name').fill('Ice after surgery');
  await modal(page).getByTestId('field-content').fill('冰敷，每次15分钟');
  await modal(page).getByTestId('field-contentEn').fill('Ice 冰敷');
  await modal(page).getByTestId('form-save').click();
  await expect(modal(page).getByText('cannot contain Chinese characters', { exact: false })).toBeVisible();
  await snap(page, 'precept-form-en-1920');
  await modal(page).getByTestId('field-contentEn').fill('Ice pack 15 minutes a time');
  await modal(page).getByTestId('form-save').click();
  await expect(rowOf(page, 'Ice after surgery')).toContainText('Ice pack 15 minutes a time');
  await rowOf(page, 'Ice after surgery').getByTestId('row-delete').click();
  await page.getByTestId('delete-confirm').click();
  await expect(rowOf(page, 'Ice after surgery')).toHaveCount(0);
});
