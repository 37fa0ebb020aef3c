import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect, type Page } from '@playwright/test';
import {
  test,
  ARTIFACTS,
  DEMO,
  call,
  openWithSession,
  pickOption,
  signInAdminSession,
  snap,
  type Json,
} from './fixtures';

/**
 * The generic master-data screen, on a simple entity (duties, in Chinese) and on the richest one (equipment, in
 * English): list, create, search, edit, delete, Excel export and the column chooser kept per user.
 */

// each test walks a whole screen (create, search, edit, export, columns, delete): on a loaded two-core machine that
// took just over a minute
test.setTimeout(120_000);

/** Closes the column chooser with its own button. */
async function closeChooser(page: Page) {
  await page.getByTestId('columns-button').click();
  await expect(page.getByTestId('column-chooser')).toBeHidden();
}

/** Waits until the open popover has finished its zoom: a click during it lands on the wrong row. */
async function settled(page: Page) {
  await page.waitForFunction(() => {
    const popover = document.querySelector('.ant-popover:not(.ant-popover-hidden)');
    return popover !== null && !/-(enter|appear|leave)/.test(popover.className);
  });
}

const table = (page: Page) => page.getByTestId('entity-table');
const rowOf = (page: Page, text: string) => table(page).locator('tbody tr.ant-table-row', { hasText: text });
const headers = (page: Page) => table(page).locator('thead th.ant-table-cell');
const modal = (page: Page) => page.getByTestId('entity-form-modal');

/** Reads an exported workbook: header texts, data rows, widths and heights. */
async function readExport(file: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  const heights: number[] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
    heights.push(row.height);
  });
  return {
    name: sheet.name,
    header: rows[0]!,
    data: rows.slice(1),
    widths: sheet.columns.map((c) => c.width),
    heights,
  };
}

let session: Json;
test.beforeAll(async () => {
  session = await signInAdminSession(DEMO.orgAdmin);
});

test('duties in Chinese: create, refuse bad input, search, edit, export, choose columns, delete', async ({ page }) => {
  await openWithSession(page, session, '/maintainOffice/duty', 'zh-cn');
  await expect(page.getByRole('heading', { name: '职务' })).toBeVisible();
  await expect(rowOf(page, '科主任')).toBeVisible();
  await expect(page.getByText('共 5 条')).toBeVisible();
  await expect(headers(page)).toContainText(['职务名称', '英文名称', '备注', '排序', '更新时间', '操作']);
  await snap(page, 'master-data-duty-zh');

  // the form refuses what the server refuses, with the field's own label
  await page.getByTestId('add-button').click();
  await expect(modal(page).getByText('新增职务')).toBeVisible();
  await modal(page).getByTestId('field-sort').fill('0');
  await modal(page).getByTestId('form-save').click();
  await expect(modal(page).getByText('职务名称不能为空')).toBeVisible();
  await expect(modal(page).getByText('排序须为正整数')).toBeVisible();
  await modal(page).getByTestId('field-nameEn').fill('康复');
  await expect(modal(page).getByText('英文名称不能包含汉字')).toBeVisible();
  await snap(page, 'master-data-duty-form-errors-zh');

  // a duplicate name comes back from the server as a 409 shown on the field
  await modal(page).getByTestId('field-name').fill('科主任');
  await modal(page).getByTestId('field-nameEn').fill('Director again');
  await modal(page).getByTestId('field-sort').fill('9');
  await modal(page).getByTestId('form-save').click();
  await expect(modal(page).getByText('职务名称“科主任”已存在')).toBeVisible();

  await modal(page).getByTestId('field-name').fill('康复治疗组长');
  await modal(page).getByTestId('field-nameEn').fill('Rehab team lead');
  await modal(page).getByTestId('field-remark').fill('负责治疗组排班');
  await modal(page).getByTestId('form-save').click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(modal(page)).toBeHidden();
  await expect(rowOf(page, '康复治疗组长')).toContainText('负责治疗组排班');

  // search by part of the name
  await page.getByTestId('search-name').fill('组长');
  await page.getByTestId('search-submit').click();
  await expect(table(page).locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(page.getByText('共 1 条')).toBeVisible();
  await snap(page, 'master-data-duty-search-zh');

  // edit
  await rowOf(page, '康复治疗组长').getByTestId('row-edit').click();
  await expect(modal(page).getByText('编辑职务')).toBeVisible();
  await expect(modal(page).getByTestId('field-name')).toHaveValue('康复治疗组长');
  await modal(page).getByTestId('field-remark').fill('负责排班与质控');
  await modal(page).getByTestId('form-save').click();
  await expect(page.getByText('修改成功')).toBeVisible();
  await expect(rowOf(page, '康复治疗组长')).toContainText('负责排班与质控');

  // export what the table shows: the searched rows in the shown columns
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-button').click()]);
  expect(download.suggestedFilename()).toMatch(/^职务_\d{14}\.xlsx$/);
  const file = path.join(ARTIFACTS, 'master-data-duty-zh.xlsx');
  await download.saveAs(file);
  const book = await readExport(file);
  expect(book.name).toBe('职务');
  expect(book.header).toEqual(['职务名称', '英文名称', '备注', '排序', '更新时间']);
  expect(book.data).toHaveLength(1);
  expect(book.data[0]!.slice(0, 3)).toEqual(['康复治疗组长', 'Rehab team lead', '负责排班与质控']);
  expect(book.widths.every((w) => w === 20)).toBe(true);
  expect(book.heights.every((h) => h === 32)).toBe(true);

  // column chooser: hide two columns, the last checked one is locked, the choice survives a reload
  await page.getByTestId('search-reset').click();
  await expect(page.getByText('共 6 条')).toBeVisible();
  await page.getByTestId('columns-button').click();
  const chooser = page.getByTestId('column-chooser');
  await expect(chooser).toBeVisible();
  await settled(page);
  await chooser.getByTestId('column-remark').getByRole('checkbox').uncheck();
  await chooser.getByTestId('column-updatedAt').getByRole('checkbox').uncheck();
  await expect(headers(page)).not.toContainText(['备注']);
  await chooser.getByTestId('column-sort').getByRole('button', { name: '上移' }).click();
  await expect(headers(page).nth(3)).toHaveText('排序'); // after the selection column, name and ... sort moved up
  for (const prop of ['nameEn', 'sort']) await chooser.getByTestId(`column-${prop}`).getByRole('checkbox').uncheck();
  await expect(chooser.getByTestId('column-name').getByRole('checkbox')).toBeDisabled();
  await snap(page, 'master-data-duty-columns-zh');
  await settled(page);
  await chooser.getByTestId('column-sort').getByRole('checkbox').check();
  await expect(chooser.getByTestId('column-name').getByRole('checkbox')).toBeEnabled();
  await closeChooser(page);
  await expect
    .poll(async () => (await call('GET', '/sys/userConfig/info/master-data/duty', { token: session.token })).data)
    .toEqual([
      { prop: 'name', checked: true },
      { prop: 'nameEn', checked: false },
      { prop: 'sort', checked: true },
      { prop: 'remark', checked: false },
      { prop: 'updatedAt', checked: false },
    ]);
  await page.reload();
  await expect(rowOf(page, '科主任')).toBeVisible();
  await expect(headers(page)).toHaveText(['', '职务名称', '排序', '操作']);
  await page.getByTestId('columns-button').click();
  await settled(page);
  await page.getByTestId('columns-reset').click();
  await expect(headers(page)).toContainText(['职务名称', '英文名称', '备注', '排序', '更新时间']);
  await closeChooser(page);

  // delete with confirmation
  await rowOf(page, '康复治疗组长').getByTestId('row-delete').click();
  await expect(page.getByText('确定删除职务“康复治疗组长”吗？删除后不可恢复。')).toBeVisible();
  await snap(page, 'master-data-duty-delete-zh');
  await page.getByTestId('delete-confirm').click();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(rowOf(page, '康复治疗组长')).toHaveCount(0);
  await expect(page.getByText('共 5 条')).toBeVisible();

  // the widest table at 1366: it scrolls sideways, the name and the actions stay in place
  await page.goto('/maintainTreat/equipment');
  await expect(rowOf(page, '上肢康复机器人')).toContainText('停用');
  await snap(page, 'master-data-equipment-zh-1366');
});

test('equipment in English: references, options, flags, money and dates; refused delete; empty search', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openWithSession(page, session, '/maintainTreat/equipment', 'en');
  await expect(page.getByRole('heading', { name: 'Equipment', exact: true })).toBeVisible();
  const demo = rowOf(page, '中频电疗仪');
  // the referenced category in the reader's language (its English name, issue 21)
  await expect(demo).toContainText('Electrotherapy');
  await expect(demo).toContainText('Enabled');
  await expect(demo).toContainText('30.00');
  await expect(rowOf(page, '上肢康复机器人')).toContainText('Disabled');
  await snap(page, 'master-data-equipment-en-1920');

  await page.getByTestId('add-button').click();
  await expect(modal(page).getByText('Add Equipment')).toBeVisible();
  await modal(page).getByTestId('field-name').fill('Shortwave diathermy unit');
  await modal(page).getByTestId('field-serialNumber').fill('SW-2026-01');
  await pickOption(page, modal(page).getByTestId('field-equipmentTypeId'), /^Thermotherapy$/);
  await modal(page).getByTestId('field-model').fill('DL-C-M');
  await modal(page).getByTestId('field-location').fill('Thermotherapy room, bed 3');
  await modal(page).getByTestId('field-bedside').click();
  await modal(page).getByTestId('field-leasePrice').fill('12.345');
  await modal(page).getByTestId('field-purchaseDate').click();
  await page.locator('.ant-picker-dropdown:visible').getByText('Today', { exact: true }).click();
  await modal(page).getByTestId('form-save').click();
  await expect(modal(page).getByText('Lease price (per day) allows at most 2 decimal places')).toBeVisible();
  await snap(page, 'master-data-equipment-form-en');
  await modal(page).getByTestId('field-leasePrice').fill('12.5');
  await modal(page).getByTestId('form-save').click();
  await expect(page.getByText('Add succeeded')).toBeVisible();
  const created = rowOf(page, 'Shortwave diathermy unit');
  await expect(created).toContainText('Thermotherapy');
  await expect(created).toContainText('12.50');
  await expect(created).toContainText('Yes');

  // search by category and status
  await pickOption(page, page.getByTestId('search-equipmentTypeId'), /^Thermotherapy$/);
  await pickOption(page, page.getByTestId('search-status'), /^Enabled$/);
  await page.getByTestId('search-submit').click();
  await expect(table(page).locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(page.getByText('1 in total')).toBeVisible();

  // edit: disable it; it then stays out of the enabled search
  await created.getByTestId('row-edit').click();
  await expect(modal(page).getByText('Edit Equipment')).toBeVisible();
  await modal(page).getByTestId('field-status').getByText('Disabled').click();
  await modal(page).getByTestId('form-save').click();
  await expect(page.getByText('No records match the search')).toBeVisible();
  await snap(page, 'master-data-equipment-empty-search-en');

  // export in English: option labels and flags as words
  await page.getByTestId('search-reset').click();
  await page.getByTestId('search-name').fill('Shortwave');
  await page.getByTestId('search-submit').click();
  await expect(table(page).locator('tbody tr.ant-table-row')).toHaveCount(1);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-button').click()]);
  const file = path.join(ARTIFACTS, 'master-data-equipment-en.xlsx');
  await download.saveAs(file);
  const book = await readExport(file);
  expect(book.header.slice(0, 4)).toEqual(['Equipment name', 'English name', 'Serial number', 'Category']);
  const row = Object.fromEntries(book.header.map((h, i) => [h, book.data[0]![i]]));
  expect(row).toMatchObject({ Status: 'Disabled', 'Usable at bedside': 'Yes', 'Lease price (per day)': '12.50' });
  expect(fs.statSync(file).size).toBeGreaterThan(1000);

  // the fixed name column cannot be unchecked or moved
  await page.getByTestId('columns-button').click();
  await settled(page);
  const fixed = page.getByTestId('column-chooser').getByTestId('column-name');
  await expect(fixed.getByRole('checkbox')).toBeDisabled();
  await expect(fixed).toContainText('Fixed');
  await expect(fixed.getByRole('button')).toHaveCount(0);
  await snap(page, 'master-data-equipment-columns-en');
  await closeChooser(page);

  // delete
  await rowOf(page, 'Shortwave diathermy unit').getByTestId('row-delete').click();
  await page.getByTestId('delete-confirm').click();
  await expect(page.getByText('No records match the search')).toBeVisible();

  // a category still used by equipment cannot be deleted: the server says what uses it
  await page.goto('/maintainTreat/equipment-type');
  await rowOf(page, '电疗设备').getByTestId('row-delete').click();
  await page.getByTestId('delete-confirm').click();
  await expect(
    page.getByText('Equipment category "Electrotherapy" is used by 2 Equipment record(s) and cannot be deleted'),
  ).toBeVisible();
  await expect(rowOf(page, '电疗设备')).toBeVisible();
  await snap(page, 'master-data-equipment-type-in-use-en');
});
