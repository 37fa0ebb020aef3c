import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, request as playwrightRequest, type Locator, type Page } from '@playwright/test';
import { BASE_URL, MAIN_DATA } from './servers';

/** What a page reports on the console when the Content-Security-Policy refused something (the init script below). */
const CSP_MARK = '[csp-violation]';
/** The Content-Security-Policy violations of the current test's pages, in every browser context. */
const cspViolations: string[] = [];

/**
 * The specs' `test`: every browser context (the test's own and those a spec opens with browser.newContext) reports
 * `securitypolicyviolation` events, and a test whose pages had one fails.
 */
export const test = base.extend<{ cspGuard: void }, { cspWatch: void }>({
  cspWatch: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        await context.addInitScript((mark) => {
          document.addEventListener('securitypolicyviolation', (e) =>
            console.error(
              `${mark} ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`,
            ),
          );
        }, CSP_MARK);
        context.on('console', (m) => {
          if (m.text().startsWith(CSP_MARK)) cspViolations.push(`${m.text()} (page ${m.page()?.url()})`);
        });
        return context;
      };
      await use();
      browser.newContext = newContext;
    },
    { scope: 'worker', auto: true },
  ],
  cspGuard: [
    async ({ cspWatch }, use) => {
      void cspWatch;
      cspViolations.length = 0;
      await use();
      expect(cspViolations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Which run of the current test this is on its worker's data: 0 the first; a retry (CI retries once, and a serial
 * group runs again whole) or a repeat (--repeat-each) runs on the data the earlier run left. A spec that makes a
 * named thing, or closes what can be closed once, suffixes or picks by this, so its second run starts clean.
 */
export const attempt = () => test.info().retry + test.info().repeatEachIndex;
/** The attempt as a name suffix: nothing on the first run, " 2" on the second, and so on. */
export const attemptSuffix = (separator = ' ') => (attempt() ? `${separator}${attempt() + 1}` : '');

export const DEMO_PASSWORD = 'Rehab@2026';
export const DEMO = {
  superAdmin: '13800000001',
  orgAdmin: '13800000019',
  doctor: '13800000011',
  therapist: '13800000010',
  therapist2: '13800000020',
  cashier: '13800000013',
  finance: '13800000014',
  /** the community centre's doctor, the remote-consultation expert (issue 17) */
  expert: '13800000021',
} as const;

const root = path.resolve(import.meta.dirname, '../../..');
export const ARTIFACTS = path.join(root, 'packages/e2e/artifacts');
fs.mkdirSync(ARTIFACTS, { recursive: true });

/**
 * The newest demo-mode verification code the server wrote for an address. `contact` matches the codes of any
 * user's address change (`contact:<userId>`).
 */
export function lastCode(
  address: string,
  purpose: 'login' | 'reset' | 'contact' = 'login',
  dataDir = MAIN_DATA,
): string | undefined {
  const file = path.join(root, '.tmp/e2e', dataDir, 'verification-codes.log');
  if (!fs.existsSync(file)) return undefined;
  const lines = fs.readFileSync(file, 'utf8').trim().split('\n').reverse();
  const hit = lines.find((l) => {
    const [, p, a] = l.split(' ');
    return (p === purpose || p?.startsWith(`${purpose}:`)) && a?.toLowerCase() === address.toLowerCase();
  });
  return hit?.split(' ')[3];
}

/** Waits for a code newer than `before` to appear. */
export async function waitForCode(
  address: string,
  before: string | undefined,
  purpose: 'login' | 'reset' | 'contact' = 'login',
  dataDir = MAIN_DATA,
) {
  let code: string | undefined;
  await expect
    .poll(() => {
      code = lastCode(address, purpose, dataDir);
      return code !== undefined && code !== before;
    })
    .toBe(true);
  return code!;
}

/**
 * Saves a screenshot as a test artifact (packages/e2e/artifacts/NAME.png) to be looked at, when asked for
 * (`E2E_SNAPS=1`): a full-page photograph costs the browser about 1.4 s of CPU, and a run that nobody looks at (CI)
 * would spend minutes on them. A failing test is photographed by Playwright whatever this says.
 */
export async function snap(page: Page, name: string) {
  if (process.env.E2E_SNAPS !== '1') return;
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** Sets the saved language before the app loads (the user-locale preference: zh-cn or en). */
export async function useLocale(page: Page, locale: 'zh-cn' | 'en') {
  await page.addInitScript((value) => {
    if (!localStorage.getItem('user-locale')) localStorage.setItem('user-locale', JSON.stringify(value));
  }, locale);
}

/** The login form's submit button (located by type: its name is "登 录" / "Sign in" by language). */
export const submitButton = (page: Page) => page.locator('form button[type="submit"]');
export const LOGIN_ANYWAY = /仍然登录|Log in anyway/;

/** Clicks sign-in, confirms the signed-in-elsewhere dialog if it shows, and waits for the page to leave /login. */
export async function submitLogin(page: Page) {
  await submitButton(page).click();
  const anyway = page.getByRole('button', { name: LOGIN_ANYWAY });
  const left = /\/(organization\/checkout|home)$/;
  const outcome = await Promise.race([
    expect(page)
      .toHaveURL(left, { timeout: 20_000 })
      .then(() => 'left' as const),
    anyway.waitFor({ timeout: 20_000 }).then(() => 'asked' as const),
  ]).catch(() => 'left' as const);
  if (outcome === 'asked') await anyway.click();
  await expect(page).toHaveURL(left, { timeout: 20_000 });
}

export { BASE_URL };

export type Json = Record<string, any>;

/** One API call to the main server, with a token and an answer language (`en`, `zh-CN`) when given. */
export async function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  options: { token?: string; data?: unknown; lang?: string } = {},
): Promise<Json> {
  const ctx = await playwrightRequest.newContext({ baseURL: BASE_URL });
  try {
    const res = await ctx.fetch(`/api${url}`, {
      method,
      headers: {
        ...(options.token ? { token: options.token } : {}),
        ...(options.lang ? { language: options.lang } : {}),
      },
      data: options.data,
    });
    return (await res.json()) as Json;
  } finally {
    await ctx.dispose();
  }
}

/**
 * The browser session (lib/session.ts) of a signed-in token, to seed with `openWithSession`: the token chooses an
 * organization as the checkout screen would (the first one offered and its first department, or the given one).
 */
export async function sessionFor(
  token: string,
  options: { organizationId?: number; isFirst?: boolean } = {},
): Promise<Json> {
  let query = `id=${options.organizationId}`;
  if (options.organizationId === undefined) {
    const orgs = await call('GET', '/sys/organization/chooseOrganizationList?page=1&limit=10', { token });
    const org = orgs.data.list[0];
    const office = org.offices[0]?.id;
    query = `id=${org.id}${office ? `&officeId=${office}` : ''}`;
  }
  const chosen = await call('GET', `/sys/organization/chooseOrganization?${query}`, { token });
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
    // true when the screen is the first after signing in (the post clock-in dialog opens by itself)
    isFirst: options.isFirst ?? false,
  };
}

/** Signs an administrator in through the API (password only, login role type 2) and answers its browser session. */
export async function signInAdminSession(account: string): Promise<Json> {
  const login = await call('POST', '/sys/login', {
    data: { account, password: DEMO_PASSWORD, loginRoleType: 2, isLogin: 1, rememberMe: 1 },
  });
  expect(login.code, login.msg).toBe(0);
  return sessionFor(login.token as string);
}

/**
 * Signs a staff account in through the API with the medical-staff login and the demo-mode code, retrying while the
 * one-code-a-minute cooldown lasts (another spec may just have signed the account in); answers the token.
 */
export async function staffLoginToken(account: string, password = DEMO_PASSWORD): Promise<string> {
  let login: Json = {};
  await expect(async () => {
    const before = lastCode(account);
    const sent = await call('POST', '/sys/sendLoginVerificationCode', { data: { type: 2, address: account } });
    expect(sent.code, sent.msg).toBe(0);
    await expect.poll(() => lastCode(account) !== undefined && lastCode(account) !== before).toBe(true);
    login = await call('POST', '/sys/login', {
      data: { account, password, loginRoleType: 1, verificationCode: lastCode(account), isLogin: 1, rememberMe: 0 },
    });
    expect(login.code, login.msg).toBe(0);
  }).toPass({ timeout: 90_000, intervals: [5_000] });
  return login.token as string;
}

/** A staff account's browser session: `staffLoginToken`, then `sessionFor`. */
export async function signInStaffSession(
  account: string,
  options: { organizationId?: number; isFirst?: boolean; password?: string } = {},
): Promise<Json> {
  return sessionFor(await staffLoginToken(account, options.password), options);
}

/** Opens a screen with a seeded session (once per tab, so the app's own later changes stand) in a language. */
export async function openWithSession(page: Page, session: Json, url: string, locale: 'zh-cn' | 'en') {
  await useLocale(page, locale);
  await page.addInitScript((value) => {
    if (sessionStorage.getItem('e2e-seeded')) return;
    localStorage.setItem('session', value);
    sessionStorage.setItem('e2e-seeded', '1');
  }, JSON.stringify(session));
  await page.goto(url);
}

/** An open Select list (not one hidden or still fading out after an earlier pick). */
const OPEN_SELECT_LIST = '.ant-select-dropdown:not(.ant-select-dropdown-hidden):not([class*="-leave"])';

export type PickOptions = {
  /** text typed into a searchable Select before choosing */
  search?: string;
  /** a further check that the pick registered (a form value it fills, a row it adds); it throws when not */
  confirm?: () => Promise<unknown>;
  /** how many times the list is opened and the option chosen before giving up (default 4) */
  attempts?: number;
  /** false for a Select that empties itself after a pick (an "add" picker): only `confirm` tells that it registered */
  showsPick?: boolean;
};

/**
 * Picks an option of an Ant Design Select (`select` is its root, the element carrying its data-testid) and makes sure
 * the pick registered: the Select shows the option's label (and `confirm` passes). A click on the first opening of a
 * list can land while the list is still animating in and be lost; then the list is opened again (only when it is
 * closed: clicking an open Select would close it) and the option chosen again, a bounded number of times. The option
 * is looked up in this Select's own list (the input's aria-controls), never in another list fading out; when it
 * cannot be clicked (not rendered in a long virtual list, out of reach on a scrolled screen) the arrow keys move the
 * active option to it and Enter takes it. A multiple Select's list stays open after the pick.
 */
export async function pickOption(page: Page, select: Locator, option: string | RegExp, options: PickOptions = {}) {
  const { search, confirm, attempts = 4, showsPick = true } = options;
  const matches = (text: string | null) =>
    typeof option === 'string' ? (text ?? '').includes(option) : option.test((text ?? '').trim());
  // the Select's own text: the chosen label(s), or its placeholder while nothing is chosen. Every wait here is bounded:
  // a Select that is not on the screen (a dialog that did not open) fails the pick with that reason, where an
  // unbounded wait inside the retries below would end only with the test's timeout, and say nothing of where
  const shown = async () =>
    (await select.locator('.ant-select-placeholder').count()) === 0 &&
    matches(await select.textContent({ timeout: 10_000 }));
  const registered = async () =>
    (!showsPick || (await shown())) &&
    (confirm
      ? await confirm().then(
          () => true,
          () => false,
        )
      : true);
  const input = select.getByRole('combobox');
  let last = '';
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (attempt === 1 && showsPick && !search && (await registered())) return;
    if (attempt > 1 && (await registered())) return;
    try {
      if ((await input.getAttribute('aria-expanded', { timeout: 5_000 })) !== 'true')
        await select.click({ timeout: 10_000 });
      await expect(input).toHaveAttribute('aria-controls', /_list$/, { timeout: 5_000 });
      const listId = (await input.getAttribute('aria-controls'))!;
      const list = page.locator(OPEN_SELECT_LIST).filter({ has: page.locator(`[id="${listId}"]`) });
      if (search !== undefined) await input.fill(search);
      const item = list.locator('.ant-select-item-option', { hasText: option }).first();
      const clicked = await item
        .click({ timeout: 3_000 })
        .then(() => true)
        .catch(() => false);
      if (!clicked) {
        const active = list.locator('.ant-select-item-option-active');
        for (let i = 0; i < 40; i++) {
          if (matches(await active.textContent({ timeout: 1_000 }).catch(() => ''))) break;
          await page.keyboard.press('ArrowDown');
        }
        await page.keyboard.press('Enter');
      }
      await expect.poll(registered, { timeout: 3_000 }).toBe(true);
      return;
    } catch (error) {
      last = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    }
  }
  throw new Error(`the Select did not take ${String(option)} after ${attempts} attempts: ${last}`);
}

/**
 * Clicks a dialog's OK button until the dialog has closed: a click lost as the dialog came in is clicked again, and a
 * click on the button while it is saving does nothing.
 */
export async function clickUntilClosed(ok: Locator) {
  // open first: a dialog still mounting is not yet "closed"
  await expect(ok).toBeVisible();
  await expect(async () => {
    if (await ok.isVisible()) await ok.click({ timeout: 5_000 });
    await expect(ok).toBeHidden({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Opens a confirmation (a bubble or a dialog) with `trigger` and presses its `ok` until `done` shows: about once in a
 * full run on two busy cores, a click on an overlay's button as it came in did nothing (the overlay stayed open, or
 * closed with nothing done). Each round first looks for `done`, so an action that went through is not repeated; one
 * pressed twice reaches the server with its second press refused, as a person's double submit would.
 */
export async function confirmUntil(trigger: Locator, ok: Locator, done: Locator) {
  await expect(async () => {
    if (await done.isVisible()) return;
    if (!(await ok.isVisible())) await trigger.click({ timeout: 5_000 });
    await ok.click({ timeout: 5_000 });
    await expect(done).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
}

/** Fills a text field and checks it holds the value, filling again (a bounded number of times) when it does not. */
export async function fillField(field: Locator, value: string, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    await field.fill(value);
    const held = await expect(field)
      .toHaveValue(value, { timeout: 2_000 })
      .then(() => true)
      .catch(() => false);
    if (held) return;
    if (attempt >= attempts) await expect(field).toHaveValue(value, { timeout: 1 });
  }
}

/** A valid identity number from its first 17 digits (weighted sum mod 11). */
export function idNumber(first17: string) {
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((s, d, i) => s + Number(d) * w[i]!, 0);
  return first17 + '10X98765432'[sum % 11];
}

/**
 * Registers a new outpatient through the API (a demo disease and function, the second department) and prescribes one
 * 运动疗法 project for the therapist: `times` sessions, `frequency` a day. Answers the registration (patientId,
 * treatmentId).
 */
export async function outpatientWithProject(
  token: string,
  p: {
    name: string;
    idNumber: string;
    phone: string;
    outpatientNo: string;
    therapistId: number;
    times: number;
    frequency: string;
  },
): Promise<{ patientId: number; treatmentId: number }> {
  const disease = await call('POST', '/sys/diseases/getDiseaseList', { token, data: { keyword: 'ngs' } });
  const fn = await call('POST', '/sys/functioning/getFunctioningList', { token, data: { keyword: '偏瘫' } });
  const staff = await call('GET', '/sys/patient/staff', { token });
  const office = staff.data.offices[1].id;
  const reg = await call('POST', '/sys/patient/saveOutPatient', {
    token,
    data: {
      patientType: 1,
      name: p.name,
      idNumber: p.idNumber,
      phone: p.phone,
      diseaseId: disease.data[0].id,
      functioningId: fn.data[0].id,
      officeId: office,
      outpatientNo: p.outpatientNo,
    },
  });
  expect(reg.code, reg.msg).toBe(0);
  const rx = await call('POST', '/sys/treatment/savRecipe', {
    token,
    data: {
      treatmentId: reg.data.treatmentId,
      projects: [
        {
          name: '运动疗法',
          execOfficeId: office,
          therapistId: p.therapistId,
          quantity: 1,
          unitName: '次',
          times: p.times,
          duration: 30,
          frequency: p.frequency,
          unitPrice: 40,
        },
      ],
    },
  });
  expect(rx.code, rx.msg).toBe(0);
  return reg.data as { patientId: number; treatmentId: number };
}
