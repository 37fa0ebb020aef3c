import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  ARTIFACTS,
  DEMO,
  DEMO_PASSWORD,
  LOGIN_ANYWAY,
  openWithSession,
  signInAdminSession,
  snap,
  useLocale,
  type Json,
} from './fixtures';

/*
 * Accessibility (issue 24, WCAG 2.1 AA / GB/T 37668-2019): axe-core's WCAG 2.1 A and AA rules on every menu screen
 * the super administrator can open, in Chinese and English at 1366x768 (the config's viewport). One sign-in per
 * language; the screens come from the menu tree the sidebar draws (/sys/menu/nav). A serious or critical violation
 * fails; the summary per rule (rule -> elements, screens) is written to artifacts/a11y-<language>.json to read.
 */

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

type MenuNode = { url: string | null; type: number; list?: MenuNode[] };

/** The screens of the sidebar: menus (type 1) with an address inside the app, once each, in menu order. */
function menuScreens(nodes: readonly MenuNode[]): string[] {
  const urls = nodes.flatMap((n): string[] => [
    ...(n.type === 1 && n.url && !/^https?:/i.test(n.url) ? [`/${n.url.replace(/^\/+/, '')}`] : []),
    ...menuScreens(n.list ?? []),
  ]);
  return [...new Set(urls)];
}

/** Waits until the screen has drawn its data: no spinner, no loading skeleton, no table still loading. */
async function settled(page: Page) {
  await expect(page.locator('#root')).not.toBeEmpty();
  await expect
    .poll(() => page.locator('.ant-spin-spinning, .ant-skeleton-active, .ant-table-placeholder .ant-spin').count(), {
      timeout: 15_000,
    })
    .toBe(0);
  // entering animations (fades, zooms) would be read mid-way by the contrast rule
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

type Finding = { rule: string; impact: string; help: string; screen: string; targets: string[] };

/** axe's WCAG 2.1 A/AA findings on the current screen (every impact; the caller decides what blocks). */
async function audit(page: Page, screen: string): Promise<Finding[]> {
  const result = await new AxeBuilder({ page })
    .withTags(WCAG_21_AA)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return result.violations.map((v) => ({
    rule: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    screen,
    targets: v.nodes.map((n) => {
      // the colours of a contrast finding, to find the token behind it
      const data = n.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
      const colours = data?.fgColor ? ` [${data.fgColor} on ${data.bgColor} ${data.contrastRatio}]` : '';
      return `${n.target.join(' ')}${colours || ` ${n.html.slice(0, 160)}`}`;
    }),
  }));
}

/** The summary per rule: elements, screens and a few sample elements, worst first. */
function summarize(findings: readonly Finding[]) {
  const byRule = new Map<
    string,
    { impact: string; help: string; elements: number; screens: string[]; samples: string[] }
  >();
  for (const f of findings) {
    const row = byRule.get(f.rule) ?? { impact: f.impact, help: f.help, elements: 0, screens: [], samples: [] };
    row.elements += f.targets.length;
    if (!row.screens.includes(f.screen)) row.screens.push(f.screen);
    for (const t of f.targets) if (row.samples.length < 40) row.samples.push(`${f.screen} ${t}`);
    byRule.set(f.rule, row);
  }
  return Object.fromEntries([...byRule].sort((a, b) => b[1].elements - a[1].elements));
}

for (const locale of ['zh-cn', 'en'] as const) {
  test(`every menu screen meets WCAG 2.1 AA in ${locale}`, async ({ page }) => {
    // the audit of every screen runs with A11Y_AUDIT=1 until the violations still listed in docs/decisions.md
    // (issue 24) are fixed; the login page and the keyboard flow below run in every suite
    test.skip(!process.env.A11Y_AUDIT, 'A11Y_AUDIT=1 audits every menu screen');
    // about 3 minutes on an idle machine; A11Y_TIMEOUT gives a loaded one (axe is CPU-bound) more
    test.setTimeout(Number(process.env.A11Y_TIMEOUT ?? 180_000));
    const session: Json = await signInAdminSession(DEMO.superAdmin);
    const screens = menuScreens(session.menuList as MenuNode[]);
    expect(screens.length).toBeGreaterThan(20);

    const findings: Finding[] = [];
    await openWithSession(page, session, screens[0]!, locale);
    for (const screen of screens) {
      const t0 = Date.now();
      // the app's own navigation (as a sidebar link does), not a reload of the whole app per screen
      if (page.url() !== new URL(screen, page.url()).href) {
        await page.evaluate((url) => {
          window.history.pushState(null, '', url);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, screen);
      }
      await settled(page);
      const t1 = Date.now();
      findings.push(...(await audit(page, screen)));
      if (screen === screens[0]) await snap(page, `a11y-${locale}-${screen.replaceAll('/', '_')}`);
      if (process.env.A11Y_TRACE) console.log(screen, t1 - t0, Date.now() - t1);
      // written after every screen, so that a run stopped half-way still leaves what it found
      fs.writeFileSync(
        path.join(ARTIFACTS, `a11y-${locale}.json`),
        JSON.stringify({ screens, rules: summarize(findings) }, null, 2),
      );
    }

    const blocking = findings.filter((f) => BLOCKING.has(f.impact));
    expect(
      blocking.map((f) => `${f.screen}: ${f.rule} (${f.impact}) ${f.targets.slice(0, 3).join(', ')}`),
      'serious or critical WCAG 2.1 AA violations',
    ).toEqual([]);
  });
}

/** Presses Tab (Shift+Tab backwards) until `target` has the focus, at most `limit` times: the keyboard's way there. */
async function tabTo(page: Page, target: Locator, { limit = 60, back = false } = {}) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `not reached with the Tab key in ${limit} presses`).toBeFocused({ timeout: 1 });
}

/** The focused element, or the field frame around it (an input's affix wrapper), shows a focus ring. */
async function expectFocusRing(page: Page) {
  const ring = await page.evaluate(() => {
    const shows = (el: Element) => {
      const style = getComputedStyle(el);
      return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
    };
    const focused = document.activeElement!;
    const frame = [focused, focused.parentElement, focused.parentElement?.parentElement];
    return frame.some((el) => el && (el === focused || el.matches(':focus-within')) && shows(el));
  });
  expect(ring, 'the focused element shows a focus ring').toBe(true);
}

test('keyboard only: sign in, choose the organization, skip to the content, open the patient list and a patient', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await useLocale(page, 'zh-cn');
  await page.goto('/login?loginRoleType=2');
  // the sign-in screen meets the same rules (its own styles, not the theme's)
  const login = await audit(page, '/login');
  expect(login.filter((f) => BLOCKING.has(f.impact)).map((f) => `${f.rule} ${f.targets[0]}`)).toEqual([]);

  const account = page.getByLabel(/^(账号|Account)$/);
  await tabTo(page, account);
  await expectFocusRing(page);
  await page.keyboard.type(DEMO.superAdmin);
  await tabTo(page, page.getByLabel(/^(密码|Password)$/));
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  const anyway = page.getByRole('button', { name: LOGIN_ANYWAY });
  await expect(page.getByRole('heading', { name: '选择机构' }).or(anyway)).toBeVisible({ timeout: 20_000 });
  if (await anyway.isVisible()) {
    await tabTo(page, anyway);
    await page.keyboard.press('Enter');
  }

  // the super administrator chooses: the organization card, then a department in the dialog, all by keyboard
  const hospital = page.getByRole('button', { name: /康复示范医院/ });
  await tabTo(page, hospital);
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  const room = dialog.getByRole('radio').first();
  await tabTo(page, room);
  await page.keyboard.press('Space');
  await expect(room).toHaveAttribute('aria-checked', 'true');
  await tabTo(page, dialog.getByRole('button', { name: /^(进\s?入|Enter)$/ }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/home$/);

  // the first Tab stop of the shell is the skip link; it moves the focus to the content
  const skip = page.getByRole('link', { name: '跳到主要内容' });
  await tabTo(page, skip, { limit: 3 });
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main-content')).toBeFocused();

  // from the content, the home shortcut to the patient list, then the first patient of the list
  await tabTo(page, page.locator('main a[href="/patient/manage"]').first());
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/patient\/manage$/);
  await settled(page);
  const firstPatient = page.locator('main [data-testid="patient-link"]').first();
  await tabTo(page, firstPatient, { limit: 120 });
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/patient\/detail\//);
});
