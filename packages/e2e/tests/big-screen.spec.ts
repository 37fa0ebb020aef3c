import { expect } from '@playwright/test';
import {
  test,
  attemptSuffix,
  BASE_URL,
  DEMO,
  call,
  openWithSession,
  signInAdminSession,
  snap,
  useLocale,
  type Json,
} from './fixtures';

/**
 * The department's big screen (issue 16), in both languages: an administrator opens it, makes a screen link and
 * sees its QR code; a fresh browser (a TV: no session) opens the link at 1366 and 1920, goes on through a network
 * blip with the stale banner and recovers; revoked, the link shows why and opens nothing. The TV's timers run on
 * Playwright's clock: the refreshes are fast-forwarded, never waited for.
 */
const cases = [
  {
    locale: 'zh-cn' as const,
    place: 'E2E治疗大厅',
    words: {
      title: '康复治疗数据大屏',
      links: '大屏链接',
      create: '生成链接',
      stale: /网络连接中断/,
      revoked: '大屏链接已失效',
      updated: /更新于 \d\d:\d\d:\d\d/,
    },
  },
  {
    locale: 'en' as const,
    place: 'E2E Treatment hall',
    words: {
      title: 'Rehabilitation live screen',
      links: 'Screen links',
      create: 'Make link',
      stale: /Connection lost/,
      revoked: 'This screen link is no longer valid',
      updated: /Updated \d\d:\d\d:\d\d/,
    },
  },
];

test.describe.configure({ mode: 'serial' });

let admin: Json;
test.beforeAll(async () => {
  admin = await signInAdminSession(DEMO.orgAdmin);
});

for (const c of cases) {
  test(`a screen link opens the big screen on a TV and stops when revoked (${c.locale})`, async ({ page, browser }) => {
    // a retry makes a link of its own place: the first attempt's may still be listed
    const place = `${c.place}${attemptSuffix()}`;
    await page.setViewportSize({ width: 1920, height: 1080 });
    await openWithSession(page, admin, '/frisEcharts/screenFris', c.locale);
    await expect(page.getByRole('heading', { name: c.words.title })).toBeVisible();
    // the figures are the API's
    const today = (await call('GET', '/sys/screen/today', { token: admin.token })).data;
    await expect(page.getByTestId('tile-sessions')).toContainText(
      `${today.sessions.completed} / ${today.sessions.total}`,
    );
    await expect(page.getByTestId('panel-hourly')).toContainText(c.words.updated);
    await snap(page, `big-screen-admin-1920-${c.locale}`);

    // the administrator makes a link for the TV
    await page.getByTestId('screen-links-open').click();
    await page.getByRole('textbox', { name: c.locale === 'en' ? 'Where it hangs' : '安放位置' }).fill(place);
    await page.getByTestId('screen-link-create').click();
    const made = page.getByTestId('screen-link-made');
    await expect(
      made.getByRole('img', { name: c.locale === 'en' ? 'QR code of the screen link' : '大屏链接二维码' }),
    ).toBeVisible();
    const url = (await page.getByTestId('screen-link-url').locator('code').innerText()).trim();
    expect(url).toMatch(new RegExp(`^${BASE_URL}/frisEcharts/screenFris#screen=[A-Za-z0-9_-]{43}$`));
    await expect(page.locator('.ant-drawer').getByRole('cell', { name: place, exact: true })).toBeVisible();
    await snap(page, `big-screen-links-${c.locale}`);

    // a TV: a fresh browser without any session, 1366x768, its timers on Playwright's clock
    const tv = await browser.newContext({ viewport: { width: 1366, height: 768 }, timezoneId: 'Asia/Shanghai' });
    const screen = await tv.newPage();
    await useLocale(screen, c.locale);
    await screen.clock.install();
    await screen.goto(url);
    await expect(screen.getByRole('heading', { name: c.words.title })).toBeVisible();
    await expect(screen).toHaveURL(/\/frisEcharts\/screenFris#screen=/);
    await expect(screen.getByTestId('panel-queue')).toContainText(c.words.updated);
    await expect(screen.getByTestId('tile-sessions')).toContainText(`${today.sessions.completed} /`);
    // nothing of the system is reachable from it
    await expect(screen.locator('.ant-layout-sider')).toHaveCount(0);
    await expect(screen.getByTestId('screen-links-open')).toHaveCount(0);
    // the stage keeps its proportions: 1920x1080 scaled to the window's width
    const box = await screen.getByTestId('big-screen-stage').boundingBox();
    expect(Math.abs(box!.width - 1366)).toBeLessThan(2);
    expect(Math.abs(box!.height - (1080 * 1366) / 1920)).toBeLessThan(2);
    await snap(screen, `big-screen-tv-1366-${c.locale}`);

    // a network blip: the figures stay, the banner says so, and the screen recovers by itself
    await screen.route('**/api/sys/screen/**', (route) => route.abort('internetdisconnected'));
    await screen.clock.fastForward(11_000);
    await expect(screen.getByTestId('big-screen-stale')).toContainText(c.words.stale);
    await expect(screen.getByTestId('tile-sessions')).toContainText(`${today.sessions.completed} /`);
    await snap(screen, `big-screen-tv-stale-${c.locale}`);
    await screen.unroute('**/api/sys/screen/**');
    await screen.clock.fastForward(31_000);
    await expect(screen.getByTestId('big-screen-stale')).toHaveCount(0);

    // live: the TV listens to the organization's schedule doorbell with its link; a ring (here a shift saved, by
    // anyone) makes the day's figures ask again at once. The TV's clock stands still but for a few 100 ms steps, far
    // from the figures' own 10-30 s intervals
    await expect(screen.getByTestId('big-screen-head')).toHaveAttribute('data-live', 'on');
    await screen.clock.pauseAt((await screen.evaluate(() => Date.now())) + 1000);
    const asked: string[] = [];
    screen.on('request', (r) => {
      if (r.url().includes('/api/sys/screen/')) asked.push(new URL(r.url()).pathname);
    });
    const weekStart = '2030-01-07';
    const week = await call('POST', '/sys/shift/list', { token: admin.token, data: { weekStart } });
    const therapistId = week.data.list[0].therapistId;
    const saved = await call('POST', '/sys/shift/save', {
      token: admin.token,
      data: { weekStart, list: [{ therapistId, date: weekStart, shift: null }] },
    });
    expect(saved.code, saved.msg).toBe(0);
    await expect
      .poll(async () => {
        await screen.clock.runFor(100);
        return asked.includes('/api/sys/screen/today');
      })
      .toBe(true);
    await expect
      .poll(async () => {
        await screen.clock.runFor(100);
        return asked.includes('/api/sys/screen/queue');
      })
      .toBe(true);
    expect(asked).not.toContain('/api/sys/screen/quality');
    // the clock flows again (the query library's own zero-delay timers wait for it)
    await screen.clock.resume();

    // revoked: the TV says so at its next refresh and asks no more
    const list = await call('GET', '/sys/screen/link/list', { token: admin.token });
    const link = list.data.find((l: Json) => l.name === place && l.state === 'active');
    expect(link.lastSeenAt).not.toBeNull();
    const revoked = await call('POST', `/sys/screen/link/revoke/${link.id}`, { token: admin.token });
    expect(revoked.code, revoked.msg).toBe(0);
    await screen.clock.fastForward(11_000);
    await expect(screen.getByTestId('big-screen-revoked')).toContainText(c.words.revoked);
    await snap(screen, `big-screen-tv-revoked-${c.locale}`);
    // the kept token is forgotten: opened again without the fragment, it asks to sign in
    await screen.goto('/frisEcharts/screenFris');
    await expect(screen.getByRole('link', { name: c.locale === 'en' ? 'Sign in' : '去登录' })).toBeVisible();
    await tv.close();
  });
}
