import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Rehab@2026';
export const DEMO = {
  superAdmin: '13800000001',
  orgAdmin: '13800000019',
  doctor: '13800000011',
  therapist: '13800000010',
  therapist2: '13800000020',
} as const;

const root = path.resolve(import.meta.dirname, '../../..');
export const ARTIFACTS = path.join(root, 'packages/e2e/artifacts');
fs.mkdirSync(ARTIFACTS, { recursive: true });

/** The newest demo-mode verification code the server wrote for an address. */
export function lastCode(address: string, purpose: 'login' | 'reset' = 'login', dataDir = 'main'): string | undefined {
  const file = path.join(root, '.tmp/e2e', dataDir, 'verification-codes.log');
  if (!fs.existsSync(file)) return undefined;
  const lines = fs.readFileSync(file, 'utf8').trim().split('\n').reverse();
  const hit = lines.find((l) => {
    const [, p, a] = l.split(' ');
    return p === purpose && a === address.toLowerCase();
  });
  return hit?.split(' ')[3];
}

/** Waits for a code newer than `before` to appear. */
export async function waitForCode(
  address: string,
  before: string | undefined,
  purpose: 'login' | 'reset' = 'login',
  dataDir = 'main',
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

/** Saves a screenshot as a test artifact (packages/e2e/artifacts/NAME.png) to be looked at. */
export async function snap(page: Page, name: string) {
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
