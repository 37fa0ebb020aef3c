import { expect, type Page } from '@playwright/test';
import { test, DEMO, DEMO_PASSWORD, LOGIN_ANYWAY, call, openWithSession, signInAdminSession, snap } from './fixtures';

/**
 * Issue 21, finding 2: a session ended elsewhere loses nothing. The login page says why and when, the registration
 * typed before is offered back, and signing in again returns to the page the user was on.
 */
test.describe.configure({ timeout: 120_000 });

const draftKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('draft:')));
/** The stored drafts, as text. */
const draftTexts = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith('draft:'))
      .map((k) => localStorage.getItem(k) ?? ''),
  );

async function signedInElsewhere(page: Page, locale: 'zh-cn' | 'en') {
  const session = await signInAdminSession(DEMO.orgAdmin);
  // the administrator's login form comes back after the sign-out (as after a real administrator sign-in)
  await page.addInitScript(() => localStorage.setItem('loginQuery', JSON.stringify({ loginRoleType: '2' })));
  await openWithSession(page, session, '/patient/manage', locale);
  await page.getByTestId('patient-register').click();
  await expect(page.getByTestId('register-modal').getByTestId('reg-name')).toBeVisible();
  await page.getByTestId('reg-name').fill('草稿患者');
  await page.getByTestId('reg-phone').fill('13912345678');
  // the draft is written as the user types (a moment after the last key): wait for the phone to be in it
  await expect.poll(async () => (await draftTexts(page)).join()).toContain('13912345678');
  expect(await draftKeys(page)).toHaveLength(1);

  // the same account signs in on another device
  const other = await call('POST', '/sys/login', {
    data: { account: DEMO.orgAdmin, password: DEMO_PASSWORD, loginRoleType: 2, isLogin: 1 },
  });
  expect(other.code, other.msg).toBe(0);
  // the next call of this screen is refused: the login page, with the way back
  await page.reload();
  await expect(page).toHaveURL(/\/login\?.*redirect=%2Fpatient%2Fmanage/);
  return session;
}

async function signInAgain(page: Page) {
  await page.locator('#login-account').fill(DEMO.orgAdmin);
  await page.locator('#login-password').fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  // the API session of the "other device" is still signed in: the login asks first
  const anyway = page.getByRole('button', { name: LOGIN_ANYWAY });
  const outcome = await Promise.race([
    expect(page)
      .not.toHaveURL(/\/login/, { timeout: 30_000 })
      .then(() => 'left' as const),
    anyway.waitFor({ timeout: 30_000 }).then(() => 'asked' as const),
  ]);
  if (outcome === 'asked') await anyway.click();
  // this account chooses its organization and department at the checkout: the way back is kept through it
  await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
  if (/\/organization\/checkout/.test(page.url())) {
    await page
      .getByRole('button', { name: /康复示范医院|Rehabilitation Demonstration|Demo/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    const enter = dialog.getByRole('button', { name: /^(进\s?入|Enter)$/ });
    await expect(async () => {
      await dialog.getByRole('radio').first().click();
      await expect(enter).toBeEnabled({ timeout: 1_000 });
    }).toPass();
    await enter.click();
  }
}

test('signed in elsewhere: the login page says when, the draft and the page come back (zh)', async ({ page }) => {
  await signedInElsewhere(page, 'zh-cn');
  const notice = page.getByTestId('session-ended');
  await expect(notice).toContainText(/您的账号于 (\d{2}:\d{2}) 在其他设备登录/);
  // the draft stays through the forced sign-out
  expect(await draftKeys(page)).toHaveLength(1);
  await snap(page, 'session-ended-zh-1366');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await snap(page, 'session-ended-zh-1920');

  await signInAgain(page);
  await expect(page).toHaveURL(/\/patient\/manage$/, { timeout: 30_000 });
  await page.getByTestId('patient-register').click();
  await expect(page.getByTestId('draft-notice')).toBeVisible();
  await snap(page, 'register-draft-zh-1920');
  await page.getByTestId('draft-restore').click();
  await expect(page.getByTestId('reg-name')).toHaveValue('草稿患者');
  await expect(page.getByTestId('reg-phone')).toHaveValue('13912345678');
});

test('signed in elsewhere, in English; a deliberate logout removes the drafts', async ({ page }) => {
  await signedInElsewhere(page, 'en');
  await expect(page.getByTestId('session-ended')).toContainText(
    /Your account signed in on another device at \d{2}:\d{2}/,
  );
  await snap(page, 'session-ended-en-1366');
  await signInAgain(page);
  await expect(page).toHaveURL(/\/patient\/manage$/, { timeout: 30_000 });
  expect(await draftKeys(page)).toHaveLength(1);
  // log out by choice: the drafts go with the session
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: /Log out/ }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await draftKeys(page)).toHaveLength(0);
  await expect(page.getByTestId('session-ended')).toHaveCount(0);
});
