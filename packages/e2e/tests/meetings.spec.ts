import { expect, type Browser, type Page } from '@playwright/test';
import dayjs from 'dayjs';
import {
  test,
  DEMO,
  call,
  openWithSession,
  pickOption,
  signInAdminSession,
  snap,
  type Json,
  signInStaffSession,
} from './fixtures';

/**
 * Assessment meetings end to end, in Chinese and in English: the doctor arranges a meeting about a demo patient with
 * the therapist as participant; the therapist confirms; the doctor marks them present, writes and submits the
 * report; the organization administrator approves it. Each language arranges its own meeting (no demo row changes).
 */

const POPCONFIRM_OK =
  '.ant-popover:not(.ant-popover-hidden):not(.ant-zoom-big-leave) .ant-popconfirm-buttons .ant-btn-primary';

let admin: Json;
let doctor: Json;
let therapist: Json;
let patientName: string;

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

test.beforeAll(async () => {
  admin = await signInAdminSession(DEMO.orgAdmin);
  doctor = await signInStaffSession(DEMO.doctor, { organizationId: admin.organization.id });
  therapist = await signInStaffSession(DEMO.therapist, { organizationId: admin.organization.id });
  const patients = await call('POST', '/sys/meeting/patients', { token: doctor.token, data: {} });
  patientName = patients.data[0].name;
});

async function open(browser: Browser, session: Json, url: string, locale: 'zh-cn' | 'en'): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openWithSession(page, session, url, locale);
  return page;
}

async function pick(page: Page, testId: string, option: string, search?: string) {
  await pickOption(page, page.getByTestId(testId), option, { search });
  // close a multiple Select's list without closing the dialog
  await page.getByRole('dialog').locator('.ant-modal-title').click();
}

const WORDS = {
  'zh-cn': {
    arranged: '已安排',
    confirmed: '已确认',
    present: '已出席',
    awaiting: '待审核',
    finished: '已完成',
    reviewed: '已审核',
    listHeading: '全部会议',
  },
  en: {
    arranged: 'Arranged',
    confirmed: 'Confirmed',
    present: 'Present',
    awaiting: 'Awaiting review',
    finished: 'Finished',
    reviewed: 'Reviewed',
    listHeading: 'All meetings',
  },
} as const;

for (const locale of ['zh-cn', 'en'] as const) {
  test(`a meeting is arranged, attended, reported and reviewed (${locale})`, async ({ browser }) => {
    const w = WORDS[locale];
    const theme = locale === 'en' ? `E2E case conference ${Date.now()}` : `E2E 评估会议 ${Date.now()}`;
    const therapistName: string = therapist.user.name;

    // the doctor arranges it from the list
    const doc = await open(browser, doctor, '/recovery/meeting/list', locale);
    await expect(doc.getByTestId('meeting-tabs')).toContainText(w.listHeading);
    await expect(doc.getByTestId('meeting-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
    // issue 21: the pagination says what its number is
    await expect(doc.locator('.ant-pagination-total-text')).toHaveText(
      locale === 'en' ? /^\d+ in total$/ : /^共 \d+ 条$/,
    );
    await snap(doc, `meetings-list-${locale}-1366`);
    await doc.getByTestId('meeting-arrange').click();
    const dialog = doc.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await pick(doc, 'meeting-patient', patientName, patientName);
    await doc.getByTestId('meeting-theme').fill(theme);
    await doc.getByTestId('meeting-location').fill(locale === 'en' ? 'Rehab teaching room' : '康复科示教室');
    const when = dayjs().add(2, 'hour').format('YYYY-MM-DD HH:mm');
    const timeInput = dialog.locator('.meeting-time-picker input').first();
    await expect(async () => {
      await timeInput.click();
      await timeInput.fill(when);
      await timeInput.press('Enter');
      await expect(timeInput).toHaveValue(when, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await pick(doc, 'meeting-participants', therapistName);
    await snap(doc, `meetings-arrange-${locale}-1366`);
    await doc.getByTestId('meeting-arrange-save').click();
    await expect(doc).toHaveURL(/\/recovery\/meeting\/detail\/\d+$/);
    const id = Number(doc.url().split('/').at(-1));
    await expect(doc.getByTestId('meeting-theme-title')).toContainText(theme);
    await expect(doc.getByTestId('meeting-theme-title')).toContainText(w.arranged);

    // the therapist confirms attendance on the detail page (the invitation's link)
    const ther = await open(browser, therapist, `/recovery/meeting/detail/${id}`, locale);
    await expect(ther.getByTestId('meeting-my-attendance')).toBeVisible();
    await ther.getByTestId('meeting-confirm').click();
    await expect(ther.getByTestId('meeting-my-attendance')).toHaveText(w.confirmed);
    await snap(ther, `meetings-confirmed-${locale}-1366`);

    // the doctor marks them present, writes the report and submits it
    await doc.reload();
    const therapistId = therapist.user.id as number;
    await expect(doc.getByTestId(`attendance-${therapistId}`)).toHaveText(w.confirmed);
    await doc.getByTestId(`present-${therapistId}`).click();
    await expect(doc.getByTestId(`attendance-${therapistId}`)).toHaveText(w.present);
    const editor = doc.locator('.msg-editor-area');
    await editor.click();
    await doc.keyboard.type(
      locale === 'en' ? 'Goals: walk indoors with a walker within 4 weeks.' : '康复目标：4周内助行器下室内独立步行。',
    );
    await doc.getByTestId('meeting-save-report').click();
    await expect(doc.getByTestId('meeting-report-status').first()).toBeVisible();
    await snap(doc, `meetings-report-draft-${locale}-1366`);
    await doc.getByTestId('meeting-submit-report').click();
    await doc.locator(POPCONFIRM_OK).click();
    await expect(doc.getByTestId('meeting-report')).toContainText(locale === 'en' ? 'walk indoors' : '室内独立步行');
    await expect(doc.getByTestId('meeting-report-status')).toHaveText(w.awaiting);

    // the organization administrator approves it
    const adm = await open(browser, admin, `/recovery/meeting/detail/${id}`, locale);
    await adm.getByTestId('meeting-approve').click();
    await adm.locator(POPCONFIRM_OK).click();
    await expect(adm.getByTestId('meeting-theme-title')).toContainText(w.finished);
    await expect(adm.getByTestId('meeting-report-status')).toHaveText(w.reviewed);
    await expect(adm.getByTestId('meeting-review')).toContainText(admin.user.name);
    await snap(adm, `meetings-reviewed-${locale}-1366`);

    // the therapist sees it finished in "I take part", read-only
    await ther.goto('/recovery/meeting/list/2');
    await ther.getByTestId('meeting-keyword').fill(theme);
    await ther.getByTestId('meeting-search').click();
    const row = ther.getByTestId('meeting-table').locator('tbody tr.ant-table-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(w.finished);
    await expect(row).toContainText(w.present);
    await snap(ther, `meetings-mine-${locale}-1366`);
    for (const p of [doc, ther, adm]) await p.context().close();
  });
}
