import { expect, type Page } from '@playwright/test';
import {
  test,
  DEMO,
  call,
  openWithSession,
  pickOption,
  signInAdminSession,
  signInStaffSession,
  snap,
  type Json,
} from './fixtures';

/**
 * Shift management (/shiftManage) and the doctor's schedule (/schedule/doctor) in both languages. The shift is set on
 * a week far ahead (a different one per language) and cleared again at the end, so the demo weeks stay as seeded.
 */
const cases = [
  {
    locale: 'zh-cn' as const,
    weeksAhead: 30,
    words: {
      title: '班次管理',
      next: '下一周',
      off: '休息',
      saved: '已保存 1 个班次',
      doctor: '医生排班',
      booked: '已排班',
    },
  },
  {
    locale: 'en' as const,
    weeksAhead: 31,
    words: {
      title: 'Shift management',
      next: 'Next week',
      off: 'Off',
      saved: '1 shifts saved',
      doctor: "Doctor's schedule",
      booked: 'Booked',
    },
  },
];

const mondayOf = (date: Date) => {
  const d = new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d;
};

const pickIn = (page: Page, select: ReturnType<Page['getByTestId']>, text: string) => pickOption(page, select, text);

for (const { locale, weeksAhead, words } of cases) {
  test.describe(`shifts (${locale})`, () => {
    test('sets a shift in the week grid and sees it saved', async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: 1366, height: 900 });
      const admin: Json = await signInAdminSession(DEMO.orgAdmin);
      await openWithSession(page, admin, '/shiftManage', locale);
      await expect(page.getByText(words.title).first()).toBeVisible();
      await expect(page.getByTestId('shift-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
      await snap(page, `shifts-grid-${locale}`);
      for (let i = 0; i < weeksAhead; i++) await page.getByTestId('shift-next').click();
      const monday = mondayOf(new Date());
      monday.setUTCDate(monday.getUTCDate() + 7 * weeksAhead);
      const weekStart = monday.toISOString().slice(0, 10);
      monday.setUTCDate(monday.getUTCDate() + 2);
      const wednesday = monday.toISOString().slice(0, 10);
      const list = await call('POST', '/sys/shift/list', { token: admin.token, data: { weekStart } });
      expect(list.code, list.msg).toBe(0);
      const therapistId = list.data.list[0].therapistId as number;
      const cell = page.getByTestId(`shift-cell-${therapistId}-${wednesday}`);
      await expect(cell).toBeVisible();
      await pickIn(page, cell, words.off);
      await page.getByTestId('shift-save').click();
      await expect(page.getByText(words.saved)).toBeVisible();
      const after = await call('POST', '/sys/shift/list', { token: admin.token, data: { weekStart } });
      const row = after.data.list.find((r: Json) => r.therapistId === therapistId);
      expect(row.shifts[wednesday]).toBe('off');
      await snap(page, `shifts-set-${locale}`);
      // leave the week as it was
      const cleared = await call('POST', '/sys/shift/save', {
        token: admin.token,
        data: { weekStart, list: [{ therapistId, date: wednesday, shift: null }] },
      });
      expect(cleared.code, cleared.msg).toBe(0);
    });

    test("shows the doctor's schedule of the day", async ({ page }) => {
      test.setTimeout(150_000);
      await page.setViewportSize({ width: 1366, height: 900 });
      const doctor = await signInStaffSession(DEMO.doctor);
      const today = await call('POST', '/schedulingManagement/doctorSchedule', { token: doctor.token, data: {} });
      expect(today.code, today.msg).toBe(0);
      await openWithSession(page, doctor, '/schedule/doctor', locale);
      await expect(page.getByText(words.doctor).first()).toBeVisible();
      await expect(page.getByText(words.booked).first()).toBeVisible();
      const rows = page.getByTestId('doctor-scheduled').locator('tbody tr.ant-table-row');
      await expect(rows).toHaveCount(today.data.scheduled.length);
      if (today.data.scheduled.length) {
        await expect(rows.first()).toContainText(today.data.scheduled[0].patientName);
      }
      await expect(page.getByTestId('doctor-unscheduled').locator('tbody tr.ant-table-row')).toHaveCount(
        today.data.unscheduled.length,
      );
      await snap(page, `shifts-doctor-${locale}`);
    });
  });
}
