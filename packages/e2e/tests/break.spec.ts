import { expect, type Page } from '@playwright/test';
import { test, DEMO, DEMO_PASSWORD, call, openWithSession, signInAdminSession, snap, useLocale } from './fixtures';

/**
 * Maintenance windows (/system/break): in Chinese the super administrator schedules an upcoming window on the
 * screen and the login page announces it; in English a signed-in user sees the shell banner, and while a window
 * that pauses sign-in is in progress the login form refuses the organization administrator with the time service
 * returns. Every test deletes its windows (the whole suite shares one server: a window left in progress would
 * refuse the other specs' sign-ins). At 1366 and 1920 px.
 */

const HOUR = 3_600_000;
const ZONE = 'Asia/Shanghai';

/** `YYYY-MM-DD HH:mm` on the clinic's clock, `ms` from now. */
function wall(ms: number) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(Date.now() + ms))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

let adminToken = '';
const adminCall = async (method: 'GET' | 'POST', url: string, data?: unknown) => {
  if (!adminToken) adminToken = (await signInAdminSession(DEMO.superAdmin)).token as string;
  return call(method, url, { token: adminToken, data });
};

/** Deletes every window, so no spec after this one meets a paused sign-in. */
async function deleteAllWindows() {
  const list = await adminCall('GET', '/sys/break/list?limit=100');
  const ids = (list.data?.list ?? []).map((r: { id: number }) => r.id);
  if (ids.length) expect((await adminCall('POST', '/sys/break/delete', ids)).code).toBe(0);
}

test.beforeEach(async () => {
  adminToken = '';
  await deleteAllWindows();
});
test.afterEach(async () => {
  await deleteAllWindows();
  const left = await call('GET', '/sys/break/current');
  expect(left.data).toBeNull();
});

const pickTime = async (page: Page, testId: string, value: string) => {
  const input = page.getByTestId(testId);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
};

test('zh: the super administrator schedules maintenance and the login page announces it', async ({ page, browser }) => {
  const session = await signInAdminSession(DEMO.superAdmin);
  adminToken = session.token as string;
  await openWithSession(page, session, '/system/break', 'zh-cn');
  await expect(page.getByRole('heading', { name: '停机维护' })).toBeVisible();
  await expect(page.getByTestId('break-table')).toContainText('暂无维护时段');
  await expect(page.getByText('时间按本院时区（Asia/Shanghai）')).toBeVisible();

  const start = wall(2 * HOUR);
  const end = wall(3 * HOUR);
  await page.getByTestId('break-add').click();
  const dialog = page.getByRole('dialog', { name: '新增维护' });
  // the end before the start is refused on the form
  await pickTime(page, 'break-start', end);
  await pickTime(page, 'break-end', start);
  await dialog.getByTestId('break-message-zh').fill('HIS 接口升级，期间无法登录。');
  await dialog.getByTestId('break-message-en').fill('HIS interface upgrade; sign-in is unavailable.');
  await dialog.getByTestId('break-save').click();
  await expect(dialog.getByText('结束时间须晚于开始时间')).toBeVisible();
  await pickTime(page, 'break-start', start);
  await pickTime(page, 'break-end', end);
  await expect(dialog.getByTestId('break-block')).toHaveAttribute('aria-checked', 'true');
  await snap(page, 'break-form-zh');
  await dialog.getByTestId('break-save').click();
  await expect(page.getByText('新增维护成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('break-table').locator('tbody tr.ant-table-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('未开始');
  await expect(row).toContainText(start);
  await expect(row).toContainText(`至 ${end}`);
  await expect(row).toContainText('暂停登录');

  // an overlapping window is refused with the one in the way named
  await page.getByTestId('break-add').click();
  await pickTime(page, 'break-start', wall(2.5 * HOUR));
  await pickTime(page, 'break-end', wall(4 * HOUR));
  await dialog.getByTestId('break-message-zh').fill('重叠');
  await dialog.getByTestId('break-message-en').fill('Overlap');
  await dialog.getByTestId('break-save').click();
  await expect(page.getByText(`与已有的维护时段（${start} 至 ${end}）重叠，请调整时间`).first()).toBeVisible();
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await expect(row).toHaveCount(1);
  await snap(page, 'break-list-zh');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await snap(page, 'break-list-1920-zh');

  // the login page (signed out, another browser context) announces it
  const context = await browser.newContext({ locale: 'zh-CN', timezoneId: ZONE });
  const login = await context.newPage();
  await useLocale(login, 'zh-cn');
  await login.goto('/login');
  const notice = login.getByTestId('login-break-notice');
  await expect(notice).toBeVisible();
  await expect(notice).toHaveAttribute('data-state', 'upcoming');
  await expect(notice).toContainText('系统维护预告');
  await expect(notice).toContainText(`系统将于 ${start} 至 ${end} 进行维护。`);
  await expect(notice).toContainText('HIS 接口升级，期间无法登录。');
  await expect(notice).toContainText('维护期间将暂停登录。');
  await snap(login, 'break-login-notice-zh');
  await login.setViewportSize({ width: 1920, height: 1080 });
  await snap(login, 'break-login-notice-1920-zh');
  await context.close();

  // cancelled on the screen: the notice goes
  await row.getByTestId('break-delete').click();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByTestId('break-table')).toContainText('暂无维护时段');
  expect((await call('GET', '/sys/break/current')).data).toBeNull();
});

test('en: the shell banner announces maintenance; a window in progress pauses sign-in', async ({ page, browser }) => {
  const start = wall(2 * HOUR);
  const end = wall(3 * HOUR);
  const saved = await adminCall('POST', '/sys/break/save', {
    startTime: start,
    endTime: end,
    messageZh: '数据库升级。',
    messageEn: 'Database upgrade.',
    blockSignIn: true,
  });
  expect(saved.code, saved.msg).toBe(0);

  // a signed-in user (the organization administrator) sees the banner in the shell
  const session = await signInAdminSession(DEMO.orgAdmin);
  await openWithSession(page, session, '/home', 'en');
  const banner = page.getByTestId('shell-break-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toHaveAttribute('data-state', 'upcoming');
  await expect(banner).toContainText('Scheduled maintenance');
  await expect(banner).toContainText(`The system will be under maintenance from ${start} to ${end}.`);
  await expect(banner).toContainText('Database upgrade.');
  await snap(page, 'break-banner-en');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await snap(page, 'break-banner-1920-en');
  // closed, it stays closed on this page
  await banner.getByRole('button', { name: 'Close the maintenance notice' }).click();
  await expect(banner).toBeHidden();

  // in progress and pausing sign-in: the login form refuses the organization administrator, naming the return time
  const activeEnd = wall(HOUR);
  const moved = await adminCall('POST', '/sys/break/update', {
    id: saved.data.id,
    startTime: wall(-HOUR),
    endTime: activeEnd,
    messageZh: '数据库升级。',
    messageEn: 'Database upgrade.',
    blockSignIn: true,
  });
  expect(moved.code, moved.msg).toBe(0);
  const context = await browser.newContext({ locale: 'en-US', timezoneId: ZONE });
  const login = await context.newPage();
  await useLocale(login, 'en');
  await login.goto('/login?loginRoleType=2');
  const notice = login.getByTestId('login-break-notice');
  await expect(notice).toHaveAttribute('data-state', 'active');
  await expect(notice).toContainText('Maintenance in progress');
  await expect(notice).toContainText(`Service is expected back at ${activeEnd}.`);
  await expect(notice).toContainText('Sign-in is paused until then.');
  await login.getByLabel(/^Account$/).fill(DEMO.orgAdmin);
  await login.getByLabel(/^Password$/).fill(DEMO_PASSWORD);
  await login.locator('form button[type="submit"]').click();
  await expect(login.getByRole('alert')).toContainText(
    `Sign-in is paused for system maintenance; service is expected back at ${activeEnd}`,
  );
  await expect(login).toHaveURL(/\/login/);
  await snap(login, 'break-login-blocked-en');
  await login.setViewportSize({ width: 1920, height: 1080 });
  await snap(login, 'break-login-blocked-1920-en');
  await context.close();

  // the session opened before the window goes on, now with the red banner
  await page.reload();
  await expect(page.getByTestId('shell-break-banner')).toHaveAttribute('data-state', 'active');
  await expect(page.getByTestId('shell-break-banner')).toContainText('Maintenance in progress');
  await page.setViewportSize({ width: 1366, height: 768 });
  await snap(page, 'break-banner-active-en');
});
