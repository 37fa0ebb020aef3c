import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from '@playwright/test';
import { maskName } from '@rehab/shared';
import {
  test,
  attemptSuffix,
  BASE_URL,
  DEMO,
  call,
  openWithSession,
  signInAdminSession,
  snap,
  type Json,
} from './fixtures';

const run = promisify(execFile);
const SIMULATOR = path.resolve(import.meta.dirname, '../../../scripts/device-simulate.mjs');

/**
 * Device integration (issue 18), in both languages: a device registered through the API, the simulator script
 * (npm run device:simulate) runs a session against the server and the HUD shows it live (the device doorbell, well
 * within the HUD's 15 s poll); the device's page and the registry list it; the monitor shows the device go offline
 * once its type's timeout passed, on Playwright's clock (the browser's time), never waited for.
 */
const cases = [
  {
    locale: 'zh-cn' as const,
    size: { width: 1366, height: 768 },
    code: 'E2E-ZH-1',
    words: {
      idle: '当前没有进行中的训练',
      online: '在线',
      offline: '离线',
      registry: '设备接入登记',
      delay: '离线检测延迟',
    },
  },
  {
    locale: 'en' as const,
    size: { width: 1920, height: 1080 },
    code: 'E2E-EN-1',
    words: {
      idle: 'No session is running',
      online: 'Online',
      offline: 'Offline',
      registry: 'Device registry',
      delay: 'Offline detection delay',
    },
  },
];

test.describe.configure({ mode: 'serial' });

let admin: Json;
test.beforeAll(async () => {
  admin = await signInAdminSession(DEMO.orgAdmin);
});

for (const c of cases) {
  test(`a simulated session shows live on the HUD; the monitor shows the device go offline (${c.locale})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    // a retry registers a device of its own: the first attempt's code is taken
    const code = `${c.code}${attemptSuffix('-')}`;
    const made = await call('POST', '/sys/device/save', {
      token: admin.token,
      data: { code, serial: `SN-${code}`, type: 'game', vendor: 'Simulator', model: 'SIM-1' },
    });
    expect(made.code, made.msg).toBe(0);
    const { id, token } = made.data as { id: number; token: string };
    // a patient of the demo sessions: the therapist picked them on the device
    const patient = (await call('GET', '/sys/device/session/patients', { token: admin.token })).data[0] as Json;

    await page.setViewportSize(c.size);
    await openWithSession(page, admin, `/DasEquipment/visualHUD?id=${id}`, c.locale);
    await expect(page.getByTestId('hud-idle')).toContainText(c.words.idle);
    // (the live channel connects about 1.5 s after the page: the 9 s session rings its doorbell long after that)
    // the simulator: a 9 s session, a batch every 600 ms
    const simulated = run(process.execPath, [
      SIMULATOR,
      '--url',
      BASE_URL,
      '--token',
      token,
      '--seconds',
      '9',
      '--interval',
      '600',
      '--patient',
      String(patient.patientId),
      '--session',
      `e2e-${c.locale}-${Date.now()}`,
      '--quiet',
    ]);
    // live: the session and its repetitions appear within seconds, not at the next poll
    await expect(page.getByTestId('hud-session')).toBeVisible({ timeout: 6000 });
    await expect(page.getByTestId('hud-repetitions')).toContainText(/[1-9]/, { timeout: 6000 });
    await expect(page.getByTestId('hud-chart').locator('canvas')).toBeVisible();
    // the patient by masked name only
    await expect(page.getByTestId('hud-session')).toContainText(maskName(patient.name));
    await expect(page.getByTestId('hud-session')).not.toContainText(patient.name);
    await expect(page.getByTestId('hud-repetitions')).toContainText(/^\D*([3-9]|\d\d)/, { timeout: 8000 });
    await snap(page, `devices-hud-${c.locale}`);
    await simulated;
    // ended: the HUD goes back to idle, and the device's page lists the session with its summary
    await expect(page.getByTestId('hud-idle')).toBeVisible({ timeout: 6000 });
    const info = await call('GET', `/sys/device/info/${id}`, { token: admin.token });
    expect(info.data.sessions[0]).toMatchObject({ status: 'ended' });
    expect(info.data.sessions[0].repetitions).toBeGreaterThan(0);
    await page.goto(`/DasEquipment/equipmentInfo?id=${id}`);
    await expect(page.getByText(`${info.data.sessions[0].score}`, { exact: true }).first()).toBeVisible();
    await snap(page, `devices-info-${c.locale}`);

    // the monitor on Playwright's clock: online now, offline once the game type's 120 s passed without data
    const monitor = await browser.newPage({ viewport: c.size });
    await monitor.clock.install();
    await openWithSession(monitor, admin, '/controlManagement/monitor', c.locale);
    const row = monitor.getByTestId(`monitor-row-${code}`);
    await expect(row.getByTestId('device-state')).toHaveText(c.words.online);
    await expect(monitor.getByTestId('detection-delay')).toContainText(c.words.delay);
    await snap(monitor, `devices-monitor-${c.locale}`);
    await monitor.clock.fastForward(125_000);
    await expect(row.getByTestId('device-state')).toHaveText(c.words.offline);
    await snap(monitor, `devices-monitor-offline-${c.locale}`);
    await monitor.close();

    // the registry lists it; the token never shows again
    await page.goto('/maintainSystem/equipment-manage');
    await expect(page.getByRole('main').getByText(c.words.registry)).toBeVisible();
    await expect(page.getByRole('cell', { name: code, exact: true })).toBeVisible();
    expect(await page.content()).not.toContain(token);
    await snap(page, `devices-registry-${c.locale}`);
  });
}

test('training sessions per patient: the chart and the demo sessions', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openWithSession(page, admin, '/DasEquipment/gameDrill', 'zh-cn');
  await expect(page.getByTestId('drill-patient').first()).toBeVisible();
  await expect(page.getByTestId('drill-chart').locator('canvas')).toBeVisible();
  await snap(page, 'devices-drill-zh-cn');
});
