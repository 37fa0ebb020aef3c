import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Browser } from '@playwright/test';
import { BASE_URL, DEMO, call, signInAdminSession, snap, test, type Json } from './fixtures';
import { HIS_TEST_SECRET } from './servers';

// Issue 20: /treatmentRecord/treatmentIframe inside the hospital system's own page. A stand-in hospital system (a page
// of another origin, allowed by HIS_FRAME_ANCESTORS on the servers) frames the address it signed for its user with
// its number of the patient; the frame signs in by itself and shows the patient's courses and executed treatments.

let admin: Json;
let order: Json;
/** the stand-in hospital system: one page that frames the address of its `src` query parameter */
let his: http.Server;
let hisOrigin: string;

test.beforeAll(async () => {
  his = http.createServer((req, res) => {
    const src = new URL(req.url ?? '/', 'http://localhost').searchParams.get('src') ?? '';
    const attr = src.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><head><title>HIS</title></head><body style="margin:0;font-family:sans-serif">
      <header style="padding:8px 16px;background:#e6f0ff">Hospital information system</header>
      <iframe id="rehab" title="rehab" src="${attr}" style="border:0;width:100%;height:680px"></iframe>
    </body></html>`);
  });
  await new Promise<void>((resolve) => his.listen(0, 'localhost', resolve));
  hisOrigin = `http://localhost:${(his.address() as AddressInfo).port}`;

  admin = await signInAdminSession(DEMO.orgAdmin);
  const executed = await call('POST', '/sys/referral/list', {
    token: admin.token,
    data: { status: 3, page: 1, limit: 50 },
  });
  expect(executed.code, executed.msg).toBe(0);
  order = executed.data.list.find((o: Json) => o.outpatientNo);
  expect(order, 'a demo executed order with an outpatient number').toBeTruthy();
});

test.afterAll(async () => {
  await new Promise((resolve) => his?.close(resolve));
});

/** The address the hospital system frames: its user, signed now, and its number of the patient. */
function signedAddress(userId: number, patientNo: string) {
  const ts = Date.now();
  const sign = crypto.createHmac('sha256', HIS_TEST_SECRET).update(`${userId}.${ts}`).digest('hex');
  return `${BASE_URL}/treatmentRecord/treatmentIframe?id=${userId}&ts=${ts}&sign=${sign}&patientNo=${encodeURIComponent(patientNo)}`;
}

/** A tab on the hospital system's page that frames `src`. */
async function hisPage(browser: Browser, src: string, locale: 'zh-cn' | 'en', width = 1366) {
  // the frame is denied storage of its own (a third party on the hospital system's page): it speaks the browser's
  // language
  const context = await browser.newContext({
    viewport: { width, height: 768 },
    locale: locale === 'en' ? 'en-US' : 'zh-CN',
  });
  const page = await context.newPage();
  await page.goto(`${hisOrigin}/patient/record?src=${encodeURIComponent(src)}`);
  return { page, frame: page.frameLocator('#rehab') };
}

for (const locale of ['zh-cn', 'en'] as const) {
  test(`the hospital system frames a patient's treatment record (${locale})`, async ({ browser }) => {
    const src = signedAddress(admin.user.id, order.outpatientNo);
    const { page, frame } = await hisPage(browser, src, locale, locale === 'en' ? 1920 : 1366);
    const patient = frame.getByTestId('treatment-record-patient');
    await expect(patient).toContainText(order.patientName);
    await expect(patient).toContainText(locale === 'en' ? 'Outpatient' : '门诊');
    const rows = frame.getByTestId('treatment-record-orders').locator('tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible();
    await expect(frame.getByTestId('treatment-record-orders')).toContainText(
      locale === 'en' ? 'Completed at' : '完成时间',
    );
    // no shell, no way out of the frame
    await expect(frame.locator('aside, .ant-layout-sider, nav a')).toHaveCount(0);
    await snap(page, `treatment-record-${locale}`);

    // the same signed address in another tab: a signature is used once
    const again = await hisPage(browser, src, locale);
    await expect(again.frame.getByTestId('treatment-record-error')).toContainText(
      locale === 'en' ? 'already used' : '已使用',
    );
    await snap(again.page, `treatment-record-replayed-${locale}`);
    await again.page.context().close();

    // a number the organization does not know: said in the reader's language
    const unknown = await hisPage(browser, signedAddress(admin.user.id, 'NO-SUCH-NUMBER'), locale);
    await expect(unknown.frame.getByTestId('treatment-record-error')).toContainText(
      locale === 'en' ? 'No patient of this organization has this number' : '本机构没有此编号的患者',
    );
    await unknown.page.context().close();
    await page.context().close();
  });
}
