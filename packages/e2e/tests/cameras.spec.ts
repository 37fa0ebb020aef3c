import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO, call, fillField, openWithSession, signInAdminSession, snap, type Json } from './fixtures';

/**
 * Device integration (issue 18), in Chinese and English. The heartbeat wall: the administrator adds a push monitor,
 * the partner system reports itself down through the push URL, the incident appears (the wall's 10 s refresh
 * fast-forwarded on Playwright's clock), is acknowledged, and resolves at the next heartbeat.
 */

let admin: Json;

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

test.beforeAll(async () => {
  admin = await signInAdminSession(DEMO.orgAdmin);
});

async function open(browser: Browser, url: string, locale: 'zh-cn' | 'en'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await page.clock.install();
  await openWithSession(page, admin, url, locale);
  return page;
}

const HEARTBEAT = {
  'zh-cn': {
    title: '接口心跳监控',
    name: 'E2E 医保前置机',
    add: '新增监控',
    down: '异常',
    up: '正常',
    open: '未处理',
    ack: '确认',
    acknowledged: /已确认/,
    resolved: /已恢复/,
    reason: '主动报告故障',
  },
  en: {
    title: 'Interface heartbeat monitoring',
    name: 'E2E Insurance front machine',
    add: 'Add monitor',
    down: 'Down',
    up: 'Up',
    open: 'Open',
    ack: 'Acknowledge',
    acknowledged: /Acknowledged by/,
    resolved: /Resolved/,
    reason: 'Reported down',
  },
} as const;

for (const locale of ['zh-cn', 'en'] as const) {
  const w = HEARTBEAT[locale];

  test(`a heartbeat incident appears, is acknowledged and resolves (${locale})`, async ({ browser }) => {
    const page = await open(browser, '/heartbeatMonitoring/index', locale);
    const screen = page.getByTestId('heartbeats-page');
    await expect(screen.getByText(w.title).first()).toBeVisible();
    // the demo wall: the LIS interface is down with an open incident
    await expect(screen.getByTestId('monitor-table').getByText('LIS 检验接口')).toBeVisible();

    await screen.getByTestId('monitor-add').click();
    const form = page.getByTestId('monitor-form');
    await fillField(form.getByTestId('monitor-name'), w.name);
    await page.getByTestId('monitor-save').click();
    const row = screen.getByTestId('monitor-table').locator('tr', { hasText: w.name });
    await expect(row.getByTestId('monitor-status-new')).toBeVisible();

    // the partner system calls its push URL: first alive, then down with its reason
    const list = await call('POST', '/hisHeartbeat/pageInfo', { token: admin.token, data: { name: w.name } });
    const token = list.data.list[0].pushToken as string;
    expect((await call('GET', `/hisHeartbeat/push/${token}`)).data.status).toBe('up');
    expect((await call('GET', `/hisHeartbeat/push/${token}?status=down&msg=HIS-500`)).data.status).toBe('down');
    await page.clock.fastForward(11_000);
    await expect(row.getByTestId('monitor-status-down')).toHaveText(w.down);
    const incident = screen.getByTestId('incident-table').locator('tr', { hasText: w.name }).first();
    await expect(incident.getByTestId('incident-open')).toHaveText(w.open);
    await expect(incident).toContainText(w.reason);
    await expect(incident).toContainText('HIS-500');
    await snap(page, `heartbeats-${locale}-1366`);

    await incident.getByTestId('incident-ack').click();
    await expect(incident.getByTestId('incident-acknowledged')).toHaveText(w.acknowledged);

    expect((await call('GET', `/hisHeartbeat/push/${token}`)).data.status).toBe('up');
    await page.clock.fastForward(11_000);
    await expect(row.getByTestId('monitor-status-up')).toHaveText(w.up);
    await expect(incident.getByTestId('incident-resolved')).toHaveText(w.resolved);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await snap(page, `heartbeats-${locale}-1920`);
    await page.context().close();
  });
}
