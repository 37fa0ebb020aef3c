import { expect, request as playwrightRequest, test } from '@playwright/test';
import { BASE_URL, call, DEMO, openWithSession, sessionFor, signInStaffSession, snap, type Json } from './fixtures';

/**
 * Electronic signatures (issue 19, part B) end to end: the administrator switches CA integration on, sets the test CA
 * provider and binds a certificate to the therapist; the therapist signs a submitted assessment report on its view
 * and sees "valid"; once a report attachment is filed after signing, the same view shows "modified since signing".
 * The signature log (menu shown only with CA on) in Chinese and in English, at 1366x768.
 */

let admin: Json;
let therapist: Json;
let projectId: number;

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

test.beforeAll(async () => {
  const login = await call('POST', '/sys/login', {
    data: { account: DEMO.orgAdmin, password: 'Rehab@2026', loginRoleType: 2, isLogin: 1, rememberMe: 1 },
  });
  expect(login.code, login.msg).toBe(0);
  const token = login.token as string;
  const first = await sessionFor(token);
  const org = first.organization.id as number;
  const soft = await call('POST', '/sys/organizationConfig/listSoftProduct', { token, data: {} });
  const products = soft.data.products.filter((p: Json) => p.enabled).map((p: Json) => p.code);
  const saved = await call('POST', '/sys/organizationConfig/save', {
    token,
    data: { organizationId: org, caIntegration: 1, products },
  });
  expect(saved.code, saved.msg).toBe(0);
  const provider = await call('POST', '/sys/signature/provider/save', {
    token,
    data: { vendor: 'test', signTypes: ['ukey', 'phone'], appId: 'rehab-e2e', appSecret: 'e2e-secret' },
  });
  expect(provider.code, provider.msg).toBe(0);
  therapist = await signInStaffSession(DEMO.therapist, { organizationId: org });
  const bind = await call('POST', '/sys/signature/cert/bind', {
    token,
    data: { userId: therapist.user.id, validDays: 365 },
  });
  expect(bind.code, bind.msg).toBe(0);
  // the menu now holds the signature log: the admin's browser session is taken after CA was switched on
  admin = await sessionFor(token, { organizationId: org });
  const list = await call('POST', '/sys/assess/list', {
    token: therapist.token,
    data: { type: 'all', page: 1, limit: 1, status: 3 },
  });
  expect(list.code, list.msg).toBe(0);
  projectId = list.data.list[0].id;
});

test('a report signed with the test CA shows "valid", then "modified" once an attachment is filed', async ({
  page,
}) => {
  await openWithSession(page, therapist, `/recovery/view-report?id=${projectId}`, 'zh-cn');
  const card = page.getByTestId('report-signature');
  await expect(card.getByTestId('signature-state-none')).toBeVisible();
  await card.getByTestId('report-sign').click();
  await expect(card.getByTestId('signature-state-valid')).toHaveText('有效');
  await expect(card).toContainText(therapist.user.name);
  await snap(page, 'signatures-report-valid-zh');

  // a report attachment filed after signing changes what was signed
  const ctx = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  const up = await ctx.fetch(`/api/sys/assess/attachment/upload/${projectId}`, {
    method: 'POST',
    headers: { token: admin.token },
    multipart: { file: { name: 'later.pdf', mimeType: 'application/pdf', buffer: pdf } },
  });
  expect(((await up.json()) as Json).code).toBe(0);
  await ctx.dispose();
  await page.reload();
  await expect(card.getByTestId('signature-state-modified')).toHaveText('签署后已被修改');
  await snap(page, 'signatures-report-modified-zh');
});

for (const [locale, words] of [
  ['zh-cn', { title: '签名记录', kind: '评定报告', superseded: '已被取代', menu: '签名记录' }],
  ['en', { title: 'Signature log', kind: 'Assessment report', superseded: 'Superseded', menu: 'Signature log' }],
] as const) {
  test(`the signature log in ${locale}`, async ({ page }) => {
    await openWithSession(page, admin, '/signature/log', locale);
    await expect(page.getByRole('heading', { name: words.title })).toBeVisible();
    await expect(page.locator('.ant-menu').getByText(words.menu)).toBeVisible();
    const table = page.getByTestId('signature-log');
    await expect(table.getByText(words.kind).first()).toBeVisible();
    await expect(table.getByTestId('sig-intact').first()).toBeVisible();
    await snap(page, `signatures-log-${locale}`);
  });
}
