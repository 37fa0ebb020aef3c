import { expect, type Page } from '@playwright/test';
import {
  test,
  DEMO,
  attempt,
  call,
  confirmUntil,
  idNumber,
  openWithSession,
  pickOption,
  signInStaffSession,
  snap,
  type Json,
} from './fixtures';

/**
 * Prescription management (/mypatient/prescription/manage) in Chinese and in English: the doctor prescribes two
 * projects to a new patient through the API, finds them on the screen by the patient's name, sees the all-prescribers
 * scope, and ends one of them with the batch action. Each language uses its own patient.
 */

async function patientWithProjects(token: string, name: string, seq: string) {
  const disease = await call('POST', '/sys/diseases/getDiseaseList', { token, data: { keyword: 'ngs' } });
  const fn = await call('POST', '/sys/functioning/getFunctioningList', { token, data: { keyword: '偏瘫' } });
  const staff = await call('GET', '/sys/patient/staff', { token });
  const office = staff.data.offices[1].id;
  const reg = await call('POST', '/sys/patient/saveOutPatient', {
    token,
    data: {
      patientType: 1,
      name,
      idNumber: idNumber(`31010419790214${seq}`),
      phone: '13966668888',
      diseaseId: disease.data[0].id,
      functioningId: fn.data[0].id,
      officeId: office,
      outpatientNo: `E2ERX${seq}`,
    },
  });
  expect(reg.code, reg.msg).toBe(0);
  const project = (projectName: string) => ({
    name: projectName,
    execOfficeId: office,
    quantity: 1,
    unitName: '次',
    times: 10,
    duration: 30,
    frequency: '1',
    unitPrice: 35,
  });
  const rx = await call('POST', '/sys/treatment/savRecipe', {
    token,
    data: { treatmentId: reg.data.treatmentId, projects: [project('作业疗法'), project('言语训练')] },
  });
  expect(rx.code, rx.msg).toBe(0);
  return rx.data.ids as number[];
}

let doctor: Json;
test.beforeAll(async () => {
  doctor = await signInStaffSession(DEMO.doctor);
});

const cases = [
  {
    locale: 'zh-cn' as const,
    name: '方处甲',
    seq: '241',
    end: '批量结束',
    inProgress: '进行中',
    mineLabel: '我开具的',
    allLabel: '全部处方',
  },
  {
    locale: 'en' as const,
    name: '方处乙',
    seq: '352',
    end: 'End selected',
    inProgress: 'In progress',
    mineLabel: 'Prescribed by me',
    allLabel: 'All prescriptions',
  },
];

async function search(page: Page, keyword: string) {
  await page.getByTestId('rx-keyword').fill(keyword);
  await page.getByTestId('rx-submit').click();
}

for (const c of cases) {
  test(`prescriptions in ${c.locale}: filter by patient, switch scope, batch end`, async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 800 });
    // a retry (CI) runs on the data of the first attempt, whose patient is registered and has a project ended: it
    // registers a patient of its own, whose name does not contain the first one's (the search is by name)
    const name = attempt() ? `方${'再又'[attempt() - 1]}${c.name.slice(2)}` : c.name;
    const seq = String(Number(c.seq) + 100 * attempt());
    const ids = await patientWithProjects(doctor.token as string, name, seq);
    await openWithSession(page, doctor, '/mypatient/prescription/manage', c.locale);
    const screen = page.getByTestId('prescription-manage');
    await expect(screen).toBeVisible();
    await expect(page.getByTestId('rx-scope')).toContainText(c.mineLabel);

    await search(page, name);
    const table = page.getByTestId('rx-table');
    await expect(page.getByTestId(`rx-project-${ids[0]}`)).toBeVisible();
    await expect(page.getByTestId(`rx-project-${ids[1]}`)).toBeVisible();
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(2);
    await snap(page, `prescriptions-${c.locale}`);
    // related data share columns: at 1366 px the table fits without scrolling sideways
    const fits = () =>
      table
        .locator('.ant-table-content, .ant-table-body')
        .first()
        .evaluate((el) => el.scrollWidth <= el.clientWidth);
    expect(await fits()).toBe(true);

    // the batch end of one project: it turns completed and the in-progress filter no longer shows it
    await table.locator(`tr[data-row-key="${ids[0]}"] .ant-checkbox-input`).check();
    await confirmUntil(
      page.getByTestId('rx-batch-end'),
      page.locator(
        '.ant-popover:not(.ant-popover-hidden):not(.ant-zoom-big-leave) .ant-popconfirm-buttons .ant-btn-primary',
      ),
      table.locator(`tr[data-row-key="${ids[0]}"] .ant-tag-success`),
    );
    await expect(page.getByTestId(`rx-end-${ids[0]}`)).toHaveCount(0);
    await pickOption(page, page.getByTestId('rx-status'), c.inProgress);
    await page.getByTestId('rx-submit').click();
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
    await expect(page.getByTestId(`rx-project-${ids[1]}`)).toBeVisible();

    // every prescriber's projects: the same rows are there, at /mypatient/prescription/manage/all
    await page.getByTestId('rx-scope').getByText(c.allLabel).click();
    await expect(page).toHaveURL(/\/mypatient\/prescription\/manage\/all$/);
    await expect(page.getByTestId('rx-scope').locator('.ant-segmented-item-selected')).toContainText(c.allLabel);
    await expect(page.getByTestId(`rx-project-${ids[1]}`)).toBeVisible();
    await snap(page, `prescriptions-all-${c.locale}`);
    await page.setViewportSize({ width: 1920, height: 1000 });
    expect(await fits()).toBe(true);
    await snap(page, `prescriptions-all-${c.locale}-1920`);

    // the project link opens the patient's project detail
    await page.getByTestId(`rx-project-${ids[1]}`).click();
    await expect(page).toHaveURL(new RegExp(`/patient/project/${ids[1]}$`));
  });
}
