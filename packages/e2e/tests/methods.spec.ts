import { expect, type Page } from '@playwright/test';
import { test, DEMO, openWithSession, pickOption, signInAdminSession, snap } from './fixtures';

/**
 * Assessment methods (/maintainSystem/assessTable): an organization administrator sees the demo methods, adds a
 * scale from the catalogue (a form without phases is refused on the field), finds it by search, disables it,
 * previews it in the scale library and deletes it. In Chinese and in English, at 1366 and 1920 px.
 */

const row = (page: Page, text: string) => page.locator('tbody tr.ant-table-row', { hasText: text });

const cases = [
  {
    locale: 'zh-cn' as const,
    abbr: 'TUG',
    width: 1366,
    words: {
      title: '评估方法',
      add: '添加评估方法',
      phasesRequired: '适用阶段不能为空',
      save: '保 存',
      saved: '保存成功',
      search: '查 询',
      deleteWord: '删除',
      confirm: '确 定',
      preview: '预览量表',
      outpatient: '门诊评估',
    },
  },
  {
    locale: 'en' as const,
    abbr: '6MWT',
    width: 1920,
    words: {
      title: 'Assessment methods',
      add: 'Add method',
      phasesRequired: 'Phases cannot be empty',
      save: 'Save',
      saved: 'Save succeeded',
      search: 'Search',
      deleteWord: 'Delete',
      confirm: 'OK',
      preview: 'Preview scale',
      outpatient: 'Outpatient',
    },
  },
];

for (const { locale, abbr, width, words } of cases) {
  test(`assessment methods: add from the catalogue, search, disable, preview, delete (${locale})`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const session = await signInAdminSession(DEMO.orgAdmin);
    await openWithSession(page, session, '/maintainSystem/assessTable', locale);
    await expect(page.getByText(words.title, { exact: true }).first()).toBeVisible();
    await expect(row(page, 'BBS')).toBeVisible();
    await expect(row(page, 'Barthel').getByText(words.outpatient)).toBeVisible();
    await snap(page, `methods-list-${locale}`);

    // add: pick the scale in the searchable select; without phases the form refuses on the field
    await page.getByRole('button', { name: words.add }).click();
    const dialog = page.getByRole('dialog', { name: words.add });
    const englishName = dialog.getByLabel(locale === 'en' ? 'English name' : '英文名称');
    await pickOption(page, dialog.locator('.ant-select').first(), `${abbr} ·`, {
      search: abbr.toLowerCase(),
      confirm: () => expect(englishName).not.toHaveValue('', { timeout: 500 }),
    });
    for (const box of await dialog.getByRole('checkbox').all()) await box.uncheck();
    await dialog.getByRole('button', { name: words.save }).click();
    await expect(dialog.getByText(words.phasesRequired)).toBeVisible();
    await snap(page, `methods-form-error-${locale}`);
    await dialog.getByRole('checkbox', { name: words.outpatient }).check();
    await dialog.getByRole('button', { name: words.save }).click();
    await expect(page.getByText(words.saved)).toBeVisible();
    await expect(dialog).toBeHidden();

    // search finds it by abbreviation; the switch disables it
    await page.getByPlaceholder(locale === 'en' ? 'Name, abbreviation or code' : '名称、缩写或编码').fill(abbr);
    await page.getByRole('button', { name: words.search }).click();
    await expect(page.locator('tbody tr.ant-table-row')).toHaveCount(1);
    const added = row(page, abbr);
    await added.getByRole('switch').click();
    await expect(added.getByRole('switch')).not.toBeChecked();
    await snap(page, `methods-search-${locale}`);

    // delete it; the search then shows the empty state
    await added.getByRole('button', { name: words.deleteWord }).click();
    await page.getByRole('button', { name: words.confirm }).click();
    await expect(page.locator('tbody tr.ant-table-row')).toHaveCount(0);
    await expect(
      page.getByText(locale === 'en' ? 'No assessment method matches the search' : '没有符合条件的评估方法'),
    ).toBeVisible();
    await snap(page, `methods-empty-${locale}`);

    // preview opens the scale in the library
    await page.getByRole('button', { name: locale === 'en' ? 'Reset' : '重 置', exact: true }).click();
    await row(page, 'BBS').getByRole('link', { name: words.preview }).click();
    await expect(page).toHaveURL(/\/SubFirsScale\/platFormTemplate\/bbs$/);
  });
}
