import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ARTIFACTS, DEMO, openWithSession, signInAdminSession, type Json } from './fixtures';

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
