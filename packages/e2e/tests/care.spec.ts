import { expect, type Locator, type Page } from '@playwright/test';
import {
  test,
  call,
  clickUntilClosed,
  DEMO,
  fillField,
  openWithSession,
  pickOption,
  signInAdminSession,
  snap,
  type Json,
} from './fixtures';

/**
 * Tube care and equipment lease (issue 20), in Chinese and in English at 1366x768: the organization's administrator
 * records a tube whose change is due today, the hourly change-due job (run once by the super administrator) sends
 * the alert, which opens the tube; recording care with a new change day clears the mark. A lease whose planned return
 * passed becomes overdue with the overdue job and is returned late, its rent settled for every day out.
 * The e2e server runs on the wall clock, so the dates lie in the past instead of moving the clock (the API tests,
 * care.test.ts, move the application clock).
 */

let admin: Json;
let superAdmin: Json;
let patient: { id: number; name: string };

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

/** The clinic's day (Asia/Shanghai) `n` days from now, YYYY-MM-DD. */
const clinicDay = (n = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(Date.now() + n * 86_400_000));

async function runJob(beanName: string) {
  const list = await call('GET', `/sys/schedule/list?beanName=${beanName}`, { token: superAdmin.token });
  expect(list.code, list.msg).toBe(0);
  const run = await call('POST', '/sys/schedule/run', { token: superAdmin.token, data: [list.data.list[0].jobId] });
  expect(run.code, run.msg).toBe(0);
}

test.beforeAll(async () => {
  admin = await signInAdminSession(DEMO.orgAdmin);
  superAdmin = await signInAdminSession(DEMO.superAdmin);
  const patients = await call('GET', '/sys/pipeline/patients?keyword=', { token: admin.token });
  expect(patients.code, patients.msg).toBe(0);
  patient = patients.data[0];
});

const CASES = [
  {
    locale: 'zh-cn' as const,
    words: {
      due: '到期更换',
      site: '右鼻腔',
      by: '李护士',
      overdue: '已逾期',
      returned: '已归还',
      rentLine: '设备租金',
      title: '管路到期更换',
    },
  },
  {
    locale: 'en' as const,
    words: {
      due: 'Change due',
      site: 'Right nostril',
      by: 'Nurse Li',
      overdue: 'Overdue',
      returned: 'Returned',
      rentLine: 'Equipment rent',
      title: 'Tube change due',
    },
  },
];

async function open(page: Page, url: string, locale: 'zh-cn' | 'en') {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openWithSession(page, admin, url, locale);
}

/** Types a day into an Ant Design date picker (its input) and takes it. */
async function typeDate(input: Locator, day: string) {
  await input.click();
  await input.fill(day);
  await input.press('Enter');
  await expect(input).toHaveValue(day);
}

for (const c of CASES) {
  test(`a tube change alert opens the tube; care clears it (${c.locale})`, async ({ page }) => {
    await open(page, '/pipeline/pipeline-manage', c.locale);
    await page.getByTestId('tube-add').click();
    const form = page.getByTestId('tube-form');
    await pickOption(page, form.getByTestId('patient-select'), patient.name, { search: patient.name.slice(0, 1) });
    await pickOption(page, form.getByTestId('tube-kind'), c.locale === 'en' ? 'Gastric tube' : '胃管');
    await fillField(form.locator('#site'), c.words.site);
    await fillField(form.locator('#placedBy'), c.words.by);
    await typeDate(form.locator('#plannedChangeOn'), clinicDay());
    await page.getByTestId('tube-save').click();
    const row = page.getByTestId('tube-table').locator('tr', { hasText: c.words.site }).first();
    await expect(row.getByTestId('tube-change-due')).toHaveText(c.words.due, { timeout: 30_000 });
    await snap(page, `care-tubes-${c.locale}`);

    // the hourly job sends the alert once; it opens the tube
    await runJob('tubeChangeDue');
    await page.goto('/email/my-news');
    await page
      .getByTestId('message-title')
      .filter({ hasText: `${c.words.title}` })
      .first()
      .click();
    await expect(page.getByTestId('info-content')).toContainText(c.words.site);
    await page.getByTestId('message-info').locator('button:has(.anticon-link)').click();
    await expect(page.getByTestId('tube-detail-page')).toBeVisible();
    await expect(page.getByTestId('tube-change-due')).toBeVisible();

    // care with a new planned change: the mark goes, the risk is scored
    await page.getByTestId('care-add').click();
    await pickOption(page, page.getByTestId('risk-consciousness'), '3');
    const careForm = page.getByTestId('care-form');
    await typeDate(careForm.locator('#plannedChangeOn'), clinicDay(7));
    await page.getByTestId('care-save').click();
    await expect(page.getByTestId('care-table').locator('tbody tr')).toHaveCount(1);
    await expect(page.getByTestId('tube-change-due')).toHaveCount(0);
    // gastric tube 2 + agitated 3: 5, low
    await expect(page.getByTestId('care-table').getByTestId('risk-low')).toContainText('5');
    await snap(page, `care-tube-detail-${c.locale}`);
  });

  test(`a lease returned late puts every day out on the bill (${c.locale})`, async ({ page }) => {
    const equipment = await call('GET', '/sys/lease/equipment', { token: admin.token });
    const piece = equipment.data.find((e: Json) => e.dailyPriceFen);
    const saved = await call('POST', '/sys/lease/save', {
      token: admin.token,
      data: {
        patientId: patient.id,
        equipmentId: piece.id,
        startOn: clinicDay(-10),
        plannedReturnOn: clinicDay(-3),
        depositFen: 50000,
      },
    });
    expect(saved.code, saved.msg).toBe(0);
    await runJob('leaseOverdue');

    await open(page, '/customerService/lease', c.locale);
    const row = page.getByTestId('lease-table').locator('tr', { hasText: piece.name }).first();
    await expect(row.getByTestId('lease-status-overdue')).toHaveText(c.words.overdue, { timeout: 30_000 });
    // the deposit is on the patient's bill, not paid yet
    await expect(row.getByTestId('lease-deposit-status').getByTestId('pay-status-0')).toBeVisible();
    await snap(page, `care-lease-overdue-${c.locale}`);
    await row.getByTestId('lease-return').click();
    // the dialog closes once the return is saved (a click lost as it came in left it open, once in a full run)
    await clickUntilClosed(page.getByTestId('lease-return-ok'));
    const back = page.getByTestId('lease-table').locator('tr', { hasText: piece.name }).first();
    await expect(back.getByTestId('lease-status-returned')).toHaveText(c.words.returned);
    await expect(back.getByTestId('lease-late')).toContainText('3');
    const rent = ((10 * piece.dailyPriceFen) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
    await expect(back.getByTestId('lease-rent')).toContainText(rent);
    // the rent went on the bill and the unpaid deposit left it; the till takes the rent
    await expect(back.getByTestId('lease-rent-status').getByTestId('pay-status-0')).toBeVisible();
    await expect(back.getByTestId('lease-deposit-status')).toHaveCount(0);
    await snap(page, `care-lease-returned-${c.locale}`);
    await back.getByTestId('lease-to-till').click();
    await expect(page.getByTestId('payment-lines')).toContainText(c.words.rentLine);
    await expect(page.getByTestId('payment-lines')).toContainText(rent);
  });
}
