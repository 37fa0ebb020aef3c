import { expect, type Browser, type Page } from '@playwright/test';
import {
  test,
  DEMO,
  call,
  openWithSession,
  signInAdminSession,
  signInStaffSession,
  snap,
  useLocale,
  type Json,
} from './fixtures';
import { SHORT_IDLE_URL } from './servers';

/*
 * QR collaborative login (issue 19), zh and en: the desktop shows the QR (280 px, level H) and polls; a phone-sized
 * context signed in as the doctor opens the QR's link, sees which computer asks and confirms; the desktop lands signed
 * in. Expiry shows the message and a refresh button (the second server's requests live 1 s), and leaving the QR mode
 * stops the polling. The desktop's timers run on Playwright's clock: the 3 s polls are fast-forwarded, never waited.
 */

const POLL = /\/api\/sys\/ca\/pollLoginStatus\//;
let doctor: Json;

/** Switches CA integration of the doctor's organization, keeping its product switches. */
async function setCa(on: boolean) {
  const admin = await signInAdminSession(DEMO.superAdmin);
  const organizationId = doctor.organization.id as number;
  const view = await call('POST', '/sys/organizationConfig/listSoftProduct', {
    token: admin.token,
    data: { organizationId },
  });
  expect(view.code, view.msg).toBe(0);
  const products = (view.data.products as { code: string; enabled: boolean }[]).filter((p) => p.enabled);
  const saved = await call('POST', '/sys/organizationConfig/save', {
    token: admin.token,
    data: { organizationId, caIntegration: on ? 1 : 0, products: products.map((p) => p.code) },
  });
  expect(saved.code, saved.msg).toBe(0);
}

test.beforeAll(async () => {
  doctor = await signInStaffSession(DEMO.doctor);
  await setCa(true);
});
test.afterAll(async () => {
  await setCa(false);
});

async function phoneOf(browser: Browser) {
  return browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
}

const qrImage = (page: Page) => page.locator('[data-qr] svg');

for (const locale of ['zh-cn', 'en'] as const) {
  const zh = locale === 'zh-cn';
  test(`the doctor confirms on a phone and the desktop lands signed in (${locale})`, async ({ page, browser }) => {
    await page.clock.install();
    await useLocale(page, locale);
    await page.goto('/login?loginRoleType=1&CAState=1');
    await expect(qrImage(page)).toBeVisible();
    await expect(qrImage(page)).toHaveAttribute('width', '280');
    const link = (await page.locator('[data-qr]').getAttribute('data-qr'))!;
    expect(link).toMatch(/\/qr-confirm\/[\w-]{32}$/);
    await expect(page.getByText(zh ? '请使用手机扫描二维码' : 'Scan the QR code with your phone')).toBeVisible();
    await snap(page, `qr-login-desktop-${locale}`);

    const phoneContext = await phoneOf(browser);
    const phone = await phoneContext.newPage();
    await openWithSession(phone, doctor, new URL(link).pathname, locale);
    await expect(
      phone.getByRole('heading', { name: zh ? '确认在电脑上登录？' : 'Sign in on a computer?' }),
    ).toBeVisible();
    await expect(phone.getByText(/Chrome|Chromium/)).toBeVisible();
    await expect(phone.getByText('127.0.0.1')).toBeVisible();
    await snap(phone, `qr-login-phone-${locale}`);

    // the desktop's next poll shows who scanned
    await page.clock.fastForward(3100);
    await expect(page.getByText(zh ? /已扫码/ : /Scanned by/)).toBeVisible();

    await phone.getByRole('button', { name: zh ? '确认登录' : 'Confirm sign-in' }).click();
    await expect(phone.getByText(zh ? '已在电脑上登录' : 'Signed in on the computer')).toBeVisible();
    await snap(phone, `qr-login-phone-done-${locale}`);

    await page.clock.fastForward(3100);
    await expect(page).toHaveURL(/\/(home|organization\/checkout)$/, { timeout: 20_000 });
    const session = await page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? '{}') as Json);
    expect(session.token).toEqual(expect.any(String));
    expect(session.user.phone).toBe(DEMO.doctor);
    await phoneContext.close();
  });
}

test('an expired QR shows the message and a refresh button (en)', async ({ page }) => {
  await useLocale(page, 'en');
  // the second server's requests live 1 s: the first poll, 3 s later, finds it expired
  await page.goto(`${SHORT_IDLE_URL}/login?loginRoleType=1&CAState=1`);
  await expect(qrImage(page)).toBeVisible();
  const first = await page.locator('[data-qr]').getAttribute('data-qr');
  await expect(page.getByText('The QR code has expired, please refresh it')).toBeVisible();
  await expect(qrImage(page)).toHaveCount(0);
  await snap(page, 'qr-login-expired-en');
  await page.getByRole('button', { name: 'Refresh QR code' }).click();
  await expect(qrImage(page)).toBeVisible();
  expect(await page.locator('[data-qr]').getAttribute('data-qr')).not.toBe(first);
});

test('leaving the QR mode stops the polling (zh)', async ({ page }) => {
  await page.clock.install();
  await useLocale(page, 'zh-cn');
  const polls: string[] = [];
  page.on('request', (r) => {
    if (POLL.test(r.url())) polls.push(r.url());
  });
  await page.goto('/login?loginRoleType=1&CAState=1');
  await expect(qrImage(page)).toBeVisible();
  await page.clock.fastForward(3100);
  await expect.poll(() => polls.length).toBe(1);
  await page.clock.fastForward(3100);
  await expect.poll(() => polls.length).toBe(2);
  await page.getByRole('button', { name: '使用账号登录' }).click();
  await expect(page.getByRole('heading', { name: '医护人员登录' })).toBeVisible();
  await page.clock.fastForward(30_000);
  // an answer the page no longer waits for would have come by now: nothing was asked after leaving
  await page.evaluate(() => fetch('/api/sys/version/getCurrentVersion').then((r) => r.text()));
  expect(polls).toHaveLength(2);
});
