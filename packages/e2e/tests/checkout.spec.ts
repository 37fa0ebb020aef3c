import { expect, type Page } from '@playwright/test';
import {
  call,
  test,
  DEMO,
  DEMO_PASSWORD,
  lastCode,
  signInAdminSession,
  snap,
  useLocale,
  waitForCode,
  submitLogin,
} from './fixtures';

// the data directory of the server under test (E2E_MAIN_DATA points a private run elsewhere, as in shell.spec.ts)
import { MAIN_DATA as DATA } from './servers';

/*
 * Organization checkout (spec sections 2 and 4): after an administrator login, when switching organization from
 * the shell, and the department step. Demo accounts are shared by every browser test: the sign-in helper always
 * confirms "log in anyway", and the staff sign-in here uses the e-mail address so that its code does not wait
 * for the cooldown of a phone code sent by another test.
 */

const ENTER = /^(进\s?入|Enter)$/;

async function adminSignIn(page: Page, account: string) {
  await page.goto('/login?loginRoleType=2');
  await page.getByLabel(/^(账号|Account)$/).fill(account);
  await page.getByLabel(/^(密码|Password)$/).fill(DEMO_PASSWORD);
  await submitLogin(page);
}

async function staffSignIn(page: Page, address: string) {
  await page.goto('/login?loginRoleType=1');
  await page.getByLabel(/^(账号|Account)$/).fill(address);
  await page.getByLabel(/^(密码|Password)$/).fill(DEMO_PASSWORD);
  const getCode = page.getByRole('button', { name: /获取验证码|重新获取|Get code|Resend code/ });
  for (let attempt = 0; ; attempt++) {
    const before = lastCode(address, 'login', DATA);
    await getCode.click();
    const sent = await Promise.race([
      page
        .getByRole('button', { name: /秒后重发|Resend in/ })
        .waitFor()
        .then(() => true),
      page
        .getByText(/请\s*\d+\s*秒后再试|try again in \d+ s/)
        .first()
        .waitFor()
        .then(() => false),
    ]);
    if (sent) {
      await page.getByLabel(/^(验证码|Verification code)$/).fill(await waitForCode(address, before, 'login', DATA));
      break;
    }
    expect(attempt, 'the code cooldown did not end').toBeLessThan(8);
    await page.waitForTimeout(2_000);
  }
  await submitLogin(page);
}

const storedSession = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? '{}') as Record<string, any>);

test.describe('organization checkout', () => {
  test.describe.configure({ timeout: 120_000 });

  test('super administrator chooses, then switches organization from home', async ({ page }) => {
    await adminSignIn(page, DEMO.superAdmin);
    await expect(page).toHaveURL(/\/organization\/checkout$/);
    await expect(page.getByRole('heading', { name: '选择机构' })).toBeVisible();
    const first = page.getByRole('button', { name: /康复示范医院/ });
    const second = page.getByRole('button', { name: /城东社区康复中心/ });
    await expect(first).toBeVisible();
    await expect(second).toBeVisible();
    await expect(first).toContainText('4 个科室');
    // nothing chosen yet: no way back to home, but a logout
    await expect(page.getByRole('button', { name: '返回首页' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /退出登录/ })).toBeVisible();
    await snap(page, 'checkout-zh');

    // the department step: the administrator sees every department of the organization
    await first.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('选择科室');
    await expect(dialog.getByRole('radio')).toHaveCount(4);
    const enter = dialog.getByRole('button', { name: ENTER });
    await expect(enter).toBeDisabled();
    // cancel goes back to the cards
    await dialog.getByRole('button', { name: /取\s?消/ }).click();
    await expect(dialog).toBeHidden();
    await first.click();
    // the dialog opens with a zoom: a click while it still moves may miss, so click until the choice shows
    const speech = dialog.getByRole('radio', { name: '言语治疗室' });
    await expect(async () => {
      await speech.click();
      await expect(speech).toHaveAttribute('aria-checked', 'true', { timeout: 1_000 });
    }).toPass();
    await expect(enter).toBeEnabled();
    await enter.click();
    await expect(page).toHaveURL(/\/home$/);
    let session = await storedSession(page);
    expect(session.organization.name).toBe('康复示范医院');
    expect(session.office.name).toBe('言语治疗室');
    expect(session.menuList.length).toBeGreaterThan(0);

    // switching: the current organization is marked, the current department preselected, home is one click away
    await page.goto('/organization/checkout');
    await expect(page.getByRole('heading', { name: '切换机构' })).toBeVisible();
    await expect(page.getByText('当前：康复示范医院 · 言语治疗室')).toBeVisible();
    await expect(first).toHaveAttribute('aria-current', 'true');
    await expect(first).toContainText('当前机构');
    await expect(second).toHaveAttribute('aria-current', 'false');
    await first.click();
    await expect(dialog.getByRole('radio', { name: '言语治疗室' })).toHaveAttribute('aria-checked', 'true');
    await dialog.getByRole('button', { name: /取\s?消/ }).click();
    await page.getByRole('button', { name: '返回首页' }).click();
    await expect(page).toHaveURL(/\/home$/);

    await page.goto('/organization/checkout');
    await second.click();
    await dialog.getByRole('radio', { name: '物理治疗室' }).click();
    await dialog.getByRole('button', { name: ENTER }).click();
    await expect(page).toHaveURL(/\/home$/);
    session = await storedSession(page);
    expect(session.organization.name).toBe('城东社区康复中心');
    expect(session.office.name).toBe('物理治疗室');
  });

  test('a refused choice says the organization switch failed and stays on checkout', async ({ page }) => {
    await adminSignIn(page, DEMO.orgAdmin);
    await expect(page).toHaveURL(/\/organization\/checkout$/);
    // the real server refuses a department outside the organization (403)
    await page.route('**/api/sys/organization/chooseOrganization?*', (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('officeId', '999999');
      return route.continue({ url: url.toString() });
    });
    await page.getByRole('button', { name: /康复示范医院/ }).click();
    await page.getByRole('dialog').getByRole('radio').first().click();
    await page.getByRole('dialog').getByRole('button', { name: ENTER }).click();
    await expect(page.getByText('机构切换失败：该科室不属于所选机构')).toBeVisible();
    await expect(page).toHaveURL(/\/organization\/checkout$/);
    expect((await storedSession(page)).organization).toBeNull();
  });

  test('English checkout with organization and department names in English', async ({ page }) => {
    await useLocale(page, 'en');
    await adminSignIn(page, DEMO.orgAdmin);
    await expect(page).toHaveURL(/\/organization\/checkout$/);
    await expect(page.getByRole('heading', { name: 'Choose an organization' })).toBeVisible();
    const card = page.getByRole('button', { name: /Rehab Demonstration Hospital/ });
    await expect(card).toContainText('Departments (4)');
    // the organization administrator belongs to the first organization only
    await expect(page.getByRole('button', { name: /East District Community Rehab Centre/ })).toHaveCount(0);
    await snap(page, 'checkout-en');
    await card.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Choose a department');
    const choice = dialog.getByRole('radio', { name: 'Physical Therapy' });
    await choice.click();
    await expect(choice).toHaveAttribute('aria-checked', 'true');
    // the dialog may still be zooming in when Enter is first clicked: click again until the app has moved on
    await expect(async () => {
      if (await dialog.isVisible()) await dialog.getByRole('button', { name: ENTER }).click({ timeout: 2000 });
      await expect(page).toHaveURL(/\/home$/, { timeout: 3000 });
    }).toPass({ timeout: 20_000 });
  });

  test('therapist with two organizations picks one of their two departments', async ({ page }) => {
    await staffSignIn(page, 'therapist@rehab.example');
    await expect(page).toHaveURL(/\/(organization\/checkout|home)$/);
    await page.goto('/organization/checkout');
    const first = page.getByRole('button', { name: /康复示范医院/ });
    await expect(first).toContainText('2 个科室');
    await expect(page.getByRole('button', { name: /城东社区康复中心/ })).toContainText('1 个科室');
    await first.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('radio')).toHaveCount(2);
    await expect(dialog.getByRole('radio', { name: '物理治疗室' })).toBeVisible();
    await expect(dialog.getByRole('radio', { name: '作业治疗室' })).toBeVisible();
    await dialog.getByRole('radio', { name: '物理治疗室' }).click();
    await dialog.getByRole('button', { name: ENTER }).click();
    await expect(page).toHaveURL(/\/home$/);
    const session = await storedSession(page);
    expect(session.organization.name).toBe('康复示范医院');
    expect(session.office.name).toBe('物理治疗室');
    expect(session.roleIdList).toEqual([10]);

    // one department in the second organization: no department step
    await page.goto('/organization/checkout');
    await page.getByRole('button', { name: /城东社区康复中心/ }).click();
    await expect(page).toHaveURL(/\/home$/);
    expect((await storedSession(page)).organization.name).toBe('城东社区康复中心');
  });

  test('a login with the default password warns on checkout that the password is at risk', async ({ page }) => {
    // the server flags a login whose password equals its configured default (DEFAULT_PASSWORD, Welcome@2026): an
    // administrator resets the organization administrator's password to it (nobody may choose it: it is a common
    // password), the account signs in with it, then takes the demo password back by the reset flow
    const atRisk = 'Welcome@2026';
    const resetTo = async (address: string, password: string) => {
      await page.goto('/user-reset');
      await page.getByLabel('邮箱或手机号').fill(address);
      await page.getByLabel('新密码').fill(password);
      await page.getByLabel('确认密码').fill(password);
      for (let attempt = 0; ; attempt++) {
        const before = lastCode(address, 'reset', DATA);
        await page.getByRole('button', { name: /获取验证码|重新获取/ }).click();
        const sent = await Promise.race([
          page
            .getByRole('button', { name: /秒后重发/ })
            .waitFor()
            .then(() => true),
          page
            .getByText(/请\s*\d+\s*秒后再试/)
            .first()
            .waitFor()
            .then(() => false),
        ]);
        if (sent) {
          await page.getByLabel('验证码').fill(await waitForCode(address, before, 'reset', DATA));
          break;
        }
        expect(attempt, 'the code cooldown did not end').toBeLessThan(8);
        await page.waitForTimeout(2_000);
      }
      await page.getByRole('button', { name: '确认重置' }).click();
      await expect(page).toHaveURL(/\/login/);
    };

    const superAdmin = await signInAdminSession(DEMO.superAdmin);
    const orgAdmin = await signInAdminSession(DEMO.orgAdmin);
    const reset = await call('POST', '/sys/user/resetPassword', {
      token: superAdmin.token,
      data: { id: orgAdmin.user.id },
    });
    expect(reset.code, reset.msg).toBe(0);
    try {
      await page.goto('/login?loginRoleType=2');
      await page.getByLabel('账号').fill(DEMO.orgAdmin);
      await page.getByLabel('密码', { exact: true }).fill(atRisk);
      await submitLogin(page);
      await expect(page).toHaveURL(/\/organization\/checkout$/);
      const warning = page.getByRole('alert').filter({ hasText: '您的密码存在风险，请立即修改！' });
      await expect(warning).toBeVisible();
      await expect(warning).toContainText('选择机构后，请在个人中心修改密码。');
      expect((await storedSession(page)).passwordAtRisk).toBe(true);

      // once an organization is chosen the warning links to my center
      await page.getByRole('button', { name: /康复示范医院/ }).click();
      await page.getByRole('dialog').getByRole('radio').first().click();
      await page.getByRole('dialog').getByRole('button', { name: ENTER }).click();
      await expect(page).toHaveURL(/\/home$/);
      await page.goto('/organization/checkout');
      await warning.getByRole('button', { name: '去修改密码' }).click();
      await expect(page).toHaveURL(/\/my-center$/);
    } finally {
      await resetTo(DEMO.orgAdmin, DEMO_PASSWORD);
    }
  });
});
