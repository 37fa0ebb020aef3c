import { expect, type Page } from '@playwright/test';
import { test, DEMO, call, openWithSession, signInAdminSession, snap } from './fixtures';

/**
 * The administration screens as the super administrator uses them: add a release on Versions, make it the current
 * one, and find that save in the Operation log with its parameters; in Chinese and in English.
 */

const versionRow = (page: Page, text: string) =>
  page.getByTestId('version-table').locator('tbody tr.ant-table-row', { hasText: text });

const cases = [
  {
    locale: 'zh-cn' as const,
    version: '3.1.0',
    words: {
      versions: '版本管理',
      log: '操作日志',
      add: '新增版本',
      edit: '修改版本',
      current: '当前版本',
      formatError: '版本号由点分隔的数字组成，如 1.2.0',
      required: '更新说明（中文）不能为空',
      saved: '新增版本成功',
      operation: '版本管理 · 新增',
    },
  },
  {
    locale: 'en' as const,
    version: '3.2.0',
    words: {
      versions: 'Versions',
      log: 'Operation log',
      add: 'Add version',
      edit: 'Edit version',
      current: 'Current',
      formatError: 'The version is numbers separated by dots, such as 1.2.0',
      required: 'Release notes (Chinese) cannot be empty',
      saved: 'Add version succeeded',
      operation: 'Versions · Add',
    },
  },
];

for (const { locale, version, words } of cases) {
  test(`versions and the operation log (${locale})`, async ({ page }) => {
    const session = await signInAdminSession(DEMO.superAdmin);
    await openWithSession(page, session, '/system/version', locale);
    await expect(page.getByRole('heading', { name: words.versions })).toBeVisible();
    // the sidebar has the new directory and both screens
    await expect(page.getByRole('menuitem', { name: words.log })).toBeVisible();

    // the form refuses what the server refuses
    await page.getByTestId('version-add').click();
    const dialog = page.getByRole('dialog', { name: words.add });
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('version-input').fill('v-next');
    await dialog.getByTestId('version-save').click();
    await expect(dialog.getByText(words.formatError)).toBeVisible();
    await expect(dialog.getByText(words.required)).toBeVisible();
    await snap(page, `system-version-form-errors-${locale}`);

    await dialog.getByTestId('version-input').fill(version);
    await dialog.getByTestId('version-note').fill(`第 ${version} 版：操作日志与版本管理`);
    await dialog.getByTestId('version-note-en').fill(`Release ${version}: operation log and versions`);
    await dialog.getByTestId('version-save').click();
    await expect(page.getByText(words.saved)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(versionRow(page, version)).toBeVisible();
    await expect(versionRow(page, version).getByTestId('current-tag')).toHaveCount(0);

    // make it the current one: the tag moves to it, and only it carries one
    await versionRow(page, version).getByTestId('version-edit').click();
    const edit = page.getByRole('dialog', { name: words.edit });
    await expect(edit.getByTestId('version-input')).toHaveValue(version);
    await edit.getByTestId('version-current').click();
    await edit.getByTestId('version-save').click();
    await expect(edit).toBeHidden();
    await expect(versionRow(page, version).getByTestId('current-tag')).toHaveText(words.current);
    await expect(page.getByTestId('current-tag')).toHaveCount(1);
    await snap(page, `system-version-${locale}`);
    const shown = await call('GET', '/sys/version/getCurrentVersion');
    expect(shown.data.version).toBe(version);

    // the operation log lists that save under its screen and button names, with its parameters
    await page.getByRole('menuitem', { name: words.log }).click();
    await expect(page.getByRole('heading', { name: words.log })).toBeVisible();
    await page.getByTestId('log-search-operation').fill(words.operation);
    await page.getByTestId('log-search-submit').click();
    const row = page.getByTestId('log-table').locator('tbody tr.ant-table-row').first();
    await expect(row).toContainText('POST /sys/version/save');
    await expect(row).toContainText(words.operation);
    await expect(row).toContainText(session.user.name);
    await row.locator('.ant-table-row-expand-icon').click();
    await expect(page.getByTestId('log-params').first()).toContainText(`"version": "${version}"`);
    await snap(page, `system-log-${locale}`);
  });
}
