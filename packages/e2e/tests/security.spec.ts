import { expect } from '@playwright/test';
import { test, DEMO, call, openWithSession, signInAdminSession, snap, type Json } from './fixtures';

/**
 * The access log of patient data (issue 22): opening a patient's detail is recorded, the detail shows who has looked
 * at the patient, and the access log screen finds the read by patient and exports what it shows; zh at 1366x768
 * and en at 1920x1080.
 */

let session: Json;
let patient: { patientId: number; treatmentId: number };
test.beforeAll(async () => {
  session = await signInAdminSession(DEMO.orgAdmin);
  const page = await call('POST', '/sys/patient/queryOutPatientPage', {
    token: session.token,
    data: { page: 1, limit: 1 },
  });
  expect(page.code, page.msg).toBe(0);
  const row = page.data.list[0];
  patient = { patientId: row.patientId, treatmentId: row.treatmentId };
});

const cases = [
  {
    locale: 'zh-cn' as const,
    viewport: { width: 1366, height: 768 },
    words: { viewers: '谁查看过', title: '数据访问日志', record: '病历' },
  },
  {
    locale: 'en' as const,
    viewport: { width: 1920, height: 1080 },
    words: { viewers: 'Who has looked', title: 'Access log', record: 'Record' },
  },
];

for (const { locale, viewport, words } of cases) {
  test(`a patient read is in the access log and on the patient detail (${locale})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const detail = `/patient/detail/${patient.patientId}/${patient.treatmentId}/0/0`;
    await openWithSession(page, session, detail, locale);
    const panel = page.getByTestId('patient-viewers');
    await expect(panel).toContainText(words.viewers);
    // this very look is recorded once answered: the panel (again) lists the administrator reading the record
    await expect(async () => {
      await page.reload();
      // the record read, not the latest row: the patient lists also record reads ("list"), newer than this one
      const read = panel.locator('.ant-list-item', { hasText: words.record }).first();
      // a reload on a loaded machine takes seconds before the panel answers: give each try time to finish
      await expect(read).toContainText(session.user.name, { timeout: 10_000 });
    }).toPass({ timeout: 60_000 });
    await snap(page, `access-patient-viewers-${locale}`);

    await page.goto('/system/access-log');
    await expect(page.getByRole('heading', { name: words.title })).toBeVisible();
    await page
      .locator('input[data-testid="access-patient"], [data-testid="access-patient"] input')
      .first()
      .fill(String(patient.patientId));
    await page.getByTestId('access-search-submit').click();
    const rows = page.getByTestId('access-table').locator('tbody tr.ant-table-row');
    await expect(rows.first()).toContainText(String(patient.patientId));
    // the detail's home-training panel reads the patient's tasks too: a "list" row newer than the record read
    await expect(rows.filter({ hasText: words.record }).first()).toContainText(String(patient.patientId));
    await expect(page.getByTestId('access-retention')).toContainText('365');
    await snap(page, `access-log-${locale}`);

    const download = page.waitForEvent('download');
    await page.getByTestId('access-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
  });
}
