import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import {
  test,
  attemptSuffix,
  BASE_URL,
  DEMO,
  call,
  fillField,
  openWithSession,
  signInAdminSession,
  snap,
  type Json,
} from './fixtures';

/**
 * Device integration (issue 18), in Chinese and English. The heartbeat wall: the administrator adds a push monitor,
 * the partner system reports itself down through the push URL, the incident appears (the wall's 10 s refresh
 * fast-forwarded on Playwright's clock), is acknowledged, and resolves at the next heartbeat. The camera wall: below.
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
    // a retry adds a monitor of its own: the first attempt's is still listed
    const name = `${w.name}${attemptSuffix()}`;
    const page = await open(browser, '/heartbeatMonitoring/index', locale);
    const screen = page.getByTestId('heartbeats-page');
    await expect(screen.getByText(w.title).first()).toBeVisible();
    // the demo wall: the LIS interface is down with an open incident
    await expect(screen.getByTestId('monitor-table').getByText('LIS 检验接口')).toBeVisible();

    await screen.getByTestId('monitor-add').click();
    const form = page.getByTestId('monitor-form');
    await fillField(form.getByTestId('monitor-name'), name);
    await page.getByTestId('monitor-save').click();
    const row = screen.getByTestId('monitor-table').locator('tr', { hasText: name });
    await expect(row.getByTestId('monitor-status-new')).toBeVisible();

    // the partner system calls its push URL: first alive, then down with its reason
    const list = await call('POST', '/hisHeartbeat/pageInfo', { token: admin.token, data: { name: name } });
    const token = list.data.list[0].pushToken as string;
    expect((await call('GET', `/hisHeartbeat/push/${token}`)).data.status).toBe('up');
    expect((await call('GET', `/hisHeartbeat/push/${token}?status=down&msg=HIS-500`)).data.status).toBe('down');
    await page.clock.fastForward(11_000);
    await expect(row.getByTestId('monitor-status-down')).toHaveText(w.down);
    const incident = screen.getByTestId('incident-table').locator('tr', { hasText: name }).first();
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

/**
 * The camera wall: a short HLS stream made with ffmpeg during the test, served by a tiny stand-in for the media
 * gateway that asks our auth hook about every request's Bearer token (as MediaMTX does with authMethod: http). The
 * administrator registers the camera, the wall plays it (frames decoded: the video's time advances) and the view is
 * on record.
 */
const STREAM_PATH = 'e2e/wall';
let gateway: http.Server | null = null;
let gatewayUrl = '';
const asked: { path: string; status: number }[] = [];

test.describe('camera wall', () => {
  test.beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cameras-hls-'));
    fs.mkdirSync(path.join(dir, STREAM_PATH), { recursive: true });
    execFileSync(
      'ffmpeg',
      [
        ...['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25', '-t', '8'],
        ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-profile:v', 'baseline', '-g', '25'],
        ...['-f', 'hls', '-hls_time', '1', '-hls_list_size', '0', '-hls_playlist_type', 'vod'],
        path.join(dir, STREAM_PATH, 'index.m3u8'),
      ],
      { stdio: 'inherit' },
    );
    gateway = http.createServer(async (req, res) => {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Access-Control-Allow-Headers', 'Authorization');
      if (req.method === 'OPTIONS') return res.writeHead(204).end();
      const url = new URL(req.url ?? '/', 'http://gw');
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      const auth = await fetch(`${BASE_URL}/api/sys/camera/gatewayAuth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'read', path: STREAM_PATH, protocol: 'hls', token, ip: '127.0.0.1', query: '' }),
      });
      asked.push({ path: url.pathname, status: auth.status });
      if (auth.status !== 200) return res.writeHead(401).end();
      const file = path.join(dir, path.normalize(url.pathname));
      if (!file.startsWith(dir) || !fs.existsSync(file)) return res.writeHead(404).end();
      res.writeHead(200, {
        'content-type': file.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t',
      });
      fs.createReadStream(file).pipe(res);
    });
    await new Promise<void>((r) => gateway!.listen(0, '127.0.0.1', r));
    gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/${STREAM_PATH}/index.m3u8`;
  });
  test.afterAll(() => {
    gateway?.close();
  });

  for (const locale of ['zh-cn', 'en'] as const) {
    test(`the wall plays the test stream and records the view (${locale})`, async ({ browser }) => {
      // a retry adds a camera of its own: the first attempt's is still on the wall
      const name = `${locale === 'zh-cn' ? 'E2E 训练区' : 'E2E Gym'}${attemptSuffix()}`;
      const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
      const page = await context.newPage();
      await openWithSession(page, admin, '/DasEquipment/camera', locale);
      const wall = page.getByTestId('camera-wall');
      await expect(wall.getByText(locale === 'zh-cn' ? '摄像头墙' : 'Camera wall').first()).toBeVisible();

      // the administrator registers the camera under the gateway's URL
      await wall.getByTestId('camera-manage').click();
      await page.getByTestId('camera-add').click();
      const form = page.getByTestId('camera-form');
      await fillField(form.getByTestId('camera-name'), name);
      await fillField(form.getByTestId('camera-url'), gatewayUrl);
      await page.getByTestId('camera-save').click();

      const tile = wall.locator(`[data-testid="camera-tile"][data-camera="${name}"]`);
      await tile.scrollIntoViewIfNeeded();
      await expect(tile).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
      const video = tile.getByTestId('camera-video');
      // frames decoded, not just an element present: the time runs and the decoder counts frames
      await expect
        .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
        .toBeGreaterThan(0.5);
      const frames = await video.evaluate((v: HTMLVideoElement) => v.getVideoPlaybackQuality().totalVideoFrames);
      expect(frames).toBeGreaterThan(0);
      // the gateway asked our hook and was let in; every view is on record
      expect(asked.some((a) => a.path.endsWith('.ts') && a.status === 200)).toBe(true);
      const list = await call('POST', '/sys/camera/cameraList', { token: admin.token, data: { name } });
      const cameraId = list.data.list[0].id as number;
      const views = await call('POST', '/sys/camera/viewList', { token: admin.token, data: { cameraId } });
      expect(views.data.totalCount).toBeGreaterThan(0);
      await snap(page, `camera-wall-${locale}-1366`);
      await page.setViewportSize({ width: 1920, height: 1080 });
      await snap(page, `camera-wall-${locale}-1920`);
      await context.close();
    });
  }
});
