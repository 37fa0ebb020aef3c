import { expect, test, type Page } from '@playwright/test';
import { DEMO, call, openWithSession, signInAdminSession, snap, type Json } from './fixtures';

/**
 * Patients end to end: register an outpatient in Chinese (ID number fills birthday, sex, age and region; refusals
 * under their fields), find them by pinyin initials and open them in English, prescribe two projects from
 * templates, assign a therapist, print the treatment card, end the course; an inpatient registered and discharged.
 */

/** A valid identity number from its first 17 digits (weighted sum mod 11). */
function idNumber(first17: string) {
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((s, d, i) => s + Number(d) * w[i]!, 0);
  return first17 + '10X98765432'[sum % 11];
}

// the steps build on each other: the patient registered first is found, treated and ended next
test.describe.configure({ mode: 'serial' });

let session: Json;
test.beforeAll(async () => {
  session = await signInAdminSession(DEMO.orgAdmin);
});

/** Picks an option of a single Select after typing a search, again until the Select shows it (a list still
 * opening, or the previous dialog's list fading out, can take the click). */
async function pickSearch(page: Page, testId: string, text: string, option: RegExp) {
  const select = page.getByTestId(testId);
  await expect(async () => {
    await select.click();
    await select.locator('input').fill(text);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).last().click();
    await expect(select).toContainText(option, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}

async function pick(page: Page, testId: string, option: RegExp) {
  const select = page.getByTestId(testId);
  await expect(async () => {
    await select.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).last().click();
    await expect(select).toContainText(option, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}

const ID = idNumber('32010219780415093');

test('register an outpatient in Chinese, refusals shown under the fields', async ({ page }) => {
  await openWithSession(page, session, '/patient/manage', 'zh-cn');
  await expect(page.getByRole('heading', { name: '患者列表' })).toBeVisible();
  await expect(page.getByText('共 11 条')).toBeVisible();
  await snap(page, 'patients-list-zh-1366');
  await page.getByTestId('search-keyword').fill('zjg');
  await page.getByTestId('search-submit').click();
  await expect(page.getByTestId('patient-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(page.getByTestId('patient-table').getByText('张建国')).toBeVisible();

  await page.getByTestId('patient-register').click();
  const modal = page.getByRole('dialog');
  await expect(modal).toBeVisible();
  // nothing filled: the required fields say so in Chinese, nothing is sent
  await page.getByTestId('reg-save').click();
  await expect(modal.getByText('请输入患者姓名')).toBeVisible();
  await expect(modal.getByText('请输入手机号')).toBeVisible();
  await expect(modal.getByText('请选择疾病类型')).toBeVisible();
  await expect(modal.getByText('请选择功能诊断')).toBeVisible();

  await page.getByTestId('reg-name').fill('欧阳春燕');
  await page.getByTestId('reg-idNumber').fill(ID.slice(0, 17) + (ID[17] === '0' ? '1' : '0'));
  await page.getByTestId('reg-phone').fill('13955556666');
  await page.getByTestId('reg-save').click();
  await expect(modal.getByText('身份证号最后一位（校验位）错误')).toBeVisible();
  await snap(page, 'patients-register-errors-zh-1366');

  await page.getByTestId('reg-idNumber').fill(ID);
  await expect(page.getByTestId('reg-age')).toHaveValue(/\d+/);
  await expect(page.getByTestId('reg-region')).toHaveValue('江苏');
  await pick(page, 'reg-officeId', /物理治疗室/);
  await pickSearch(page, 'reg-diseaseId', 'ngs', /脑梗死/);
  await pickSearch(page, 'reg-functioningId', 'pt', /偏瘫/);
  await page.getByTestId('reg-outpatientNo').fill('MZ-E2E-01');
  await page.getByTestId('reg-save').click();
  await expect(page).toHaveURL(/\/patient\/detail\/\d+\/\d+/);
  await expect(page.getByTestId('detail-name')).toHaveText('欧阳春燕');
  await expect(page.getByTestId('demographics')).toContainText('1978-04-15');
  await expect(page.getByTestId('fingerprint-none')).toContainText('未检测到指纹设备');

  // the same person again: refused with a link to the patient
  await page.goto('/patient/manage');
  await page.getByTestId('patient-register').click();
  await page.getByTestId('reg-name').fill('欧阳春燕');
  await page.getByTestId('reg-idNumber').fill(ID);
  await page.getByTestId('reg-phone').fill('13955556666');
  await pick(page, 'reg-officeId', /物理治疗室/);
  await pickSearch(page, 'reg-diseaseId', '脑梗', /脑梗死/);
  await pickSearch(page, 'reg-functioningId', '偏瘫', /偏瘫/);
  await page.getByTestId('reg-save').click();
  await expect(page.getByTestId('reg-duplicate')).toContainText('已有进行中的疗程');
  await page.getByTestId('reg-duplicate-link').click();
  await expect(page.getByTestId('detail-name')).toHaveText('欧阳春燕');
});

test('find by pinyin initials in English, prescribe two projects, assign, print the card, end the course', async ({
  page,
  context,
}) => {
  await openWithSession(page, session, '/patient/manage', 'en');
  await expect(page.getByRole('heading', { name: 'Patients' })).toBeVisible();
  await page.getByTestId('search-keyword').fill('oycy');
  await page.getByTestId('search-submit').click();
  await expect(page.getByTestId('patient-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
  await page.getByTestId('view-switch').getByText('Cards').click();
  await expect(page.getByTestId('patient-card')).toHaveCount(1);
  await snap(page, 'patients-cards-en-1366');
  await page.getByTestId('patient-card').click();
  await expect(page.getByTestId('detail-name')).toHaveText('欧阳春燕');
  await expect(page.getByTestId('current-course')).toContainText('Cerebral infarction');
  await expect(page.getByTestId('fingerprint-none')).toContainText('No fingerprint device detected');

  await page.getByTestId('prescribe').click();
  const rx = page.getByRole('dialog');
  await page.getByTestId('rx-templates').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Kinesiotherapy' }).click();
  // the multiple select stays open: the second project is one more click
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Acupuncture' }).click();
  await page.keyboard.press('Escape');
  await expect(rx.getByTestId('rx-table').locator('tbody tr.ant-table-row')).toHaveCount(2);
  // a frequency outside 1/2, 1/3, 1/7 or a whole number is refused before sending
  await rx.getByTestId('rx-frequency').first().fill('1/4');
  await page.getByTestId('rx-save').click();
  await expect(rx.getByTestId('rx-error')).toContainText('1/2, 1/3, 1/7');
  await rx.getByTestId('rx-frequency').first().fill('1/2');
  // kinesiotherapy 45 x 7 sessions (14 days every other day) + acupuncture 35 x 10
  await expect(rx.getByTestId('rx-sum')).toContainText('665.00');
  await snap(page, 'patients-prescribe-en-1366');
  await page.getByTestId('rx-save').click();
  await expect(rx).toBeHidden();
  const rows = page.getByTestId('project-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('0 / 7');

  await rows.first().locator('input[type="checkbox"]').check();
  await page.getByTestId('assign-therapist').click();
  await pick(page, 'assign-select', /李治疗师/);
  await page.getByTestId('assign-ok').click();
  await expect(rows.first()).toContainText('李治疗师');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await snap(page, 'patients-detail-en-1920');

  const [card] = await Promise.all([context.waitForEvent('page'), page.getByTestId('print-card').click()]);
  await expect(card).toHaveURL(/^blob:/);

  await page.getByTestId('end-course').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByText('Ended').first()).toBeVisible();
  await expect(rows.first()).toContainText('Completed');
  await expect(page.getByTestId('reopen-course')).toBeVisible();
});

test('an inpatient registered in English is discharged from a chosen time', async ({ page }) => {
  await openWithSession(page, session, '/patient/manage', 'en');
  await page.getByTestId('patient-register').click();
  await page.getByTestId('reg-patientType').getByText('Inpatient').click();
  await page.getByTestId('reg-name').fill('Oliver Grant');
  await page.getByTestId('reg-phone').fill('13966667777');
  await page.getByTestId('reg-save').click();
  await expect(page.getByText('An inpatient needs an inpatient number')).toBeVisible();
  await expect(page.getByText('Please choose the sex')).toBeVisible();
  await snap(page, 'patients-register-errors-en-1920');
  await pick(page, 'reg-officeId', /Physical Therapy/);
  await pick(page, 'reg-sex', /^Male$/);
  await page.getByTestId('reg-inpatientNo').fill('ZY-E2E-9');
  await page.getByTestId('reg-bedNo').fill('6-01');
  await page.locator('#patientRegister_birthday').click();
  await page.locator('#patientRegister_birthday').fill('1970-05-05');
  await page.keyboard.press('Enter');
  await expect(page.locator('#patientRegister_birthday')).toHaveValue('1970-05-05');
  await pickSearch(page, 'reg-diseaseId', 'knee', /After knee replacement/);
  await pickSearch(page, 'reg-functioningId', 'gjhdsx', /Limited joint mobility/);
  await page.getByTestId('reg-save').click();
  await expect(page.getByTestId('detail-name')).toHaveText('Oliver Grant');
  await page.getByTestId('discharge').click();
  await page.getByTestId('discharge-ok').click();
  await expect(page.getByText('Discharged').first()).toBeVisible();

  const found = await call('POST', '/sys/patient/queryOutPatientPage', {
    token: session.token,
    data: { keyword: 'Oliver', courseStatus: 2 },
  });
  expect(found.data.list[0]).toMatchObject({ status: 3, bedNo: '6-01' });
});

test('empty and unassigned lists, 1920 wide, Chinese', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openWithSession(page, session, '/patient/manage?unassigned=1', 'zh-cn');
  await expect(page.getByTestId('unassigned-switch')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('patient-table').locator('tbody tr.ant-table-row').first()).toContainText('未分配');
  await snap(page, 'patients-unassigned-zh-1920');
  await page.getByTestId('search-keyword').fill('不存在的患者');
  await page.getByTestId('search-submit').click();
  await expect(page.getByTestId('patient-table').locator('.ant-empty-description')).toHaveText('暂无数据');
  await snap(page, 'patients-empty-zh-1920');
});
