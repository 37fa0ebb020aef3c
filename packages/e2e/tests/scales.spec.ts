import { expect, type Page } from '@playwright/test';
import { test, DEMO, openWithSession, pickOption, signInAdminSession, snap } from './fixtures';

/**
 * The scale library as a clinician uses it: find a scale by name or code, open it, fill it in and watch the total and
 * band; one form per scoring shape; print view; in Chinese and English, at 1366 and 1920 pixels wide.
 */

const LIBRARY = '/SubFirsScale/platFormTemplate';

const words = {
  'zh-cn': {
    library: '量表库',
    noMatch: '没有符合条件的量表',
    bbs: 'Berg平衡量表',
    low: '低跌倒风险（可独立步行）',
    medium: '中等跌倒风险（辅助下步行）',
    total: '总分',
    partial: '已填部分得分',
    noTotal: '本量表按部位记录分期/分级，不计总分',
    server: '服务器核算：总分 42，分级 低跌倒风险（可独立步行）',
    notFound: '量表 nope 不存在',
    mild: '轻度',
    cognition: '认知与心理',
  },
  en: {
    library: 'Scale library',
    noMatch: 'No scale matches',
    bbs: 'Berg Balance Scale',
    low: 'Low fall risk (independent)',
    medium: 'Medium fall risk (walks with assistance)',
    total: 'Total',
    partial: 'Score so far',
    noTotal: 'Stages or grades are recorded per segment; there is no total',
    server: 'Server score: total 42, band Low fall risk (independent)',
    notFound: 'There is no scale nope',
    mild: 'Mild',
    cognition: 'Cognition and mood',
  },
};

/** Picks an option of an item by its visible text. */
async function pick(page: Page, key: string, text: string | RegExp) {
  const row = page.getByTestId(`scale-row-${key}`);
  await row.locator('label').filter({ hasText: text }).first().click();
}
const total = (page: Page) => page.getByTestId('scale-total');
const band = (page: Page) => page.getByTestId('scale-band');

for (const locale of ['zh-cn', 'en'] as const) {
  const w = words[locale];

  test(`library search and the BBS form (${locale})`, async ({ page }) => {
    // 14 items of five worded criteria each: more to render than the former bare buttons
    test.setTimeout(120_000);
    const session = await signInAdminSession(DEMO.orgAdmin);
    await openWithSession(page, session, LIBRARY, locale);
    await expect(page.getByRole('heading', { name: w.library })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: w.library })).toBeVisible();
    const rows = page.getByTestId('scale-table').locator('tbody tr.ant-table-row');
    await expect(rows).toHaveCount(20);
    await snap(page, `scales-library-${locale}-1366`);

    await page.getByTestId('scale-search').fill('berg');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(w.bbs);
    await page.getByTestId('scale-search').fill('MMSE');
    await expect(rows).toHaveCount(1);
    await page.getByTestId('scale-search').fill('no-such-scale');
    await expect(page.getByText(w.noMatch)).toBeVisible();
    await snap(page, `scales-library-empty-${locale}`);
    await page.getByTestId('scale-search').fill('');
    await pickOption(page, page.getByTestId('scale-category'), w.cognition);
    await expect(rows).toHaveCount(8);

    // open BBS from the list
    await pickOption(page, page.getByTestId('scale-category'), locale === 'en' ? 'All categories' : '全部分类');
    await page.getByTestId('scale-search').fill('bbs');
    await page.getByTestId('scale-link-bbs').click();
    await expect(page).toHaveURL(/\/SubFirsScale\/platFormTemplate\/bbs$/);
    await expect(page.getByTestId('scale-title')).toContainText(w.bbs);
    const keys = await page
      .locator('[data-testid^="scale-row-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.replace('scale-row-', '')));
    expect(keys).toHaveLength(14);
    for (const key of keys.slice(0, 3)) await pick(page, key, /^3 · /);
    await expect(total(page)).toHaveText('9');
    await expect(page.getByTestId('scale-summary')).toContainText(w.partial);
    for (const key of keys.slice(3)) await pick(page, key, /^3 · /);
    await expect(total(page)).toHaveText('42');
    await expect(band(page)).toHaveText(w.low);
    await page.getByTestId('scale-check').click();
    await expect(page.getByTestId('scale-server-result')).toHaveText(w.server);
    // one answer lower crosses the 41/40 boundary
    await pick(page, 'oneLeg', /^1 · /);
    await expect(total(page)).toHaveText('40');
    await expect(band(page)).toHaveText(w.medium);
    await snap(page, `scales-bbs-${locale}-1366`);

    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.shell-sider')).toBeHidden();
    await expect(page.getByTestId('scale-print')).toBeHidden();
    await snap(page, `scales-bbs-print-${locale}`);
    await page.emulateMedia({ media: 'screen' });

    await page.goto(`${LIBRARY}/nope`);
    await expect(page.getByTestId('scale-not-found')).toContainText(w.notFound);
  });

  test(`one form per scoring shape (${locale})`, async ({ page }) => {
    test.setTimeout(180_000);
    const session = await signInAdminSession(DEMO.orgAdmin);
    await openWithSession(page, session, `${LIBRARY}/brunnstrom`, locale);

    // stages: Brunnstrom stage per segment, no total
    await pick(page, 'side', locale === 'en' ? 'Left' : '左侧');
    await pick(page, 'upperLimb', /^III /);
    await pick(page, 'hand', /^II /);
    await pick(page, 'lowerLimb', /^IV /);
    await expect(page.getByTestId('scale-summary')).toContainText(w.noTotal);
    await snap(page, `scales-shape-stages-${locale}`);

    // stages per side: MAS table (1+ is its own value)
    await page.goto(`${LIBRARY}/mas`);
    const masRow = page.locator('.scale-side-table tbody tr').first();
    await pickOption(page, masRow.locator('td').nth(1).locator('.ant-select'), /^1\+/);
    await expect(masRow.locator('td').nth(1)).toContainText('1+');
    await snap(page, `scales-shape-sides-${locale}`);

    // sum with an untestable value: GCS E2 V=T M4 has no total
    await page.goto(`${LIBRARY}/glasgow`);
    await pick(page, 'eye', /^2 · /);
    await pick(page, 'verbal', /\(T\)/);
    await pick(page, 'motor', /^4 · /);
    await expect(total(page)).toHaveText('—');
    await pick(page, 'verbal', /^3 · /);
    await expect(total(page)).toHaveText('9');
    await snap(page, `scales-shape-sum-gcs-${locale}`);

    // percentAnswered: ODI with two sections skipped
    await page.goto(`${LIBRARY}/odi`);
    const odiKeys = ['pain', 'personalCare', 'lifting', 'walking', 'sitting', 'standing', 'sleeping', 'socialLife'];
    for (const key of odiKeys) await pick(page, key, /^2 · /);
    await expect(total(page)).toHaveText('40%');
    // a licence-controlled scale says so on its form and keeps neutral anchors (issue 21)
    await expect(page.getByTestId('scale-licence')).toContainText('Fairbank');
    await snap(page, `scales-shape-percent-${locale}`);

    // dimensionMean: GMFM dimension A completed, the rest 0
    await page.goto(`${LIBRARY}/gmfm`);
    // items left unanswered count 0, as NT does
    for (let i = 1; i <= 17; i++) await pick(page, `i${i}`, /^3 · /);
    await expect(total(page)).toHaveText('20%');
    await expect(page.getByTestId('scale-subscores')).toContainText('100');
    await snap(page, `scales-shape-dimension-${locale}`);

    // domainMean: RAND-36 domains without a total
    await page.goto(`${LIBRARY}/sf36`);
    await pick(page, 'q3', locale === 'en' ? 'No, not limited at all' : '毫无限制');
    await expect(page.getByTestId('scale-subscores')).toContainText('100');
    await snap(page, `scales-shape-domain-${locale}`);

    // measure: TUG seconds banded
    await page.goto(`${LIBRARY}/tug`);
    await page.getByTestId('scale-row-seconds').locator('input').fill('12.5');
    await page.getByTestId('scale-row-seconds').locator('input').blur();
    await expect(total(page)).toHaveText(locale === 'en' ? '12.5s' : '12.5秒');
    await expect(band(page)).toHaveText(locale === 'en' ? 'Mostly independent' : '基本独立');
    await snap(page, `scales-shape-measure-${locale}`);

    // kubota: grade I over 5 s is suspicious
    await page.goto(`${LIBRARY}/kubota`);
    await pick(page, 'grade', /^I /);
    await page.getByTestId('scale-row-seconds').locator('input').fill('7');
    await page.getByTestId('scale-row-seconds').locator('input').blur();
    await expect(band(page)).toContainText(locale === 'en' ? 'Suspicious' : '可疑');

    // asia: the dermatome worksheet
    await page.goto(`${LIBRARY}/asia`);
    await expect(page.locator('.scale-asia-table tbody tr.ant-table-row')).toHaveCount(28);
    await snap(page, `scales-shape-asia-${locale}`);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(`${LIBRARY}/nihss`);
    await expect(page.getByTestId('scale-row-loc')).toContainText(locale === 'en' ? 'keenly responsive' : '反应敏锐');
    await snap(page, `scales-nihss-${locale}-1920`);
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.reload();
    await snap(page, `scales-nihss-${locale}-1366`);
  });

  test(`library and forms at 1920 wide (${locale})`, async ({ page }) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    const session = await signInAdminSession(DEMO.superAdmin);
    await openWithSession(page, session, LIBRARY, locale);
    await expect(page.getByTestId('scale-table').locator('tbody tr.ant-table-row')).toHaveCount(20);
    await snap(page, `scales-library-${locale}-1920`);
    await page.goto(`${LIBRARY}/fugl-meyer`);
    await pick(page, 'ue1', /^2 · /);
    await expect(total(page)).toHaveText('2');
    await snap(page, `scales-fugl-meyer-${locale}-1920`);
    await page.goto(`${LIBRARY}/mmt`);
    await snap(page, `scales-mmt-${locale}-1920`);
  });
}
