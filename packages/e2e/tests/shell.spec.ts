import { expect, request as playwrightRequest, type Page } from '@playwright/test';
import { test, DEMO, DEMO_PASSWORD, lastCode, snap, useLocale, waitForCode } from './fixtures';

/**
 * The shell (sidebar, header, footer, dialogs), the home dashboard and my-center. The login screen is tested in
 * auth.spec.ts; here users sign in through the API and the page starts with the session the login screen would
 * have stored.
 */

// the two servers of playwright.config.ts (not imported: loading the config module clears the servers' data);
// E2E_* variables point the spec at other servers, e.g. a private pair while another suite uses these ports
import { BASE_URL, MAIN_DATA, SHORT_IDLE_DATA, SHORT_IDLE_URL } from './servers';

/**
 * A new window size the page has seen: the browser reports media-query changes only at its next rendering step, so
 * two sizes set in quick succession (1366 then 1024, both from a narrow start) can look to the page like no change at
 * all. Two animation frames make sure the page has evaluated the size before the next one is set.
 */
async function resize(page: Page, width: number, height: number) {
  await page.setViewportSize({ width, height });
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

type Json = Record<string, unknown>;
type MenuNode = { url: string | null; list: MenuNode[] } & Json;
/** The stored session of packages/web/src/lib/session.ts (SessionState). */
type SessionSeed = {
  token: string;
  user: { id: number; name: string; phone: string; email: string | null; roleIdList: number[]; keepLogin: boolean };
  roleIdList: number[];
  organization: { id: number; name: string; nameLang?: Json; config: { caIntegration: boolean } };
  office: { id: number; name: string; nameLang?: Json } | null;
  offices: { id: number; name: string; nameLang?: Json }[];
  menuList: MenuNode[];
  permissions: string[];
  caIntegration: boolean;
  passwordAtRisk: boolean;
  isFirst: boolean;
};

const STAFF: readonly string[] = [DEMO.doctor, DEMO.therapist, DEMO.therapist2];

async function call<T extends Json>(
  baseURL: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  options: { token?: string; data?: unknown } = {},
): Promise<T & { code: number; msg: string }> {
  const ctx = await playwrightRequest.newContext({ baseURL });
  try {
    const res = await ctx.fetch(`/api${path}`, {
      method,
      headers: options.token ? { token: options.token } : {},
      data: options.data,
    });
    return (await res.json()) as T & { code: number; msg: string };
  } finally {
    await ctx.dispose();
  }
}

/** Sends a staff login code, waiting out the servers' short cooldown (5 s in the e2e servers) if another test just asked for one. */
async function staffCode(baseURL: string, phone: string, dataDir: string) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const before = lastCode(phone, 'login', dataDir);
    const res = await call<{ seconds?: number }>(baseURL, 'POST', '/sys/sendLoginVerificationCode', {
      data: { type: 2, address: phone },
    });
    if (res.code === 0) return waitForCode(phone, before, 'login', dataDir);
    if (res.code !== 429) throw new Error(`code for ${phone}: ${res.msg}`);
    await new Promise((r) => setTimeout(r, ((res.seconds as number | undefined) ?? 60) * 1000 + 500));
  }
  throw new Error(`no login code for ${phone}`);
}

/**
 * Signs in through the API the way the login screen does (administrators with the password only, staff with a
 * code), chooses an organization and department, and loads the menu and the user: the session to seed.
 */
async function signIn(
  account: string,
  options: { baseURL?: string; dataDir?: string; organizationId?: number; password?: string } = {},
): Promise<SessionSeed> {
  const baseURL = options.baseURL ?? BASE_URL;
  const dataDir = options.dataDir ?? MAIN_DATA;
  const staff = STAFF.includes(account);
  const verificationCode = staff ? await staffCode(baseURL, account, dataDir) : undefined;
  const login = await call<{ token: string; passwordAtRisk: boolean }>(baseURL, 'POST', '/sys/login', {
    data: {
      account,
      password: options.password ?? DEMO_PASSWORD,
      loginRoleType: staff ? 1 : 2,
      isLogin: 1,
      rememberMe: 1,
      verificationCode,
    },
  });
  expect(login.code, login.msg).toBe(0);
  const token = login.token;
  const orgs = await call<{ data: { list: { id: number; offices: { id: number }[] }[] } }>(
    baseURL,
    'GET',
    '/sys/organization/chooseOrganizationList?page=1&limit=10',
    { token },
  );
  const org = orgs.data.list.find((o) => o.id === options.organizationId) ?? orgs.data.list[0]!;
  const chosen = await call<{ data: Omit<SessionSeed, 'token' | 'user' | 'menuList' | 'permissions'> }>(
    baseURL,
    'GET',
    `/sys/organization/chooseOrganization?id=${org.id}&officeId=${org.offices[0]!.id}`,
    { token },
  );
  expect(chosen.code, chosen.msg).toBe(0);
  const nav = await call<{ menuList: MenuNode[]; permissions: string[] }>(baseURL, 'GET', '/sys/menu/nav', { token });
  const info = await call<{ data: SessionSeed['user'] }>(baseURL, 'GET', '/sys/user/info', { token });
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
    passwordAtRisk: login.passwordAtRisk,
    isFirst: false,
  };
}

/** Staff sign in with a code (one per minute per phone): each signs in once and the session is reused. */
const staffSessions = new Map<string, SessionSeed>();
async function staffSession(phone: string) {
  if (!staffSessions.has(phone)) staffSessions.set(phone, await signIn(phone, { organizationId: 1 }));
  return staffSessions.get(phone)!;
}

/** Stores the session before the app starts, once per tab (a reload, as the language switch does, keeps it). */
async function seedSession(page: Page, session: SessionSeed) {
  await page.addInitScript((value) => {
    if (sessionStorage.getItem('e2e-seeded')) return;
    localStorage.setItem('session', value);
    sessionStorage.setItem('e2e-seeded', '1');
  }, JSON.stringify(session));
}

async function openHome(page: Page, session: SessionSeed) {
  await seedSession(page, session);
  await page.goto('/home');
  await expect(page.getByTestId('home-cards')).toBeVisible();
  await expect(page.getByTestId('home-card-unreadMessages-count')).toHaveText(/^\d+$/);
}

/** Waits for dialogs to finish their opening animation, so that a screenshot shows them at rest. */
async function settled(page: Page) {
  await expect(page.locator('.ant-modal[class*="zoom"]')).toHaveCount(0);
}

const cardKeys = async (page: Page) =>
  page
    .getByTestId('home-cards')
    .locator('[data-testid^="home-card-"]:not([data-testid$="-count"])')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.replace('home-card-', '')));

/** The counts the home cards must show: the server's, for the session's organization and department. */
async function homeCounts(session: SessionSeed): Promise<Record<string, number>> {
  const res = await call<{ data: Record<string, number> }>(
    BASE_URL,
    'GET',
    `/sys/index/info/${session.organization.id}/${session.office?.id ?? 0}`,
    { token: session.token },
  );
  return res.data;
}

const CARD_FIELD: Record<string, string> = {
  unreadMessages: 'msgCount',
  unplannedPatients: 'nonprogrammable',
  unfinishedOrders: 'undoneTotal',
  unfinishedAssessments: 'asCount',
  finishedOrders: 'doneTotal',
  unassignedTherapist: 'unAssignedCount',
};

test.describe('home and shell', () => {
  test('super administrator: only the unread-messages card, sidebar, user block, header and footer', async ({
    page,
  }) => {
    const session = await signIn(DEMO.superAdmin, { organizationId: 1 });
    await openHome(page, session);
    expect(await cardKeys(page)).toEqual(['unreadMessages']);
    const counts = await homeCounts(session);
    await expect(page.getByTestId('home-card-unreadMessages-count')).toHaveText(String(counts.msgCount));
    await expect(page.getByTestId('home-card-unreadMessages')).toContainText('未读消息');
    // the card opens the inbox
    await expect(page.locator('a:has([data-testid="home-card-unreadMessages"])')).toHaveAttribute(
      'href',
      '/email/my-news',
    );
    await expect(page.getByTestId('home-all-clear')).toHaveCount(counts.msgCount === 0 ? 1 : 0);

    await expect(page.getByTestId('home-greeting')).toContainText('系统管理员');
    await expect(page.getByTestId('home-greeting')).toContainText('康复示范医院');
    await expect(page.locator('.shell-sider .ant-menu-item-selected')).toHaveText('首页');
    await expect(page.getByTestId('user-block')).toContainText('系统管理员');
    await expect(page.getByTestId('user-role')).toHaveText('超级管理员');
    await expect(page.getByTestId('org-title')).toHaveText('康复示范医院');
    await expect(page.getByTestId('office-name')).toHaveText(/康复医学科/);
    await expect(page.getByRole('button', { name: /切换机构/ })).toBeVisible();
    const footer = page.getByTestId('shell-footer');
    await expect(footer).toContainText(String(new Date().getFullYear()));
    // issue 21: the footer in one language (the owner's Chinese name on Chinese screens)
    await expect(footer).toHaveText(`Copyright © ${new Date().getFullYear()} 康复诊疗管理系统 版权所有`);
    await expect(page.getByTestId('password-risk')).toHaveCount(0);
    await snap(page, 'home-zh');

    await page.getByRole('button', { name: /切换机构/ }).click();
    await expect(page).toHaveURL(/\/organization\/checkout/);
  });

  test('language switch to English reloads in English, and back', async ({ page }) => {
    const session = await signIn(DEMO.superAdmin, { organizationId: 2 });
    await openHome(page, session);
    await page.getByTestId('language-switch').click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('menuitem', { name: 'English' }).click()]);
    await expect(page.getByTestId('home-card-unreadMessages')).toContainText('Unread messages');
    await expect(page.locator('.shell-sider .ant-menu-item-selected')).toHaveText('Home');
    await expect(page.getByTestId('user-role')).toHaveText('Super administrator');
    // "East District Community Rehab Centre" cut to 14 characters
    await expect(page.getByTestId('org-title')).toHaveText('East District …');
    await expect(page.getByTestId('office-name')).toHaveText(/Rehabilitation Medicine/);
    await expect(page.getByTestId('home-greeting')).toContainText(/Good (morning|afternoon|evening), 系统管理员/);
    const counts = await homeCounts(session);
    await expect(page.getByTestId('home-card-unreadMessages-count')).toHaveText(String(counts.msgCount));
    await expect(page.getByTestId('shell-footer')).toHaveText(
      `Copyright © ${new Date().getFullYear()} Rehab Clinic Software. All rights reserved.`,
    );
    await snap(page, 'home-en');

    await page.getByTestId('language-switch').click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('menuitem', { name: '简体中文' }).click()]);
    await expect(page.getByTestId('home-card-unreadMessages')).toContainText('未读消息');
    await expect(page.getByTestId('org-title')).toHaveText('城东社区康复中心');
  });

  test('doctor: the cards their permissions allow', async ({ page }) => {
    test.setTimeout(150_000);
    const session = await staffSession(DEMO.doctor);
    await openHome(page, session);
    expect(await cardKeys(page)).toEqual([
      'unreadMessages',
      'unplannedPatients',
      'unfinishedOrders',
      'unfinishedAssessments',
      'finishedOrders',
      'unassignedTherapist',
    ]);
    const counts = await homeCounts(session);
    for (const key of await cardKeys(page)) {
      await expect(page.getByTestId(`home-card-${key}-count`)).toHaveText(String(counts[CARD_FIELD[key]!]));
    }
    await expect(page.getByTestId('user-role')).toHaveText('医生');
    await expect(page.getByTestId('home-cards')).toContainText('未分配治疗师');
    await snap(page, 'home-doctor-zh');

    await page.setViewportSize({ width: 1920, height: 1080 });
    await expect(page.locator('.shell-sider')).not.toHaveClass(/ant-layout-sider-collapsed/);
    await snap(page, 'home-1920-zh');
  });

  test('therapist: no unassigned-therapist card', async ({ page }) => {
    test.setTimeout(150_000);
    await openHome(page, await staffSession(DEMO.therapist));
    expect(await cardKeys(page)).toEqual([
      'unreadMessages',
      'unplannedPatients',
      'unfinishedOrders',
      'unfinishedAssessments',
      'finishedOrders',
    ]);
    await expect(page.getByTestId('user-role')).toHaveText('治疗师');
    // two organizations: the switch is offered
    await expect(page.getByRole('button', { name: /切换机构/ })).toBeVisible();
  });

  test('home counts: loading, a refused count with its message, and retry', async ({ page }) => {
    let failing = true;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/sys/index/info/**', async (route) => {
      await held;
      if (failing) {
        await route.fulfill({ status: 500, json: { code: 500, msg: '统计服务暂不可用' } });
      } else {
        await route.continue();
      }
    });
    await seedSession(page, await staffSession(DEMO.doctor));
    await page.goto('/home');
    // while the count is on its way the cards show placeholders, not numbers
    await expect(page.getByTestId('home-card-unreadMessages-count').locator('.ant-skeleton')).toBeVisible();
    release();
    const alert = page.getByTestId('home-counts-error');
    await expect(alert).toContainText('统计数据加载失败');
    await expect(alert).toContainText('统计服务暂不可用');
    await expect(page.locator('.ant-message')).toContainText('统计服务暂不可用');
    await expect(page.getByTestId('home-card-unfinishedOrders-count')).toHaveText('–');
    await expect(page.getByTestId('home-all-clear')).toHaveCount(0);
    await snap(page, 'home-error-zh');
    failing = false;
    await alert.getByRole('button', { name: /重\s*试/ }).click();
    await expect(alert).toBeHidden();
    await expect(page.getByTestId('home-card-unfinishedOrders-count')).toHaveText('0');
  });

  test('the sidebar collapses at 1024 px or less and the toggle works', async ({ page }) => {
    await page.setViewportSize({ width: 1000, height: 700 });
    await openHome(page, await signIn(DEMO.orgAdmin));
    const sider = page.locator('.shell-sider');
    await expect(sider).toHaveClass(/ant-layout-sider-collapsed/);
    await expect(page.getByTestId('org-title')).toHaveText('康复…');
    await expect(page.getByTestId('user-block')).toHaveCount(0);
    await snap(page, 'shell-collapsed-zh');
    await page.getByTestId('sider-toggle').click();
    await expect(sider).not.toHaveClass(/ant-layout-sider-collapsed/);
    await expect(page.getByTestId('user-role')).toHaveText('机构管理员');
    await resize(page, 1366, 768);
    await expect(sider).not.toHaveClass(/ant-layout-sider-collapsed/);
    await resize(page, 1024, 768);
    await expect(sider).toHaveClass(/ant-layout-sider-collapsed/);
    await resize(page, 1025, 768);
    await expect(sider).not.toHaveClass(/ant-layout-sider-collapsed/);
  });

  test('a screen outside the user menus shows the no-permission dialog', async ({ page }) => {
    await useLocale(page, 'en');
    // a session holding no menu at all: /home is not among them, and there is no other screen to fall back to
    await seedSession(page, { ...(await signIn(DEMO.superAdmin)), menuList: [] });
    await page.goto('/home');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('You do not have access permission.');
    await expect(page.getByTestId('home-cards')).toHaveCount(0);
    await settled(page);
    await snap(page, 'no-permission-en');
    await page.getByTestId('no-permission-close').click();
    await expect(dialog).toBeHidden();
    // nowhere else to go: the page keeps saying so, and the rest of the shell still works
    await expect(page.locator('.ant-result')).toContainText('You do not have access permission.');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'My center' }).click();
    await expect(page).toHaveURL(/\/my-center$/);
    await expect(page.getByTestId('profile-form')).toBeVisible();
  });

  test('user menu: my center, change password, logout', async ({ page }) => {
    await openHome(page, await signIn(DEMO.orgAdmin));
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '修改密码' }).click();
    await expect(page).toHaveURL(/\/my-center\?tab=password$/);
    await expect(page.getByTestId('password-form')).toBeVisible();
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '个人中心' }).click();
    await expect(page).toHaveURL(/\/my-center$/);
    await expect(page.getByTestId('profile-form')).toBeVisible();
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();
  });
});

test.describe('my center', () => {
  test('profile: save name, e-mail and keep-login, with the shared rules', async ({ page }) => {
    await seedSession(page, await signIn(DEMO.orgAdmin));
    await page.goto('/my-center');
    const form = page.getByTestId('profile-form');
    const name = form.getByLabel('姓名');
    await expect(name).toHaveValue('机构管理员');
    await expect(page.getByTestId('profile-phone')).toHaveValue(DEMO.orgAdmin);
    await expect(page.getByTestId('profile-emailCode')).toHaveCount(0);
    await expect(page.getByTestId('version-link')).toContainText('1.0.0');
    await snap(page, 'my-center-zh');

    // the shared rules refuse what the server refuses
    await name.fill('');
    await form.getByLabel('邮箱').fill('not-an-email');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await expect(form).toContainText('姓名不能为空');
    await expect(form).toContainText('邮箱格式不正确');

    await name.fill('机构管理员甲');
    await form.getByLabel('邮箱').fill('orgadmin.e2e@rehab.example');
    // a changed e-mail address needs the code sent to it: the code row appears, and the save waits for it
    await expect(page.getByTestId('profile-emailCode')).toBeVisible();
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await expect(form).toContainText('验证码不能为空');
    const before = lastCode('orgadmin.e2e@rehab.example', 'contact');
    await page.getByTestId('profile-emailCode-send').click();
    await expect(page.getByText('验证码已发送至 orgadmin.e2e@rehab.example')).toBeVisible();
    await expect(page.getByTestId('profile-emailCode-send')).toContainText(/\d+ 秒后重新发送/);
    await expect(page.getByTestId('profile-emailCode-send')).toBeDisabled();
    const code = await waitForCode('orgadmin.e2e@rehab.example', before, 'contact');
    // a wrong code is refused by the server when the field is left
    await page.getByTestId('profile-emailCode').fill(code === '000000' ? '111111' : '000000');
    await name.click();
    await expect(form).toContainText('验证码错误');
    await page.getByTestId('profile-emailCode').fill(code);
    await snap(page, 'my-center-code-zh');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('保存个人资料成功')).toBeVisible();
    // saved: the address is the account's now and needs no code any more
    await expect(page.getByTestId('profile-emailCode')).toHaveCount(0);
    await expect(page.getByTestId('user-block')).toContainText('机构管理员甲');
    await page.reload();
    await expect(page.getByTestId('profile-form').getByLabel('姓名')).toHaveValue('机构管理员甲');
    await expect(page.getByTestId('profile-summary')).toContainText('orgadmin.e2e@rehab.example');

    // restore
    await page.getByTestId('profile-form').getByLabel('姓名').fill('机构管理员');
    await page
      .getByTestId('profile-form')
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await expect(page.getByText('保存个人资料成功')).toBeVisible();
    await expect(page.getByTestId('user-block')).toContainText('机构管理员');

    await page.getByTestId('version-link').click();
    await expect(page.getByTestId('release-note')).not.toBeEmpty();
  });

  test('in English', async ({ page }) => {
    await useLocale(page, 'en');
    await seedSession(page, await signIn(DEMO.superAdmin));
    await page.goto('/my-center');
    await expect(page.getByTestId('profile-form').getByLabel('Name')).toHaveValue('系统管理员');
    await expect(page.getByTestId('profile-summary')).toContainText('Super administrator');
    await expect(page.getByTestId('profile-summary')).toContainText('Rehab Demonstration Hospital');
    await expect(page.getByTestId('version-link')).toContainText('Version 1.0.0');
    await snap(page, 'my-center-en');
  });

  test('password at risk: the warning leads to the password tab and goes away after the change', async ({ page }) => {
    const NEW = 'Osprey#2026';
    const session = await signIn(DEMO.orgAdmin);
    await openHome(page, { ...session, passwordAtRisk: true });
    await expect(page.getByTestId('password-risk')).toContainText('您的密码存在风险，请立即修改！');
    await snap(page, 'home-password-risk-zh');
    await page.getByRole('button', { name: '立即修改' }).click();
    await expect(page).toHaveURL(/\/my-center\?tab=password$/);
    const form = page.getByTestId('password-form');

    // client-side rules
    await form.getByLabel('原密码').fill(DEMO_PASSWORD);
    await form.getByLabel('新密码', { exact: true }).fill('short');
    await form.getByLabel('确认新密码').fill('other');
    await form.getByRole('button', { name: '确认修改' }).click();
    await expect(form).toContainText('密码长度');
    await expect(form).toContainText('两次输入的密码不一致');

    // the server refuses a common or leaked password, under the field (ASVS 2.1.7)
    await form.getByLabel('原密码').fill(DEMO_PASSWORD);
    await form.getByLabel('新密码', { exact: true }).fill('P@ssw0rd2026');
    await form.getByLabel('确认新密码').fill('P@ssw0rd2026');
    await form.getByRole('button', { name: '确认修改' }).click();
    await expect(form).toContainText('该密码过于常见');

    // the server refuses a wrong current password
    await form.getByLabel('原密码').fill('Wrong#2026x');
    await form.getByLabel('新密码', { exact: true }).fill(NEW);
    await form.getByLabel('确认新密码').fill(NEW);
    await form.getByRole('button', { name: '确认修改' }).click();
    await expect(form).toContainText('原密码错误');
    await snap(page, 'my-center-password-zh');
    await expect(page.getByTestId('password-risk')).toHaveCount(0); // on my-center, not home

    await form.getByLabel('原密码').fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: '确认修改' }).click();
    await expect(page.getByText('修改密码成功')).toBeVisible();
    await expect(form.getByLabel('原密码')).toHaveValue('');

    await page.locator('.shell-sider').getByRole('link', { name: '首页' }).click();
    await expect(page.getByTestId('home-cards')).toBeVisible();
    await expect(page.getByTestId('password-risk')).toHaveCount(0);

    // change it back (this also proves the new password is the current one)
    await page.goto('/my-center?tab=password');
    await form.getByLabel('原密码').fill(NEW);
    await form.getByLabel('新密码', { exact: true }).fill(DEMO_PASSWORD);
    await form.getByLabel('确认新密码').fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: '确认修改' }).click();
    await expect(page.getByText('修改密码成功')).toBeVisible();
  });
});

test.describe('session timeout (server with a 6 s idle limit)', () => {
  test.use({ baseURL: SHORT_IDLE_URL });
  const short = { baseURL: SHORT_IDLE_URL, dataDir: SHORT_IDLE_DATA };

  test('idle without keep-login: the dialog, and Close logs out', async ({ page }) => {
    await openHome(page, await signIn(DEMO.orgAdmin, short));
    // no mouse, no keys: a warning first (issue 21), then the dialog after the configured 6 s
    await expect(page.getByTestId('session-stay')).toBeVisible({ timeout: 15_000 });
    // the message names the configured limit (issue 22)
    await expect(page.getByTestId('session-timeout-message')).toHaveText('系统闲置超过 6 秒，请重新登录。', {
      timeout: 15_000,
    });
    await settled(page);
    await snap(page, 'idle-dialog-zh');
    await page.getByTestId('session-timeout-close').click();
    await expect(page).toHaveURL(/\/login\?.*redirect=%2Fhome/);
    expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();
    // the login page says why (issue 21)
    await expect(page.getByTestId('session-ended')).toContainText(/您已闲置 6 秒，系统于 \d{2}:\d{2} 自动退出/);
  });

  test('a warning before the idle limit: "stay signed in" keeps the session on the server (issue 21)', async ({
    page,
  }) => {
    const session = await signIn(DEMO.orgAdmin, short);
    await openHome(page, session);
    const stay = page.getByTestId('session-stay');
    await expect(stay).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('session-warning-message')).toContainText(/\d+ 秒后将自动退出登录/);
    await settled(page);
    await snap(page, 'idle-warning-zh');
    await stay.click();
    await expect(stay).toBeHidden();
    // the warning comes again a full period later: the timer started anew, and the server counted the activity
    await expect(stay).toBeVisible({ timeout: 15_000 });
    const info = await call<{ code: number }>(SHORT_IDLE_URL, 'GET', '/sys/user/info', { token: session.token });
    expect(info.code).toBe(0);
    await expect(page.getByTestId('session-timeout-message')).toHaveCount(0);
  });

  test('activity keeps the session: no dialog while the mouse moves', async ({ page }) => {
    await openHome(page, await signIn(DEMO.orgAdmin, short));
    for (let i = 0; i < 8; i++) {
      await page.mouse.move(200 + i * 10, 300);
      await page.waitForTimeout(1000);
    }
    await expect(page.getByTestId('session-timeout-message')).toHaveCount(0);
  });

  test('keep-login on: no dialog and the server keeps the session', async ({ page }) => {
    test.setTimeout(60_000);
    const first = await signIn(DEMO.superAdmin, short);
    const on = await call(SHORT_IDLE_URL, 'PUT', '/sys/user/updatePersonalInfo', {
      token: first.token,
      data: { keepLogin: 1 },
    });
    expect(on.code, on.msg).toBe(0);
    try {
      const session = await signIn(DEMO.superAdmin, short);
      expect(session.user.keepLogin).toBe(true);
      await openHome(page, session);
      await page.waitForTimeout(9000);
      await expect(page.getByTestId('session-timeout-message')).toHaveCount(0);
      await page.reload();
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByTestId('home-card-unreadMessages-count')).toHaveText('0');
    } finally {
      const again = await signIn(DEMO.superAdmin, short);
      await call(SHORT_IDLE_URL, 'PUT', '/sys/user/updatePersonalInfo', { token: again.token, data: { keepLogin: 0 } });
    }
  });
});
