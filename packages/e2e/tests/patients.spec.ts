import { expect, type Page } from '@playwright/test';
import {
  test,
  DEMO,
  call,
  fillField,
  idNumber,
  openWithSession,
  pickOption,
  signInAdminSession,
  snap,
  type Json,
} from './fixtures';

/**
 * Patients end to end: register an outpatient in Chinese (ID number fills birthday, sex, age and region; refusals
 * under their fields), find them by pinyin initials and open them in English, prescribe two projects from
 * templates, assign a therapist, print the treatment card, end the course; an inpatient registered and discharged.
 * Every test makes the patients it works on (random names and identity numbers), so they run alone and in any order.
 */

/** Picks an option of a Select after typing a search (fixtures.ts `pickOption`: again until the Select shows it). */
const pickSearch = (page: Page, testId: string, text: string, option: RegExp) =>
  pickOption(page, page.getByTestId(testId), option, { search: text });

/** Picks an option of a Select (fixtures.ts `pickOption`: again until the Select shows it). */
const pick = (page: Page, testId: string, option: RegExp) => pickOption(page, page.getByTestId(testId), option);

// registration, prescribing and the PDF card are long flows on a machine shared by several runs
test.describe.configure({ timeout: 120_000 });

let session: Json;
test.beforeAll(async () => {
  session = await signInAdminSession(DEMO.orgAdmin);
});

/** A random identity number (Jiangsu, born 1950-1989), so every test and every retry registers a new person. */
function randomIdNumber() {
  const year = 1950 + Math.floor(Math.random() * 40);
  const month = String(1 + Math.floor(Math.random() * 12)).padStart(2, '0');
  const day = String(1 + Math.floor(Math.random() * 28)).padStart(2, '0');
  const seq = String(Math.floor(Math.random() * 1000)).padStart(3, '0');
  return idNumber(`320102${year}${month}${day}${seq}`);
}

/** A random two-character given name with its pinyin initials, so a search by initials finds this test's patient. */
function randomName(surname: [string, string]) {
  const chars: [string, string][] = [
    ['春', 'c'],
    ['燕', 'y'],
    ['晓', 'x'],
    ['梅', 'm'],
    ['志', 'z'],
    ['强', 'q'],
    ['丽', 'l'],
    ['华', 'h'],
    ['文', 'w'],
    ['博', 'b'],
    ['德', 'd'],
    ['凯', 'k'],
    ['佩', 'p'],
    ['桂', 'g'],
    ['芬', 'f'],
    ['瑞', 'r'],
  ];
  // never the same name twice in a run: a search by initials must find this patient alone
  for (;;) {
    const a = chars[Math.floor(Math.random() * chars.length)]!;
    const b = chars[Math.floor(Math.random() * chars.length)]!;
    const name = `${surname[0]}${a[0]}${b[0]}`;
    const initials = `${surname[1]}${a[1]}${b[1]}`;
    if (usedInitials.has(initials)) continue;
    usedInitials.add(initials);
    return { name, initials };
  }
}
const usedInitials = new Set<string>();

/** Reference ids of the demo organization the API-made patients use. */
async function references(token: string) {
  const disease = await call('POST', '/sys/diseases/getDiseaseList', { token, data: { keyword: 'ngs' } });
  const functioning = await call('POST', '/sys/functioning/getFunctioningList', { token, data: { keyword: 'pt' } });
  const staff = await call('GET', '/sys/patient/staff', { token });
  return {
    diseaseId: disease.data[0].id as number,
    functioningId: functioning.data[0].id as number,
    officeId: (staff.data.offices as { id: number; name: string }[]).find((o) => o.name === '物理治疗室')!.id,
  };
}

/** Registers an outpatient through the API for a test that needs one (cerebral infarction, hemiplegia). */
async function registerOutpatient(token: string, extra: Json = {}) {
  const ref = await references(token);
  const { name, initials } = randomName(['欧阳', 'oy']);
  const res = await call('POST', '/sys/patient/saveOutPatient', {
    token,
    data: { patientType: 1, name, idNumber: randomIdNumber(), phone: '13955556666', ...ref, ...extra },
  });
  expect(res.code, res.msg).toBe(0);
  return {
    ...(res.data as { patientId: number; treatmentId: number }),
    name: (extra.name as string) ?? name,
    initials,
    ...ref,
  };
}

/**
 * Adds a project template to the prescribing table: types its name, clicks it, again until the table has it (the
 * list closes by itself after a pick).
 */
async function addTemplate(page: Page, name: string) {
  const rx = page.locator('.ant-modal').filter({ has: page.getByTestId('rx-table') });
  const select = rx.getByTestId('rx-templates');
  const row = rx.getByTestId('rx-table').locator('tbody tr.ant-table-row', { hasText: name });
  await pickOption(page, select, name, {
    search: name,
    showsPick: false,
    confirm: () => expect(row).toHaveCount(1, { timeout: 1000 }),
  });
}

test('register an outpatient in Chinese, refusals shown under the fields', async ({ page }) => {
  const ID = randomIdNumber();
  const { name } = randomName(['欧阳', 'oy']);
  await openWithSession(page, session, '/patient/manage', 'zh-cn');
  await expect(page.getByRole('heading', { name: '患者列表' })).toBeVisible();
  await expect(page.getByText(/共 \d+ 条/)).toBeVisible();
  await snap(page, 'patients-list-zh-1366');
  await page.getByTestId('search-keyword').fill('zjg');
  await page.getByTestId('search-submit').click();
  await expect(page.getByTestId('patient-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(page.getByTestId('patient-table').getByText('张建国')).toBeVisible();

  await page.getByTestId('patient-register').click();
  const modal = page.getByRole('dialog');
  await expect(modal).toBeVisible();
  // the required fields are marked, sex and birthday too while no ID number is given (issue 21)
  const required = modal.locator('label.ant-form-item-required');
  for (const field of ['姓名', '手机号', '性别', '出生日期', '治疗科室', '疾病类型', '功能诊断'])
    await expect(required.filter({ hasText: new RegExp(`^${field}$`) })).toHaveCount(1);
  // a field is checked when it is left, before any save
  await fillField(page.getByTestId('reg-phone'), '123');
  await page.getByTestId('reg-name').focus();
  await expect(modal.locator('#patientRegister_phone_help')).toBeVisible();
  await fillField(page.getByTestId('reg-phone'), '');
  // nothing filled: the required fields say so in Chinese, nothing is sent
  await page.getByTestId('reg-save').click();
  await expect(modal.getByText('请输入患者姓名')).toBeVisible();
  await expect(modal.getByText('请输入手机号')).toBeVisible();
  await expect(modal.getByText('请选择疾病类型')).toBeVisible();
  await expect(modal.getByText('请选择功能诊断')).toBeVisible();

  await fillField(page.getByTestId('reg-name'), name);
  await fillField(page.getByTestId('reg-idNumber'), ID.slice(0, 17) + (ID[17] === '0' ? '1' : '0'));
  await fillField(page.getByTestId('reg-phone'), '13955556666');
  await page.getByTestId('reg-save').click();
  await expect(modal.getByText('身份证号最后一位（校验位）错误')).toBeVisible();
  await snap(page, 'patients-register-errors-zh-1366');

  await fillField(page.getByTestId('reg-idNumber'), ID);
  await expect(page.getByTestId('reg-age')).toHaveValue(/\d+/);
  await expect(page.getByTestId('reg-region')).toHaveValue('江苏');
  await pick(page, 'reg-officeId', /物理治疗室/);
  await pickSearch(page, 'reg-diseaseId', 'ngs', /脑梗死/);
  await pickSearch(page, 'reg-functioningId', 'pt', /偏瘫/);
  await fillField(page.getByTestId('reg-outpatientNo'), 'MZ-E2E-01');
  // two steps: the optional details come second; a problem there brings that step forward on save
  await expect(page.getByTestId('reg-step-details')).toBeHidden();
  await page.getByTestId('reg-next').click();
  await expect(page.getByTestId('reg-step-essentials')).toBeHidden();
  await fillField(page.getByTestId('reg-email'), 'not-an-address');
  await page.getByTestId('reg-back').click();
  await page.getByTestId('reg-save').click();
  await expect(page.getByTestId('reg-step-details')).toBeVisible();
  await expect(modal.locator('#patientRegister_email_help')).toBeVisible();
  await snap(page, 'patients-register-step2-zh-1366');
  await fillField(page.getByTestId('reg-email'), '');
  await page.getByTestId('reg-save').click();
  await expect(page).toHaveURL(/\/patient\/detail\/\d+\/\d+/, { timeout: 30_000 });
  await expect(page.getByTestId('detail-name')).toHaveText(name);
  await expect(page.getByTestId('demographics')).toContainText(
    `${ID.slice(6, 10)}-${ID.slice(10, 12)}-${ID.slice(12, 14)}`,
  );
  await expect(page.getByTestId('fingerprint-none')).toContainText('未检测到指纹设备');

  // the same person again: refused with a link to the patient
  await page.goto('/patient/manage');
  await page.getByTestId('patient-register').click();
  await fillField(page.getByTestId('reg-name'), name);
  await fillField(page.getByTestId('reg-idNumber'), ID);
  await fillField(page.getByTestId('reg-phone'), '13955556666');
  await pick(page, 'reg-officeId', /物理治疗室/);
  await pickSearch(page, 'reg-diseaseId', '脑梗', /脑梗死/);
  await pickSearch(page, 'reg-functioningId', '偏瘫', /偏瘫/);
  await page.getByTestId('reg-save').click();
  await expect(page.getByTestId('reg-duplicate')).toContainText('已有进行中的疗程');
  // shown once: the banner with its link, not also under the field and as a toast (issue 21)
  await expect(page.getByText(/已有进行中的疗程/)).toHaveCount(1);
  await page.getByTestId('reg-duplicate-link').click();
  await expect(page.getByTestId('detail-name')).toHaveText(name);
});

test('find by pinyin initials in English, prescribe two projects, assign, print the card, end the course', async ({
  page,
  context,
}) => {
  const patient = await registerOutpatient(session.token);
  await openWithSession(page, session, '/patient/manage', 'en');
  await expect(page.getByRole('heading', { name: 'Patients' })).toBeVisible();
  await page.getByTestId('search-keyword').fill(patient.initials);
  await page.getByTestId('search-submit').click();
  const found = page.getByTestId('patient-table').locator('tbody tr.ant-table-row', { hasText: patient.name });
  await expect(found).toHaveCount(1);
  await page.getByTestId('view-switch').getByText('Cards').click();
  await expect(page.getByTestId('patient-card').filter({ hasText: patient.name })).toHaveCount(1);
  await snap(page, 'patients-cards-en-1366');
  await page.getByTestId('patient-card').filter({ hasText: patient.name }).click();
  await expect(page.getByTestId('detail-name')).toHaveText(patient.name);
  await expect(page.getByTestId('current-course')).toContainText('Cerebral infarction');
  await expect(page.getByTestId('fingerprint-none')).toContainText('No fingerprint device detected');

  await page.getByTestId('prescribe').click();
  const rx = page.locator('.ant-modal').filter({ has: page.getByTestId('rx-table') });
  await addTemplate(page, 'Kinesiotherapy');
  await addTemplate(page, 'Acupuncture');
  await expect(rx.getByTestId('rx-table').locator('tbody tr.ant-table-row')).toHaveCount(2);
  // registered without a therapist: the dialog says plainly that the work would reach no one
  await expect(rx.getByTestId('rx-unassigned')).toContainText('2 projects have no therapist');
  const kinesio = rx.getByTestId('rx-table').locator('tbody tr.ant-table-row', { hasText: 'Kinesiotherapy' });
  // a frequency outside 1/2, 1/3, 1/7 or a whole number is refused before sending
  await kinesio.getByTestId('rx-frequency').fill('1/4');
  await page.getByTestId('rx-save').click();
  await expect(rx.getByTestId('rx-error')).toContainText('1/2, 1/3, 1/7');
  await kinesio.getByTestId('rx-frequency').fill('1/2');
  // kinesiotherapy 45 x 7 sessions (14 days every other day) + acupuncture 35 x 10
  await expect(rx.getByTestId('rx-sum')).toContainText('665.00');
  // issue 21: at 1366 the prescribing table fits the dialog (no sideways scroll, the therapist in view); the less
  // used settings fold into the row's expansion, where they can still be changed
  const rxTable = rx.getByTestId('rx-table');
  await expect(rxTable.locator('thead th', { hasText: 'Therapist' })).toBeVisible();
  expect(await rxTable.locator('.ant-table-content').evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
  await kinesio.getByRole('button', { name: 'Expand row' }).click();
  await expect(rxTable.getByTestId('folded-columns')).toContainText('Linked charge');
  await snap(page, 'patients-prescribe-en-1366');
  await page.getByTestId('rx-save').click();
  await expect(rx).toBeHidden();
  const rows = page.getByTestId('project-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  const first = rows.filter({ hasText: 'Kinesiotherapy' });
  await expect(first).toContainText('0 / 7');

  await first.locator('input[type="checkbox"]').check();
  await page.getByTestId('assign-therapist').click();
  await pick(page, 'assign-select', /李治疗师/);
  await page.getByTestId('assign-ok').click();
  await expect(first).toContainText('李治疗师');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await snap(page, 'patients-detail-en-1920');

  const [card] = await Promise.all([context.waitForEvent('page'), page.getByTestId('print-card').click()]);
  await expect(card).toHaveURL(/^blob:/);

  await page.getByTestId('end-course').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByText('Ended').first()).toBeVisible();
  await expect(first).toContainText('Completed');
  await expect(page.getByTestId('reopen-course')).toBeVisible();
});

test('an inpatient registered in English is discharged from a chosen time', async ({ page }) => {
  const inpatientNo = `ZY-E2E-${Date.now() % 100000}`;
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
  await page.getByTestId('reg-inpatientNo').fill(inpatientNo);
  await page.getByTestId('reg-bedNo').fill('6-01');
  await page.locator('#patientRegister_birthday').click();
  await page.locator('#patientRegister_birthday').fill('1970-05-05');
  await page.keyboard.press('Enter');
  await expect(page.locator('#patientRegister_birthday')).toHaveValue('1970-05-05');
  await pickSearch(page, 'reg-diseaseId', 'knee', /After knee replacement/);
  await pickSearch(page, 'reg-functioningId', 'gjhdsx', /Limited joint mobility/);
  await page.getByTestId('reg-save').click();
  // the detail opens after the save (its screen may still be downloading on a busy machine)
  await expect(page.getByTestId('detail-name')).toHaveText('Oliver Grant', { timeout: 30_000 });
  await page.getByTestId('discharge').click();
  await page.getByTestId('discharge-ok').click();
  await expect(page.getByText('Discharged').first()).toBeVisible();

  const found = await call('POST', '/sys/patient/queryOutPatientPage', {
    token: session.token,
    data: { patientNo: inpatientNo, courseStatus: 2 },
  });
  expect(found.data.list[0]).toMatchObject({ status: 3, bedNo: '6-01' });
});

test('empty and unassigned lists, 1920 wide, Chinese', async ({ page }) => {
  // a patient of its own with a project waiting for a therapist
  const patient = await registerOutpatient(session.token);
  const rx = await call('POST', '/sys/treatment/savRecipe', {
    token: session.token,
    data: {
      treatmentId: patient.treatmentId,
      projects: [
        {
          name: '运动疗法',
          execOfficeId: patient.officeId,
          quantity: 1,
          times: 10,
          duration: 40,
          frequency: '1',
          unitPrice: 45,
        },
      ],
    },
  });
  expect(rx.code, rx.msg).toBe(0);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openWithSession(page, session, '/patient/manage?unAssigned=1', 'zh-cn');
  await expect(page.getByTestId('unassigned-switch')).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('search-keyword').fill(patient.initials);
  await page.getByTestId('search-submit').click();
  await expect(
    page.getByTestId('patient-table').locator('tbody tr.ant-table-row', { hasText: patient.name }).first(),
  ).toContainText('未分配');
  await snap(page, 'patients-unassigned-zh-1920');
  await page.getByTestId('search-keyword').fill('不存在的患者');
  await page.getByTestId('search-submit').click();
  await expect(page.getByTestId('patient-table').locator('.ant-empty-description')).toHaveText('暂无数据');
  await snap(page, 'patients-empty-zh-1920');
});

/** Opens the Templates menu of the patient detail and chooses an entry, again until its dialog shows. */
async function courseTemplates(page: Page, entry: RegExp, dialogTestId: string) {
  await expect(async () => {
    await page.getByTestId('course-templates').hover();
    await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: entry }).click({ timeout: 2000 });
    await expect(page.getByTestId(dialogTestId)).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
}

test('the recommended plan proposes the linked projects; some are accepted (Chinese)', async ({ page }) => {
  const patient = await registerOutpatient(session.token);
  await openWithSession(page, session, `/patient/detail/${patient.patientId}/${patient.treatmentId}/0/0`, 'zh-cn');
  await expect(page.getByTestId('detail-name')).toHaveText(patient.name);
  await page.getByTestId('open-recommend').click();
  await expect(page).toHaveURL(/\/patient\/project\/system-recommend-detail\/\d+\/\d+$/);
  await expect(page.getByTestId('recommend-basis')).toContainText('脑梗死');
  await expect(page.getByTestId('recommend-basis')).toContainText('偏瘫');
  // the demo linkage: cerebral infarction with hemiplegia, then cerebral infarction alone
  const rows = page.getByTestId('recommend-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(4);
  await expect(rows.first()).toContainText('偏瘫肢体综合训练');
  await expect(rows.first()).toContainText('疾病与功能诊断');
  await expect(rows.filter({ hasText: '作业疗法' })).toContainText('疾病类型');
  await snap(page, 'patients-recommend-zh-1366');
  // every proposal starts selected; leave occupational therapy out
  await rows.filter({ hasText: '作业疗法' }).locator('input[type="checkbox"]').uncheck();
  await expect(page.getByTestId('recommend-accept')).toContainText('3');
  await page.getByTestId('recommend-accept').click();
  await expect(page.getByTestId('detail-name')).toHaveText(patient.name);
  const projects = page.getByTestId('project-table').locator('tbody tr.ant-table-row');
  await expect(projects).toHaveCount(3);
  await expect(projects.filter({ hasText: '作业疗法' })).toHaveCount(0);
  await expect(projects.filter({ hasText: '针灸' })).toHaveCount(1);

  // again: what is in progress is marked and left unselected
  await page.getByTestId('open-recommend').click();
  await expect(rows.filter({ hasText: '已开具' })).toHaveCount(3);
  await expect(page.getByTestId('recommend-accept')).toContainText('1');
});

test('a recommended plan is edited before prescribing (English)', async ({ page }) => {
  const patient = await registerOutpatient(session.token);
  await openWithSession(
    page,
    session,
    `/patient/project/system-recommend-detail/${patient.patientId}/${patient.treatmentId}`,
    'en',
  );
  await expect(page.getByRole('heading', { name: 'Recommended plan' })).toBeVisible();
  await expect(page.getByTestId('recommend-table').locator('tbody tr.ant-table-row').first()).toContainText(
    'Disease and function diagnosis',
  );
  await snap(page, 'patients-recommend-en-1366');
  await page.getByTestId('recommend-edit').click();
  const rx = page.locator('.ant-modal').filter({ has: page.getByTestId('rx-table') });
  await expect(rx.getByTestId('rx-table').locator('tbody tr.ant-table-row')).toHaveCount(4);
  const acupuncture = rx.getByTestId('rx-table').locator('tbody tr.ant-table-row', { hasText: 'Acupuncture' });
  await acupuncture.getByTestId('rx-frequency').fill('1/2');
  await page.getByTestId('rx-save').click();
  await expect(rx).toBeHidden();
  await expect(page.getByTestId('detail-name')).toHaveText(patient.name);
  const projects = page.getByTestId('project-table').locator('tbody tr.ant-table-row');
  await expect(projects).toHaveCount(4);
  // acupuncture 10 days every other day: 5 sessions
  await expect(projects.filter({ hasText: 'Acupuncture' })).toContainText('0 / 5');
});

test('case and prescription templates saved from one patient are applied to another (English)', async ({ page }) => {
  const suffix = Date.now() % 100000;
  const caseName = `Neck pain case ${suffix}`;
  const rxName = `Neck pain set ${suffix}`;
  const first = await registerOutpatient(session.token, {
    chiefComplaint: '颈痛伴右上肢麻木 2 月',
    tcmDiagnosis: '项痹病',
  });
  const templates = (await call('GET', '/sys/projecttemplate/selectBox', { token: session.token })).data as {
    id: number;
    name: string;
  }[];
  const byName = (name: string) => templates.find((x) => x.name === name)!.id;
  const rx = await call('POST', '/sys/treatment/savRecipe', {
    token: session.token,
    data: {
      treatmentId: first.treatmentId,
      projects: [
        {
          templateId: byName('颈椎牵引'),
          name: '颈椎牵引',
          execOfficeId: first.officeId,
          quantity: 1,
          times: 10,
          duration: 20,
          frequency: '1',
          unitPrice: 15,
        },
        {
          templateId: byName('中频脉冲电治疗'),
          name: '中频脉冲电治疗',
          execOfficeId: first.officeId,
          quantity: 2,
          times: 10,
          duration: 20,
          frequency: '1/2',
          unitPrice: 18,
        },
      ],
    },
  });
  expect(rx.code, rx.msg).toBe(0);

  await openWithSession(page, session, `/patient/detail/${first.patientId}/${first.treatmentId}/0/0`, 'en');
  await expect(page.getByTestId('detail-name')).toHaveText(first.name);
  await courseTemplates(page, /Save as case template/, 'case-template-name');
  await page.getByTestId('case-template-save').click();
  await expect(page.getByText('Please enter a name')).toBeVisible();
  await page.getByTestId('case-template-name').fill(caseName);
  await snap(page, 'patients-save-case-en-1366');
  await page.getByTestId('case-template-save').click();
  await expect(page.getByTestId('case-template-name')).toBeHidden();
  await courseTemplates(page, /Save projects as prescription template/, 'prescription-template-name');
  await page.getByTestId('prescription-template-name').fill(rxName);
  await page.getByTestId('prescription-template-save').click();
  await expect(page.getByTestId('prescription-template-name')).toBeHidden();

  // another patient: the case template fills the course, the prescription template the prescribing table
  const second = await registerOutpatient(session.token);
  await page.goto(`/patient/detail/${second.patientId}/${second.treatmentId}/0/0`);
  await expect(page.getByTestId('detail-name')).toHaveText(second.name);
  await courseTemplates(page, /Apply a case template/, 'apply-case-select');
  await pickSearch(page, 'apply-case-select', caseName, new RegExp(caseName));
  await expect(page.getByTestId('apply-case-preview')).toContainText('颈痛伴右上肢麻木');
  await snap(page, 'patients-apply-case-en-1366');
  await page.getByTestId('apply-case-ok').click();
  await expect(page.getByTestId('current-course')).toContainText('颈痛伴右上肢麻木 2 月');
  await expect(page.getByTestId('current-course')).toContainText('项痹病');

  await page.getByTestId('prescribe').click();
  const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('rx-table') });
  const rxRows = dialog.getByTestId('rx-table').locator('tbody tr.ant-table-row');
  await pickOption(page, page.getByTestId('rx-prescription'), rxName, {
    showsPick: false,
    confirm: () => expect(rxRows).toHaveCount(2, { timeout: 1000 }),
  });
  await expect(dialog.getByTestId('rx-table').locator('tbody tr.ant-table-row').nth(1)).toContainText(
    'Medium-frequency electrotherapy',
  );
  await page.getByTestId('rx-save').click();
  await expect(dialog).toBeHidden();
  const projects = page.getByTestId('project-table').locator('tbody tr.ant-table-row');
  await expect(projects).toHaveCount(2);
  await expect(projects.filter({ hasText: 'Cervical traction' })).toContainText('0 / 10');

  // both are listed on the templates screen
  await page.goto('/mypatient/template/case');
  await expect(page.getByTestId('case-table')).toContainText(caseName);
  await snap(page, 'patients-templates-case-en-1366');
  await page.getByRole('tab', { name: 'Prescription templates' }).click();
  await expect(page).toHaveURL(/\/mypatient\/template\/prescription$/);
  await expect(page.getByTestId('prescription-table')).toContainText(rxName);
});

test('project linkage is maintained by diagnosis and read by project (Chinese, then English)', async ({ page }) => {
  await openWithSession(page, session, '/maintainTreat/linkageProject', 'zh-cn');
  await expect(page.getByRole('heading', { name: '项目联动' })).toBeVisible();
  await expect(page.getByTestId('linkage-table')).toContainText('脑梗死');
  await snap(page, 'patients-linkage-zh-1366');
  await page.getByTestId('linkage-add').click();
  await page.getByTestId('linkage-save').click();
  await expect(page.getByText('请选择疾病类型或功能诊断（或两者）')).toBeVisible();
  // a pair no demo linkage has: frozen shoulder with reduced ADL (a retry finds it taken: 409 under the field)
  await pickSearch(page, 'linkage-disease', 'jzy', /肩周炎/);
  await pickSearch(page, 'linkage-functioning', 'rcsh', /日常生活活动能力下降/);
  const templates = page.getByTestId('linkage-templates');
  await pickOption(page, templates, '推拿', { search: '推拿' });
  await page.keyboard.press('Escape');
  await snap(page, 'patients-linkage-add-zh-1366');
  await page.getByTestId('linkage-save').click();
  await expect(page.getByTestId('linkage-table').locator('tbody tr', { hasText: '肩周炎' }).first()).toContainText(
    '推拿',
  );
  await page.getByTestId('linkage-view').getByText('按项目').click();
  await expect(page).toHaveURL(/\/maintainTreat\/projectLinkage$/);
  await expect(
    page.getByTestId('project-linkage-table').locator('tbody tr', { hasText: '推拿' }).first(),
  ).toContainText('肩周炎 + 日常生活活动能力下降');

  await page.evaluate(() => localStorage.setItem('user-locale', JSON.stringify('en')));
  await page.goto('/maintainTreat/linkageProject');
  await expect(page.getByRole('heading', { name: 'Project linkage' })).toBeVisible();
  await expect(page.getByTestId('linkage-table')).toContainText('Frozen shoulder');
  await snap(page, 'patients-linkage-en-1366');
});

test('combo templates are maintained; my patients and the outpatients with their visits', async ({ page }) => {
  const comboName = `颈肩组合 ${Date.now() % 100000}`;
  await openWithSession(page, session, '/maintainTreat/comboTemplate', 'zh-cn');
  await expect(page.getByRole('heading', { name: '组合套餐' })).toBeVisible();
  await page.getByTestId('combo-add').click();
  await page.getByTestId('combo-name').fill(comboName);
  await pickSearch(page, 'combo-item-template', '颈椎牵引', /颈椎牵引/);
  await page.getByTestId('combo-item-add').click();
  const second = page.getByTestId('combo-item-template').nth(1);
  await pickOption(page, second, '推拿', { search: '推拿' });
  await snap(page, 'patients-combo-add-zh-1366');
  await page.getByTestId('combo-save').click();
  await expect(page.getByTestId('combo-table').locator('tbody tr', { hasText: comboName })).toContainText('推拿 × 1');
  await snap(page, 'patients-combo-zh-1366');

  // my patients: the administrator treats nobody; outpatients: outpatients only, a row opens the visits
  await page.goto('/mypatient/list');
  await expect(page.getByRole('heading', { name: '我的患者' })).toBeVisible();
  await expect(page.getByTestId('scope-switch')).toHaveCount(0);
  const patient = await registerOutpatient(session.token);
  await page.goto('/outpatient/list');
  await expect(page.getByRole('heading', { name: '门诊患者' })).toBeVisible();
  await page.getByTestId('search-keyword').fill(patient.initials);
  await page.getByTestId('search-submit').click();
  // names of the generated patients may repeat: open this patient's own row
  await page
    .getByTestId('patient-table')
    .locator(`a[href="/outpatient/detail/${patient.patientId}/${patient.treatmentId}"]`)
    .click();
  await expect(page).toHaveURL(new RegExp(`/outpatient/detail/${patient.patientId}/${patient.treatmentId}$`));
  await expect(page.getByTestId('visit-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
  // issue 21: at 1366 the visit totals are in view and the table does not scroll sideways
  const visits = page.getByTestId('visit-table');
  await expect(visits.locator('thead th', { hasText: '项目总价' })).toBeVisible();
  expect(await visits.locator('.ant-table-content').evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
  await snap(page, 'patients-outpatient-detail-zh-1366');
  await page.getByTestId('visit-cancel').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('visit-table').locator('tbody tr.ant-table-row').first()).toContainText('已取消');
});
