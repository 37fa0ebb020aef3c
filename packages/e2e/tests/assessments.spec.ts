import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { test, ARTIFACTS, DEMO, call, openWithSession, snap, type Json, signInStaffSession } from './fixtures';

/**
 * Assessments (issue 6): a therapist fills in a Berg Balance Scale from the assessment list, stores it temporarily,
 * comes back and resumes it, submits, sees the server's total and band, and downloads the PDF report; then looks at
 * the patient's assessments and the report chart. Each run plans its own project, so the demo rows stay as they are.
 * In Chinese and in English, at 1366 px.
 */

const DEMO_ACCOUNT = DEMO.therapist;

let signedIn: Json | undefined;
/** The therapist's browser session, signed in once for the file. */
const therapistSession = async () => (signedIn ??= await signInStaffSession(DEMO_ACCOUNT));

/** Plans a BBS mid-term assessment of a demo course for the therapist; answers its report name and course. */
async function planBbs(session: Json, reportName: string) {
  const token = session.token as string;
  const demo = await call('POST', '/sys/assess/list', { token, data: { type: 'all', limit: 1 } });
  expect(demo.code, demo.msg).toBe(0);
  const { treatmentId, patientId, patientName } = demo.data.list[0];
  const methods = await call('GET', '/sys/method/getScaleByOrganizationId?phase=3', { token });
  const bbs = methods.data.find((m: Json) => m.scaleCode === 'bbs');
  const saved = await call('POST', '/sys/assess/save', {
    token,
    data: {
      treatmentId,
      phase: 3,
      methodIds: [bbs.id],
      assessorId: session.user.id,
      plannedTime: new Date(Date.now() + 3_600_000).toISOString(),
      reportName,
    },
  });
  expect(saved.code, saved.msg).toBe(0);
  return { id: saved.data.ids[0] as number, treatmentId, patientId, patientName };
}

/** Picks a score by its worded option: every BBS score shows its criterion beside it ("4 · ..."). */
const answer = async (page: Page, key: string, points: number) => {
  const item = page.getByTestId(`scale-item-${key}`);
  await item.getByText(new RegExp(`^${points} · `)).click();
};

const BBS_KEYS = [
  'sitToStand',
  'standUnsupported',
  'sitUnsupported',
  'standToSit',
  'transfers',
  'eyesClosed',
  'feetTogether',
  'reachForward',
  'pickUp',
  'turnLook',
  'turn360',
  'stepStool',
  'tandem',
  'oneLeg',
];

const cases = [
  {
    locale: 'zh-cn' as const,
    words: {
      mine: '我的评估',
      stored: '已暂存',
      band: '低跌倒风险（可独立步行）',
      pdf: '下载报告',
      report: '评估报告',
      criterion: '4 · 不用手扶能够独立站起并保持稳定',
      assessedAt: '评定时间',
      preview: '预览',
      colon: '：',
    },
  },
  {
    locale: 'en' as const,
    words: {
      mine: 'My assessments',
      stored: 'Stored',
      band: 'Low fall risk (independent)',
      pdf: 'Download report',
      report: 'Assessment report',
      criterion: '4 · Able to stand without using hands and stabilize independently',
      assessedAt: 'assessed at',
      preview: 'Preview',
      colon: ': ',
    },
  },
];

for (const { locale, words } of cases) {
  test(`a therapist fills in a BBS: store, resume, submit, band, PDF (${locale})`, async ({ page }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    const session = await therapistSession();
    const reportName = `E2E BBS ${locale} ${Date.now() % 100000}`;
    const planned = await planBbs(session, reportName);

    // the list: my assessments, found by report name
    await openWithSession(page, session, '/recovery/list/mine', locale);
    await expect(page.getByTestId('assess-tab-mine')).toHaveText(words.mine);
    await page.locator('#assess-keyword').fill(reportName);
    await page.locator('#assess-keyword').press('Enter');
    const row = page.getByTestId(`assess-row-${planned.id}`);
    await expect(row).toBeVisible();
    await snap(page, `assessments-list-${locale}`);
    await row.getByTestId('assess-fill').click();

    // the gauge: no sidebar; half the items, then store temporarily
    await expect(page).toHaveURL(new RegExp(`/gauge/${planned.id}/\\d+/`));
    await expect(page.getByTestId('gauge-title')).toContainText('BBS');
    await expect(page.locator('.ant-layout-sider')).toHaveCount(0);
    // every score carries its published criterion (issue 21), shown in full beside it
    await expect(page.getByTestId('scale-item-sitToStand').getByText(words.criterion, { exact: true })).toBeVisible();
    for (const key of BBS_KEYS.slice(0, 7)) await answer(page, key, 4);
    await expect(page.getByTestId('scale-total')).toHaveText('28');
    await page.getByTestId('gauge-store').click();
    await expect(page.getByText(words.stored).first()).toBeVisible();
    await snap(page, `assessments-gauge-draft-${locale}`);
    // the worded criteria on a wide screen too
    await page.setViewportSize({ width: 1920, height: 1080 });
    await snap(page, `assessments-gauge-draft-1920-${locale}`);
    await page.setViewportSize({ width: 1366, height: 768 });

    // come back later: the draft is resumed
    await page.goto('/recovery/list/mine');
    await page.locator('#assess-keyword').fill(reportName);
    await page.locator('#assess-keyword').press('Enter');
    await expect(row.getByTestId('assess-status')).not.toHaveText('');
    await row.getByTestId('assess-fill').click();
    await expect(page.getByTestId('gauge-resumed')).toBeVisible();
    await expect(page.getByTestId('scale-total')).toHaveText('28');

    // the rest, submit; the server's total and band
    for (const key of BBS_KEYS.slice(7)) await answer(page, key, 3);
    await expect(page.getByTestId('scale-total')).toHaveText('49');
    await expect(page.getByTestId('scale-band')).toHaveText(words.band);
    await page.getByTestId('gauge-submit').click();
    // the confirm's own OK button, by its test id rather than any open popover's primary button
    await page.getByTestId('gauge-submit-ok').click();
    await expect(page.getByTestId('gauge-result-total')).toHaveText('49');
    await expect(page.getByTestId('gauge-result-band')).toHaveText(words.band);
    await expect(page.getByTestId('gauge-store')).toHaveCount(0);
    await expect(page.getByTestId('gauge-submitted-by')).toContainText(words.assessedAt);
    await snap(page, `assessments-gauge-submitted-${locale}`);

    // the PDF report
    const downloading = page.waitForEvent('download');
    await page.getByTestId('gauge-pdf').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const file = await download.path();
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    await download.saveAs(path.join(ARTIFACTS, `assessments-report-${locale}.pdf`));

    // the project page: a report attachment uploaded through the screen; the read-only detail with the history
    await page.goto(`/recovery/project/${planned.id}`);
    await page.locator('[data-testid="assess-attachments"] input[type="file"]').setInputFiles({
      name: `scan-${locale}.pdf`,
      mimeType: 'application/pdf',
      // the report just downloaded: a real PDF, so that the preview below shows a page
      buffer: fs.readFileSync(file),
    });
    await expect(page.getByTestId('attachment-name')).toHaveText(`scan-${locale}.pdf`);
    await snap(page, `assessments-project-${locale}`);

    // issue 20: the attachment previews in its 800 px dialog, fetched with the token into a blob: URL
    await page.setViewportSize({ width: 1366, height: 768 });
    // the blob: URLs the page revokes (fetching a revoked one would be refused by connect-src before anything else)
    await page.evaluate(() => {
      const w = window as unknown as { revokedUrls: string[] };
      w.revokedUrls = [];
      const revoke = URL.revokeObjectURL.bind(URL);
      URL.revokeObjectURL = (u: string) => {
        w.revokedUrls.push(u);
        revoke(u);
      };
    });
    await page.getByTestId('attachment-preview').click();
    const pdf = page.getByTestId('preview-pdf');
    await expect(pdf).toHaveAttribute('src', /^blob:/);
    await expect(page.locator('.ant-modal-title')).toHaveText(`${words.preview}${words.colon}scan-${locale}.pdf`);
    // the dialog zooms in: its width is 800 once the animation has ended
    await expect.poll(async () => (await page.locator('.ant-modal').boundingBox())?.width).toBe(800);
    await snap(page, `assessments-preview-pdf-${locale}`);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await snap(page, `assessments-preview-pdf-1920-${locale}`);
    const pdfUrl = (await pdf.getAttribute('src'))!;
    await page.getByTestId('preview-close').click();
    await expect(page.getByTestId('preview-body')).toHaveCount(0);
    // closing revokes the blob: URL
    expect(await page.evaluate(() => (window as unknown as { revokedUrls: string[] }).revokedUrls)).toContain(pdfUrl);

    // an image (one format a project: another project of the therapist), a real PNG of the page itself
    const photo = await page.screenshot({ clip: { x: 0, y: 0, width: 480, height: 300 } });
    const other = await planBbs(session, `${reportName} photo`);
    await page.goto(`/recovery/project/${other.id}`);
    await page.locator('[data-testid="assess-attachments"] input[type="file"]').setInputFiles({
      name: `photo-${locale}.png`,
      mimeType: 'image/png',
      buffer: photo,
    });
    await expect(page.getByTestId('attachment-name')).toHaveText(`photo-${locale}.png`);
    await expect(page.getByTestId('attachment-preview')).toHaveText(words.preview);
    await page.getByTestId('attachment-preview').click();
    const img = page.getByTestId('preview-image');
    await expect(img).toHaveAttribute('src', /^blob:/);
    // decoded: as wide as the PNG's header says
    await expect.poll(() => img.evaluate((e: HTMLImageElement) => e.naturalWidth)).toBe(photo.readUInt32BE(16));
    await snap(page, `assessments-preview-image-1920-${locale}`);
    await page.setViewportSize({ width: 1366, height: 768 });
    await snap(page, `assessments-preview-image-${locale}`);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('preview-body')).toHaveCount(0);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`/recovery/project/${planned.id}`);
    await expect(page.getByTestId('attachment-name')).toHaveText(`scan-${locale}.pdf`);
    await page.getByTestId('project-view').click();
    await expect(page.getByTestId('assess-detail')).toBeVisible();
    await expect(page.getByTestId('scale-total')).toHaveText('49');
    await snap(page, `assessments-detail-${locale}`);

    // the report page and the patient's chart
    await page.goto(`/recovery/view-report?id=${planned.id}`);
    await expect(page.getByTestId('report-frame')).toBeVisible();
    await expect(page.getByTestId('report-download')).toHaveText(words.pdf);
    await snap(page, `assessments-view-report-${locale}`);
    await page.goto(`/patient/assess-project/${planned.treatmentId}`);
    await expect(page.getByTestId(`assess-row-${planned.id}`).getByTestId('assess-score')).toContainText('49');
    await snap(page, `assessments-patient-${locale}`);
    await page.getByTestId('assess-add').click();
    await expect(page.getByTestId('assess-add-form')).toBeVisible();
    await snap(page, `assessments-add-dialog-${locale}`);
    await page.keyboard.press('Escape');
    await page.getByTestId('open-patient-report').click();
    await expect(page.getByTestId('report-chart-bbs')).toBeVisible();
    await expect(page.getByTestId('report-scale-bbs')).toContainText('49');
    await snap(page, `assessments-patient-report-${locale}`);
  });
}
