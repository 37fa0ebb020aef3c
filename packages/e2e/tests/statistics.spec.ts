import fs from 'node:fs';
import path from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import { test, DEMO, openWithSession, signInAdminSession, signInStaffSession, type Json } from './fixtures';

/**
 * Statistics end to end, in Chinese and in English: the organization administrator opens the department workload of
 * the month, reads a metric's definition from its "?", clicks a department and lands on the workload detail with the
 * completed orders it counts; the therapist workload opens a therapist's detail the same way; finance reads the
 * turnover. With STATS_SHOTS=<dir> every screen is photographed at 1366x768 and 1920x1080.
 */

const SHOTS = process.env.STATS_SHOTS ?? '/tmp/stats-shots';
if (process.env.STATS_SHOTS) fs.mkdirSync(SHOTS, { recursive: true });

let admin: Json;
let finance: Json;

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

test.beforeAll(async () => {
  admin = await signInAdminSession(DEMO.orgAdmin);
  finance = await signInStaffSession(DEMO.finance, { organizationId: admin.organization.id });
});

async function open(browser: Browser, session: Json, url: string, locale: 'zh-cn' | 'en'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await openWithSession(page, session, url, locale);
  return page;
}

async function shots(page: Page, name: string) {
  if (!process.env.STATS_SHOTS) return;
  for (const [width, height] of [
    [1366, 768],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300); // the charts follow their container's width
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 768 });
}

const WORDS = {
  'zh-cn': {
    office: '科室工作量',
    operations: '运营数据',
    compared: '对比',
    registrations: '登记',
    therapist: '治疗师工作量',
    detail: '治疗师工作量明细',
    sessions: '治疗次数',
    turnover: '营业额统计',
    project: '项目分析',
    equipment: '设备使用统计',
    cost: '治疗费用统计',
    definition: '已完成',
  },
  en: {
    office: 'Department workload',
    operations: 'Operations overview',
    compared: 'compared with',
    registrations: 'registered',
    therapist: 'Therapist workload',
    detail: 'Therapist workload detail',
    sessions: 'Sessions',
    turnover: 'Turnover',
    project: 'Project analysis',
    equipment: 'Equipment use',
    cost: 'Treatment cost',
    definition: 'completed',
  },
} as const;

for (const locale of ['zh-cn', 'en'] as const) {
  const w = WORDS[locale];

  test(`department workload drills down to the orders it counts (${locale})`, async ({ browser }) => {
    const page = await open(browser, admin, '/dataStatistical/officeWorkLoad', locale);
    const screen = page.getByTestId('office-workload-page');
    await expect(screen.getByText(w.office).first()).toBeVisible();
    const rows = screen.getByTestId('office-table').locator('tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible();
    // the definition of a figure one click away
    await page.getByTestId('tile-sessions').getByTestId('metric-help-sessions').click();
    await expect(page.getByTestId('metric-definition-sessions')).toContainText(w.definition);
    await shots(page, `office-${locale}`);
    await page.keyboard.press('Escape');
    const officeName = (await rows.first().locator('td').first().innerText()).trim();
    await rows.first().click();
    await expect(page).toHaveURL(/\/dataStatistical\/therapistWorkDetail\?.*officeId=\d+/);
    const detail = page.getByTestId('therapist-detail-page');
    await expect(detail.getByText(w.detail).first()).toBeVisible();
    const counted = detail.getByTestId('detail-rows').locator('tbody tr.ant-table-row');
    await expect(counted.first()).toBeVisible();
    await expect(counted.first()).toContainText(officeName);
    await shots(page, `office-detail-${locale}`);
    await page.context().close();
  });

  test(`the operations overview compares with the period before and opens a department (${locale})`, async ({
    browser,
  }) => {
    const page = await open(browser, admin, '/dataStatistical/operational-data', locale);
    const screen = page.getByTestId('operations-page');
    await expect(screen.getByText(w.operations).first()).toBeVisible();
    await expect(screen.getByTestId('operations-compared')).toContainText(w.compared);
    // every tile has its figure, the change against the period before and that period's figure
    await expect(screen.getByTestId('tile-change-sessions')).toBeVisible();
    // the wait from prescription to first treatment reads in days; missed sessions count
    await expect(screen.getByTestId('tile-waitingDays')).toContainText(locale === 'en' ? 'day' : '天');
    await expect(screen.getByTestId('tile-expiredOrders')).toBeVisible();
    await page.getByTestId('tile-registrations').getByTestId('metric-help-registrations').click();
    await expect(page.getByTestId('metric-definition-registrations')).toContainText(w.registrations);
    await page.keyboard.press('Escape');
    const rows = screen.getByTestId('operations-offices').locator('tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible();
    await shots(page, `operations-${locale}`);
    // a department with sessions opens the orders it counts
    const busy = rows.filter({ hasNot: page.locator('td:nth-child(5):text-is("0")') }).first();
    const officeName = (await busy.locator('td').first().innerText()).trim();
    await busy.click();
    await expect(page).toHaveURL(/\/dataStatistical\/therapistWorkDetail\?.*officeId=\d+/);
    const counted = page
      .getByTestId('therapist-detail-page')
      .getByTestId('detail-rows')
      .locator('tbody tr.ant-table-row');
    await expect(counted.first()).toContainText(officeName);
    await page.context().close();
  });

  test(`therapist workload opens a therapist's detail (${locale})`, async ({ browser }) => {
    const page = await open(browser, admin, '/dataStatistical/therapistWorkLoad', locale);
    const screen = page.getByTestId('therapist-workload-page');
    await expect(screen.getByText(w.therapist).first()).toBeVisible();
    await expect(screen.getByTestId('therapist-chart').locator('canvas')).toBeVisible();
    const rows = screen.getByTestId('therapist-table').locator('tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible();
    await shots(page, `therapist-${locale}`);
    const name = (await rows.first().locator('td').first().innerText()).trim();
    await rows.first().click();
    await expect(page).toHaveURL(/\/dataStatistical\/therapistWorkDetail\?.*therapistId=\d+/);
    const detail = page.getByTestId('therapist-detail-page');
    await expect(detail.locator('.ant-card-head').getByText(name)).toBeVisible();
    await expect(detail.getByTestId('detail-rows').locator('tbody tr.ant-table-row').first()).toContainText(name);
    await shots(page, `therapist-detail-${locale}`);
    // a project of the therapist opens their sessions of it (therapistWorkProjectDetail), both named in the heading
    const project = detail.locator('[data-testid^="detail-project-"]').first();
    const projectName = (await project.locator('td').first().innerText()).trim();
    await project.click();
    await expect(page).toHaveURL(/\/dataStatistical\/therapistWorkProjectDetail\?/);
    expect(new URL(page.url()).searchParams.get('therapistId')).toMatch(/^\d+$/);
    expect(new URL(page.url()).searchParams.get('projectId')).toMatch(/^\d+$/);
    const narrowed = page.getByTestId('therapistProject-detail-page');
    await expect(narrowed.locator('.ant-card-head').getByText(name)).toBeVisible();
    await expect(narrowed.locator('.ant-card-head').getByText(projectName)).toBeVisible();
    const rowsOf = narrowed.getByTestId('detail-rows').locator('tbody tr.ant-table-row');
    await expect(rowsOf.first()).toContainText(name);
    await shots(page, `therapist-project-detail-${locale}`);
    // back to the therapist's detail
    await narrowed.getByRole('button', { name: locale === 'en' ? 'Back' : '返回' }).click();
    await expect(page).toHaveURL(/\/dataStatistical\/therapistWorkDetail\?/);
    await page.context().close();
  });

  test(`project analysis opens a project's trend and orders (${locale})`, async ({ browser }) => {
    const page = await open(browser, admin, '/dataStatistical/projectAnalysisLoad', locale);
    const screen = page.getByTestId('project-analysis-page');
    await expect(screen.getByText(w.project).first()).toBeVisible();
    const rows = screen.getByTestId('project-table').locator('tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible();
    await expect(screen.getByTestId('tile-revenue')).toBeVisible();
    await shots(page, `project-${locale}`);
    const name = (await rows.first().locator('td').first().innerText()).trim();
    await rows.first().click();
    await expect(page).toHaveURL(/\/dataStatistical\/projectAnalysisDetail\?.*projectId=\d+/);
    const detail = page.getByTestId('project-detail-page');
    await expect(detail.locator('.ant-card-head').getByText(name)).toBeVisible();
    // the rows are the template's sessions, each with its project's name as prescribed: the patients spec (en)
    // prescribes the template 运动疗法 under its English name, so a row's name need not be the heading's
    await expect(detail.getByTestId('detail-rows').locator('tbody tr.ant-table-row').first()).toBeVisible();
    await shots(page, `project-detail-${locale}`);
    await page.context().close();
  });

  test(`equipment use opens a piece of equipment's orders (${locale})`, async ({ browser }) => {
    const page = await open(browser, admin, '/dataStatistical/equipmentUseLoad', locale);
    const screen = page.getByTestId('equipment-use-page');
    await expect(screen.getByText(w.equipment).first()).toBeVisible();
    const rows = screen.getByTestId('equipment-table').locator('tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible();
    await shots(page, `equipment-${locale}`);
    await rows.first().click();
    await expect(page).toHaveURL(/\/dataStatistical\/equipmentUseDetail\?.*equipmentId=\d+/);
    const detail = page.getByTestId('equipment-detail-page');
    await expect(detail.getByTestId('detail-rows').locator('tbody tr.ant-table-row').first()).toBeVisible();
    await shots(page, `equipment-detail-${locale}`);
    await page.context().close();
  });

  test(`finance reads the turnover and a day's settlements (${locale})`, async ({ browser }) => {
    const page = await open(browser, finance, '/dataStatistical/turnOver', locale);
    const screen = page.getByTestId('turnover-page');
    await expect(screen.getByText(w.turnover).first()).toBeVisible();
    await expect(screen.getByTestId('tile-received')).toBeVisible();
    await expect(screen.getByTestId('turnover-days').locator('tbody tr.ant-table-row').first()).toBeVisible();
    await shots(page, `turnover-${locale}`);
    // a day opens the settlements it counts
    await screen.getByTestId('turnover-days').locator('tbody tr.ant-table-row').first().click();
    await expect(page).toHaveURL(/\/dataStatistical\/turnOverDetail\/0\?.*range=day/);
    const detail = page.getByTestId('turnover-detail-page');
    await expect(detail.getByTestId('turnover-detail-rows').locator('tbody tr.ant-table-row').first()).toBeVisible();
    await shots(page, `turnover-detail-${locale}`);
    await page.context().close();
  });

  test(`finance reads the cost of a course and its settlements (${locale})`, async ({ browser }) => {
    const page = await open(browser, finance, '/dataStatistical/treatmentCostLoad', locale);
    const screen = page.getByTestId('treatmentCost-page');
    await expect(screen.getByText(w.cost).first()).toBeVisible();
    const rows = screen.getByTestId('cost-table').locator('tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible();
    await shots(page, `cost-${locale}`);
    const patient = (await rows.first().locator('td').first().innerText()).trim();
    await rows.first().click();
    await expect(page).toHaveURL(/\/dataStatistical\/treatmentCostDetail\?.*patientId=\d+/);
    const detail = page.getByTestId('turnover-detail-page');
    const settled = detail.getByTestId('turnover-detail-rows').locator('tbody tr.ant-table-row');
    await expect(settled.first()).toContainText(patient);
    await shots(page, `cost-detail-${locale}`);
    // the inpatient screen answers too (the demo's till settles outpatients)
    await page.goto('/dataStatistical/hospitalizedCostLoad');
    await expect(page.getByTestId('hospitalizedCost-page').getByTestId('tile-courseNet')).toBeVisible();
    await page.context().close();
  });
}
