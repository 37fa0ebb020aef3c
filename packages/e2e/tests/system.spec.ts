import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, snap, useLocale } from './fixtures';

/**
 * The administration screens as the super administrator uses them: add a release on Versions, make it the current
 * one, and find that save in the Operation log with its parameters; in Chinese and in English.
 */

// the main server of playwright.config.ts (not imported: loading the config module clears the servers' data)
const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8181';

type Json = Record<string, any>;

async function call(method: 'GET' | 'POST', url: string, options: { token?: string; data?: unknown } = {}) {
  const ctx = await playwrightRequest.newContext({ baseURL: BASE_URL });
  try {
    const res = await ctx.fetch(`/api${url}`, {
      method,
      headers: options.token ? { token: options.token } : {},
      data: options.data,
    });
    return (await res.json()) as Json;
  } finally {
    await ctx.dispose();
  }
}

/** Signs the super administrator in through the API and into the first organization, as the screens would. */
async function signInSuperAdmin(): Promise<Json> {
  const login = await call('POST', '/sys/login', {
    data: { account: DEMO.superAdmin, password: DEMO_PASSWORD, loginRoleType: 2, isLogin: 1, rememberMe: 1 },
  });
  expect(login.code, login.msg).toBe(0);
  const token = login.token as string;
  const orgs = await call('GET', '/sys/organization/chooseOrganizationList?page=1&limit=10', { token });
  const org = orgs.data.list[0];
  const office = org.offices[0]?.id;
  const chosen = await call(
    'GET',
    `/sys/organization/chooseOrganization?id=${org.id}${office ? `&officeId=${office}` : ''}`,
    { token },
  );
  expect(chosen.code, chosen.msg).toBe(0);
  const nav = await call('GET', '/sys/menu/nav', { token });
  const info = await call('GET', '/sys/user/info', { token });
  const { id, name, phone, email, keepLogin } = info.data;
  return {
    token,
    user: { id, name, phone, email, keepLogin, roleIdList: chosen.data.roleIdList },
    roleIdList: chosen.data.roleIdList,
    organization: chosen.data.organization,
    office: chosen.data.office,
    offices: chosen.data.offices,
    menuList: nav.menuList,
    permissions: nav.permissions,
    caIntegration: chosen.data.caIntegration,
    passwordAtRisk: false,
    isFirst: false,
  };
}

async function open(page: Page, session: Json, url: string, locale: 'zh-cn' | 'en') {
  await useLocale(page, locale);
  await page.addInitScript((value) => {
    if (sessionStorage.getItem('e2e-seeded')) return;
    localStorage.setItem('session', value);
    sessionStorage.setItem('e2e-seeded', '1');
  }, JSON.stringify(session));
  await page.goto(url);
}

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
    },
  },
];

for (const { locale, version, words } of cases) {
  test(`versions and the operation log (${locale})`, async ({ page }) => {
    const session = await signInSuperAdmin();
    await open(page, session, '/system/version', locale);
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

    // the operation log lists that save, with its parameters
    await page.getByRole('menuitem', { name: words.log }).click();
    await expect(page.getByRole('heading', { name: words.log })).toBeVisible();
    await page.getByTestId('log-search-operation').fill('version save');
    await page.getByTestId('log-search-submit').click();
    const row = page.getByTestId('log-table').locator('tbody tr.ant-table-row').first();
    await expect(row).toContainText('POST /sys/version/save');
    await expect(row).toContainText(session.user.name);
    await row.locator('.ant-table-row-expand-icon').click();
    await expect(page.getByTestId('log-params').first()).toContainText(`"version": "${version}"`);
    await snap(page, `system-log-${locale}`);
  });
}
