import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { test, ARTIFACTS, DEMO, openWithSession, signInAdminSession, snap, type Json } from './fixtures';

/*
 * Accessibility (issue 24, WCAG 2.1 AA / GB/T 37668-2019) and the layout points of issue 21, in one visit of every
 * menu screen the super administrator can open (the menu tree the sidebar draws, /sys/menu/nav), each screen in one
 * of the two languages (alternating in menu order), one test per
 * language so that two workers can run them side by side. Per screen, at 1366x768: axe-core's WCAG 2.1 A and AA rules
 * (the whole page on the first screen, the content region after it: the shell around it does not change), then the
 * layout checks; then the same layout checks at 1920x1080 (a resize, not a second visit). A serious or critical axe
 * violation fails; a layout finding fails unless LAYOUT_ALLOWED lists it. Every finding and the time taken are written
 * to artifacts/a11y-<language>.json.
 */

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);
const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

type LayoutKind = 'page-overflow' | 'header-cut' | 'chinese-header' | 'chinese-menu';
/** A layout finding: `text` is the viewport width (page overflow), the column header or the menu label. */
type LayoutFinding = { screen: string; kind: LayoutKind; text: string };

/*
 * Layout findings of issue 21 being fixed on another branch: known, so they do not fail this spec; a new one does.
 * Remove an entry when its fix lands (the spec lists entries no longer found, see `stale` in the artifact).
 */
const LAYOUT_ALLOWED: readonly LayoutFinding[] = [
  // the schedule table's columns are the therapists of the demo, whose names exist in Chinese only (issue 21, 9:
  // staff and demo data in both languages)
  { screen: '/scheduling/scheduleTable', kind: 'chinese-header', text: '刘治疗师' },
  { screen: '/scheduling/scheduleTable', kind: 'chinese-header', text: '李治疗师' },
  { screen: '/scheduling/scheduleTable', kind: 'chinese-header', text: '陈治疗师' },
];

const layoutKey = (f: LayoutFinding) => `${f.screen} ${f.kind} ${f.text}`;

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

/**
 * Moves to a screen with the app's own navigation (as a sidebar link does, no reload) and waits until the shell shows
 * it: the content region names the address it draws and is no longer busy loading the screen's code.
 */
async function navigate(page: Page, screen: string) {
  if (page.url() !== new URL(screen, page.url()).href) {
    await page.evaluate((url) => {
      window.history.pushState(null, '', url);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, screen);
  }
  // a few menu screens (the schedule view, the big screen) have no shell: then their own content is the sign
  await page.waitForFunction(() => {
    const main = document.getElementById('main-content');
    if (!main) return document.querySelector('#root > *') !== null;
    return main.dataset.path === window.location.pathname && main.getAttribute('aria-busy') !== 'true';
  });
  await settled(page);
  return (await page.locator('#main-content').count()) > 0;
}

type Finding = { rule: string; impact: string; help: string; screen: string; targets: string[] };

/** axe's WCAG 2.1 A/AA findings on the current screen (every impact; the caller decides what blocks). */
async function audit(page: Page, screen: string, include?: string): Promise<Finding[]> {
  const builder = new AxeBuilder({ page }).withTags(WCAG_21_AA).options({ resultTypes: ['violations'] });
  if (include) builder.include(include);
  const result = await builder.analyze();
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

/**
 * Issue 21's layout points on the current screen: the page scrolls sideways; a column header is cut (its text wider
 * than its cell, or the cell outside the table's visible area while the table does not scroll sideways on purpose);
 * in English, Chinese text in a column header or a sidebar label.
 */
async function layoutFindings(page: Page, screen: string, english: boolean): Promise<LayoutFinding[]> {
  const found = await page.evaluate((english) => {
    const out: { kind: string; text: string }[] = [];
    const han = /[\u4e00-\u9fff]/;
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) out.push({ kind: 'page-overflow', text: String(window.innerWidth) });
    const tables = document.getElementById('main-content')
      ? 'main .ant-table-thead > tr > th'
      : '.ant-table-thead > tr > th';
    for (const th of Array.from(document.querySelectorAll<HTMLElement>(tables))) {
      const text = (th.textContent ?? '').trim();
      if (!text || th.offsetParent === null) continue;
      const title = th.querySelector<HTMLElement>('.ant-table-column-title');
      // a table given a scroll width (scroll.x) scrolls sideways on purpose: its columns are reached by scrolling
      const scrolls = th.closest('.ant-table-scroll-horizontal') !== null;
      const frame = th.closest('.ant-table-container')?.getBoundingClientRect();
      const right = th.getBoundingClientRect().right;
      const outside = frame && !scrolls && (right > frame.right + 1 || right > root.clientWidth + 1);
      // the text's own box, not the cell's scrollWidth: a fixed column's shadow (a pseudo element beside the cell)
      // counts in scrollWidth
      const range = document.createRange();
      range.selectNodeContents(th);
      const textRight = range.getBoundingClientRect().right;
      const cellRight = th.getBoundingClientRect().right;
      if (textRight > cellRight + 1 || (title && title.scrollWidth > title.clientWidth + 1) || outside)
        out.push({ kind: 'header-cut', text });
      if (english && han.test(text)) out.push({ kind: 'chinese-header', text });
    }
    if (english)
      for (const label of Array.from(document.querySelectorAll('.shell-sider .ant-menu-title-content'))) {
        const text = (label.textContent ?? '').trim();
        if (han.test(text)) out.push({ kind: 'chinese-menu', text });
      }
    return out;
  }, english);
  return found.map((f) => ({
    screen: f.kind === 'chinese-menu' ? '(sidebar)' : screen,
    kind: f.kind as LayoutKind,
    text: f.text,
  }));
}

/**
 * Opens a dialog with its button, audits the dialog alone (the screen under it was audited already) and closes it
 * with Escape, as a keyboard user would.
 */
async function auditDialog(page: Page, opener: string, name: string): Promise<Finding[]> {
  await page.getByTestId(opener).click();
  const dialog = page.locator('.ant-modal-wrap:not([style*="display: none"]) .ant-modal').last();
  await expect(dialog).toBeVisible();
  await settled(page);
  const found = await audit(page, `dialog: ${name}`, '.ant-modal-wrap:not([style*="display: none"])');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  return found;
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

test.describe.configure({ mode: 'parallel' });

for (const locale of ['zh-cn', 'en'] as const) {
  test(`every menu screen meets WCAG 2.1 AA and issue 21's layout points in ${locale}`, async ({ page }) => {
    // about 3 minutes on an idle machine and 6 to 7 beside the other worker's specs on two cores (axe is CPU-bound);
    // A11Y_TIMEOUT gives a slower machine more
    test.setTimeout(Number(process.env.A11Y_TIMEOUT ?? 900_000));
    const started = Date.now();
    const session: Json = await signInAdminSession(DEMO.superAdmin);
    const allScreens = menuScreens(session.menuList as MenuNode[]);
    expect(allScreens.length).toBeGreaterThan(20);
    // each screen once, in one of the two languages (alternating in menu order): two full sweeps took 11.6 min each
    // side by side on two cores, half the browser phase's budget; the dialogs below are audited in both
    const screens = allScreens.filter((_, i) => i % 2 === (locale === 'zh-cn' ? 0 : 1));

    const findings: Finding[] = [];
    const layout = new Map<string, LayoutFinding & { viewports: number[] }>();
    const timing = { navigation: 0, axe: 0, layout: 0, dialogs: 0 };
    await page.setViewportSize(VIEWPORTS[0]);
    await openWithSession(page, session, screens[0]!, locale);
    // colour transitions (a button enabled as its rows arrive) are not animations the settled check can wait for
    // once they have ended, and the contrast rule would read them mid-way: the sweep reads the final colours
    await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
    for (const screen of screens) {
      let t = Date.now();
      if (page.viewportSize()?.width !== VIEWPORTS[0].width) await page.setViewportSize(VIEWPORTS[0]);
      const inShell = await navigate(page, screen);
      timing.navigation += Date.now() - t;
      t = Date.now();
      findings.push(...(await audit(page, screen, inShell && screen !== screens[0] ? '#main-content' : undefined)));
      timing.axe += Date.now() - t;
      t = Date.now();
      for (const viewport of VIEWPORTS) {
        if (viewport !== VIEWPORTS[0]) {
          await page.setViewportSize(viewport);
          await settled(page);
        }
        for (const f of await layoutFindings(page, screen, locale === 'en')) {
          const row = layout.get(layoutKey(f)) ?? { ...f, viewports: [] };
          row.viewports.push(viewport.width);
          layout.set(layoutKey(f), row);
        }
      }
      timing.layout += Date.now() - t;
      if (screen === screens[0]) await snap(page, `a11y-${locale}-${screen.replaceAll('/', '_')}`);
    }

    const allowed = new Set(LAYOUT_ALLOWED.map(layoutKey));
    const unexpected = () => [...layout.values()].filter((f) => !allowed.has(layoutKey(f)));
    // written after the menu screens and again at the end, so that a run stopped in the dialogs keeps what it found
    const writeArtifact = () =>
      fs.writeFileSync(
        path.join(ARTIFACTS, `a11y-${locale}.json`),
        JSON.stringify(
          {
            seconds: { total: (Date.now() - started) / 1000, ...mapValues(timing, (ms) => ms / 1000) },
            screens,
            rules: summarize(findings),
            layout: [...layout.values()],
            stale: LAYOUT_ALLOWED.filter((f) => !layout.has(layoutKey(f))).map(layoutKey),
          },
          null,
          2,
        ),
      );
    writeArtifact();

    // the main dialogs of the day: register a patient and add a user on their list screens, a patient's
    // prescription and new assessment from the first patient of the list, and composing a message
    const dialogsStarted = Date.now();
    await page.setViewportSize(VIEWPORTS[0]);
    await navigate(page, '/patient/manage');
    findings.push(...(await auditDialog(page, 'patient-register', 'register patient')));
    await page.locator('main [data-testid="patient-link"]').first().click();
    await expect(page).toHaveURL(/\/patient\/detail\//);
    await settled(page);
    findings.push(...(await auditDialog(page, 'prescribe', 'prescribe')));
    await page.getByTestId('open-assessments').click();
    await expect(page).toHaveURL(/\/patient\/assess-project\//);
    await settled(page);
    findings.push(...(await auditDialog(page, 'assess-add', 'new assessment')));
    await navigate(page, '/maintainSystem/user');
    findings.push(...(await auditDialog(page, 'user-add', 'add user')));
    // composing a message is a screen of its own, opened from the message list (not a menu)
    await navigate(page, '/email/send-news');
    findings.push(...(await audit(page, '/email/send-news', '#main-content')));
    timing.dialogs = Date.now() - dialogsStarted;
    writeArtifact();

    const blocking = findings.filter((f) => BLOCKING.has(f.impact));
    expect(
      blocking.map((f) => `${f.screen}: ${f.rule} (${f.impact}) ${f.targets.slice(0, 3).join(', ')}`),
      'serious or critical WCAG 2.1 AA violations',
    ).toEqual([]);
    expect(
      unexpected().map((f) => `${layoutKey(f)} (${f.viewports.join(', ')})`),
      'layout findings not in LAYOUT_ALLOWED',
    ).toEqual([]);
  });
}

const mapValues = <T, U>(o: Record<string, T>, f: (v: T) => U) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)]));

// The keyboard-only test of the day's flows is keyboard.spec.ts.
