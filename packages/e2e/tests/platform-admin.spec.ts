import { expect, type Page } from '@playwright/test';
import {
  test,
  DEMO,
  call,
  openWithSession,
  pickOption,
  signInAdminSession,
  signInStaffSession,
  snap,
  submitLogin,
  useLocale,
} from './fixtures';

/**
 * The platform operator's screens under system maintenance: in Chinese the super administrator creates an
 * organization administrator (/maintainSystem/adminAccount) who then signs in; in English they send a platform
 * notice (/maintainSystem/operationMessage) to one organization and a therapist there finds it among their messages.
 * Screenshots at 1366 and 1920 px.
 */

const rowOf = (page: Page, table: string, text: string) =>
  page.getByTestId(table).locator('tbody tr.ant-table-row', { hasText: text });

/** A phone number no other run of this spec used (the data starts fresh, but a retry runs on the same data). */
const freshPhone = () => `139${String(Date.now()).slice(-8)}`;

test('administrator accounts: create an organization administrator who can sign in (zh-cn)', async ({
  page,
  browser,
}) => {
  const session = await signInAdminSession(DEMO.superAdmin);
  await openWithSession(page, session, '/maintainSystem/adminAccount', 'zh-cn');
  await expect(page.getByRole('heading', { name: '管理员账号' })).toBeVisible();
  await expect(rowOf(page, 'admin-account-table', DEMO.orgAdmin)).toContainText('康复示范医院');
  await snap(page, 'platform-admin-accounts-zh-cn');

  // a blank form is refused on its fields
  await page.getByTestId('admin-account-add').click();
  const dialog = page.getByRole('dialog', { name: '新增管理员' });
  await dialog.getByTestId('admin-account-save').click();
  await expect(dialog.locator('.ant-form-item-explain-error', { hasText: '请选择机构' })).toBeVisible();
  await snap(page, 'platform-admin-account-form-error-zh-cn');

  const phone = freshPhone();
  const password = 'East#Admin2026';
  await pickOption(page, dialog.getByTestId('admin-account-organization'), '城东社区康复中心');
  await dialog.getByTestId('admin-account-name').fill('东区管理员');
  await dialog.getByTestId('admin-account-phone').fill(phone);
  await dialog.getByTestId('admin-account-password').fill(password);
  await snap(page, 'platform-admin-account-form-zh-cn');
  await dialog.getByTestId('admin-account-save').click();
  await expect(page.getByText('新增管理员成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = rowOf(page, 'admin-account-table', phone);
  await expect(row).toContainText('城东社区康复中心');
  await expect(row).toContainText('启用');

  // the filters: by organization
  await pickOption(page, page.getByTestId('admin-account-filter-organization'), '城东社区康复中心');
  await page.locator('.list-search-actions button[type=submit]').click();
  await expect(row).toBeVisible();
  await expect(rowOf(page, 'admin-account-table', DEMO.orgAdmin)).toHaveCount(0);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await snap(page, 'platform-admin-accounts-1920-zh-cn');

  // the new administrator signs in on the administrators' login and is offered their organization
  const context = await browser.newContext();
  const other = await context.newPage();
  await useLocale(other, 'zh-cn');
  await other.goto('/login?loginRoleType=2');
  await other.getByLabel(/^账号$/).fill(phone);
  await other.getByLabel(/^密码$/).fill(password);
  await submitLogin(other);
  await expect(other.getByText('城东社区康复中心').first()).toBeVisible();
  await snap(other, 'platform-admin-new-admin-signed-in-zh-cn');
  await context.close();

  // the notices screen in Chinese, empty so far
  await page.goto('/maintainSystem/operationMessage');
  await expect(page.getByRole('heading', { name: '平台通知' })).toBeVisible();
  await expect(page.getByText('尚未发送任何通知')).toBeVisible();
  await snap(page, 'platform-notices-1920-zh-cn');
});

test('platform notices: send to one organization, a member reads it (en)', async ({ page }) => {
  const session = await signInAdminSession(DEMO.superAdmin);
  await openWithSession(page, session, '/maintainSystem/operationMessage', 'en');
  await expect(page.getByRole('heading', { name: 'Platform notices' })).toBeVisible();
  await snap(page, 'platform-notices-en');

  const title = `Maintenance window ${Date.now()}`;
  await page.getByTestId('notice-send-open').click();
  const dialog = page.getByRole('dialog', { name: 'Send notice' });
  await dialog.getByTestId('notice-save').click();
  await expect(dialog.getByText('Please write the notice')).toBeVisible();
  await expect(dialog.getByText('Please choose at least one organization')).toBeVisible();
  await snap(page, 'platform-notice-form-error-en');

  await dialog.getByTestId('notice-title').fill(title);
  await dialog.locator('[contenteditable="true"]').click();
  await page.keyboard.type('The system is upgraded tonight at 22:00.');
  await pickOption(page, dialog.getByTestId('notice-organizations'), 'East District Community Rehab Centre');
  await dialog.getByTestId('notice-title').click();
  await snap(page, 'platform-notice-form-en');
  await dialog.getByTestId('notice-save').click();
  await expect(page.getByText('Send notice succeeded')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = rowOf(page, 'notice-table', title);
  await expect(row).toContainText('East District Community Rehab Centre');
  await expect(row).toContainText('0 / ');

  // the detail: body and delivery per organization
  await row.getByTestId('notice-open').click();
  const detail = page.getByTestId('notice-detail');
  await expect(detail.getByTestId('notice-content')).toHaveText('The system is upgraded tonight at 22:00.');
  await expect(detail).toContainText('East District Community Rehab Centre');
  await snap(page, 'platform-notice-detail-en');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await snap(page, 'platform-notices-1920-en');

  // a therapist of that organization finds it in their messages, from the system
  const therapist = await signInStaffSession(DEMO.therapist2);
  const reader = await page.context().browser()!.newContext();
  const inbox = await reader.newPage();
  await openWithSession(inbox, therapist, '/email/my-news', 'en');
  const message = inbox.locator('tbody tr.ant-table-row', { hasText: title });
  await expect(message).toBeVisible();
  await expect(message).toContainText('System');
  await snap(inbox, 'platform-notice-received-en');
  await reader.close();

  // the doctor of the other organization did not get it
  const doctor = await signInStaffSession(DEMO.doctor);
  const list = await call('GET', '/sys/message/list?box=inbox&limit=100', { token: doctor.token });
  expect(list.data.list.some((m: { title: string }) => m.title === title)).toBe(false);

  // the administrator accounts screen in English
  await page.goto('/maintainSystem/adminAccount');
  await expect(page.getByRole('heading', { name: 'Administrator accounts' })).toBeVisible();
  await expect(rowOf(page, 'admin-account-table', DEMO.orgAdmin)).toContainText('Rehab Demonstration Hospital');
  await snap(page, 'platform-admin-accounts-1920-en');
  await page.setViewportSize({ width: 1366, height: 768 });
  await snap(page, 'platform-admin-accounts-en');
});
