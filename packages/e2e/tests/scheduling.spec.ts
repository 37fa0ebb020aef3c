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

// Scheduling as the organization administrator: book a work order of a day ahead into a slot on the board, see the
// refusal when the same therapist is booked twice in that slot (in both languages), and the schedule view of today
// in both languages. The bookings are made on a day of their own (five days ahead), so other specs' orders of
// today are left alone.

let session: Json;
let day: string;
let orderA: Json;
let orderB: Json;

/** The clinic's date `offset` days from today (Asia/Shanghai, the server's clock). */
function clinicDay(offset: number) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

/**
 * Picks an option of a Select, again until the Select shows it. When the open list's option is not clickable (seen
 * in CI on a long, scrolled board: the option resolved but "not visible"), it is chosen with the keyboard instead:
 * the arrow keys move the active option until it is the wanted one, Enter takes it.
 */
async function pick(page: Page, select: ReturnType<Page['getByTestId']>, option: RegExp) {
  await pickOption(page, select, option);
}

/** Selects one unscheduled order on the board and opens the booking dialog with slot and therapist chosen. */
async function bookDialog(page: Page, workOrderId: number, slot: RegExp, therapist: RegExp) {
  const table = page.getByTestId('st-unscheduled');
  await table.locator(`tr[data-row-key="${workOrderId}"] .ant-checkbox-input`).check();
  await page.getByTestId('st-schedule-selected').click();
  // the dialog sits at the top; a board scrolled down to the order's row can leave the lists it opens out of reach
  await page.evaluate(() => window.scrollTo(0, 0));
  const dialog = page.locator('.ant-modal:visible');
  await pick(page, dialog.getByTestId('st-batch-slot'), slot);
  await pick(page, dialog.getByTestId('st-batch-therapist'), therapist);
  return dialog;
}

/** Screenshots at the two desktop sizes every screen is checked at (issue 21). */
async function snapSizes(page: Page, name: string) {
  for (const [width, height] of [
    [1366, 768],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width, height });
    await snap(page, `${name}-${width}`);
  }
}

test.beforeAll(async () => {
  session = await signInAdminSession(DEMO.orgAdmin);
  // a day with generated orders (today + 6 at most), far enough not to touch today's
  for (const offset of [5, 4, 3, 6]) {
    day = clinicDay(offset);
    const board = await call('POST', '/schedulingManagement/getTodayAllScheduling', {
      token: session.token,
      data: { date: day },
    });
    expect(board.code, board.msg).toBe(0);
    const open = board.data.unscheduled as Json[];
    orderA = open[0]!;
    orderB = open.find((o) => o.patientId !== orderA?.patientId)!;
    if (orderA && orderB) break;
  }
  expect(orderA && orderB, 'two unscheduled orders of different patients').toBeTruthy();
});

test('book a work order, then see the refusal of a second booking of the therapist in that slot (zh)', async ({
  page,
}) => {
  await openWithSession(page, session, `/scheduling/scheduleTable?date=${day}`, 'zh-cn');
  await expect(page.getByTestId('st-board')).toBeVisible();
  await expect(page.getByTestId('st-sufficiency')).toContainText('排班不足');

  const first = await bookDialog(page, orderA.workOrderId, /^08:00-08:30$/, /李治疗师/);
  await first.getByTestId('st-batch-save').click();
  await expect(page.locator('.ant-message')).toContainText('排班已保存');
  await expect(
    page.getByTestId('st-board').getByTestId('st-booking').filter({ hasText: orderA.patientName }),
  ).toBeVisible();

  const second = await bookDialog(page, orderB.workOrderId, /^08:00-08:30$/, /李治疗师/);
  await second.getByTestId('st-batch-save').click();
  const refusal = second.getByTestId('st-batch-error');
  await expect(refusal).toContainText('李治疗师');
  await expect(refusal).toContainText('08:00-08:30');
  await expect(refusal).toContainText('已有排班');
  await snap(page, 'scheduling-conflict-zh');
  await second.getByRole('button', { name: /取\s*消/ }).click();
  await snap(page, 'scheduling-board-zh');
});

test('the same refusal in English', async ({ page }) => {
  await openWithSession(page, session, `/scheduling/scheduleTable?date=${day}`, 'en');
  await expect(page.getByTestId('st-board')).toBeVisible();
  const dialog = await bookDialog(page, orderB.workOrderId, /^08:00-08:30$/, /李治疗师/);
  await dialog.getByTestId('st-batch-save').click();
  await expect(dialog.getByTestId('st-batch-error')).toHaveText(
    /Therapist "李治疗师" is already booked at 08:00-08:30/,
  );
  await snap(page, 'scheduling-conflict-en');
});

for (const locale of ['zh-cn', 'en'] as const) {
  test(`the schedule view of today (${locale})`, async ({ page }) => {
    const text =
      locale === 'en'
        ? {
            notice: 'This page lists only scheduled work orders.',
            all: 'All',
            project: 'Project',
            done: 'Done',
            free: 'Free',
          }
        : { notice: '本页面仅列出已排班的工单。', all: '全部', project: '治疗项目', done: '已完成', free: '空闲' };
    await openWithSession(page, session, '/scheduling/scheduleTable', locale);
    await expect(page.getByTestId('st-board')).toBeVisible();
    await page.goto('/schedulingView/master?page=/scheduling/scheduleTable');
    const view = page.getByTestId('scheduling-view');
    await expect(view.getByTestId('sv-notice')).toHaveText(text.notice);
    // the master mode is a grid: therapists x the 9 slots and equipment x the slots, booked and free cells
    const therapists = view.getByTestId('sv-grid-therapists');
    await expect(therapists.locator('thead th')).toHaveCount(10);
    await expect(therapists.locator('tr[data-name="李治疗师"]')).toBeVisible();
    await expect(therapists.locator('[data-testid="sv-cell"][data-free="false"]').first()).toBeVisible();
    await expect(therapists.locator('[data-testid="sv-cell"][data-free="true"]').first()).toHaveText(text.free);
    await expect(view.getByTestId('sv-grid-equipment').locator('thead th')).toHaveCount(10);
    // day navigation: the day is in the URL, the next day and back to today
    await view.getByTestId('sv-next-day').click();
    await expect(page).toHaveURL(new RegExp(`date=${clinicDay(1)}`));
    await expect(view.locator('input[data-testid="sv-date"], [data-testid="sv-date"] input')).toHaveValue(clinicDay(1));
    await view.getByTestId('sv-today').click();
    await expect(page).not.toHaveURL(/date=/);
    // no sidebar on this screen
    await expect(page.locator('.ant-layout-sider')).toHaveCount(0);
    // not executed by default; "all" adds the executed ones, shown done in orange
    await expect(view.getByTestId('sv-card').first()).toBeVisible();
    await expect(view.locator('[data-testid="sv-card"][data-status="3"]')).toHaveCount(0);
    await view.getByTestId('sv-execute').getByText(text.all, { exact: true }).click();
    await expect(view.locator('[data-testid="sv-card"][data-status="3"]').first()).toBeVisible();
    await expect(view.locator('[data-testid="sv-card"][data-status="3"]').first()).toContainText(text.done);
    await snap(page, `scheduling-view-master-${locale}`);
    // the project view filters by patient and project
    await page.goto('/schedulingView?page=/scheduling/scheduleTable');
    await expect(view.getByTestId('sv-project')).toBeVisible();
    await expect(view.getByTestId('sv-therapist')).toHaveCount(0);
    await snap(page, `scheduling-view-project-${locale}`);
    await view.getByTestId('sv-back').click();
    await expect(page).toHaveURL(/\/scheduling\/scheduleTable$/);
  });
}

for (const locale of ['zh-cn', 'en'] as const) {
  test(`a therapist's home lists today's schedule, each entry opening its order (${locale})`, async ({ page }) => {
    const therapist = await signInStaffSession(DEMO.therapist);
    await openWithSession(page, therapist, '/', locale);
    const today = page.getByTestId('home-today');
    await expect(today).toContainText(locale === 'en' ? 'My schedule today' : '我的今日排班');
    const first = today.getByTestId('home-today-item').first();
    await expect(first).toContainText(/\d\d:\d\d-\d\d:\d\d/);
    await snapSizes(page, `home-today-${locale}`);
    await page.goto('/schedulingView/master');
    await expect(page.getByTestId('sv-grid-therapists')).toBeVisible();
    await snapSizes(page, `scheduling-grid-${locale}`);
    await page.goto('/');
    await page.getByTestId('home-today').getByTestId('home-today-item').first().click();
    await expect(page).toHaveURL(/\/order\/detail\/\d+/);
  });
}

test("the doctor's home shows their patients' orders of today", async ({ page }) => {
  const doctor = await signInStaffSession(DEMO.doctor);
  await openWithSession(page, doctor, '/', 'zh-cn');
  await expect(page.getByTestId('home-today')).toContainText('我的患者今日治疗');
  await expect(page.getByTestId('home-today').getByTestId('home-today-item').first()).toBeVisible();
  await snap(page, 'home-today-doctor-zh');
});

test('the hospital-system entry refuses an unsigned request, and the schedule view needs a sign-in', async ({
  page,
}) => {
  await page.goto('/hisService/schedulingView?id=1');
  await expect(page.getByTestId('his-error')).toBeVisible();
  await snap(page, 'scheduling-his-refused');
  await page.goto('/schedulingView/master');
  await expect(page.getByRole('button', { name: /去登录|Sign in/ })).toBeVisible();
});

test('record a therapist leave with a substitute, see the proposal, then remove it (zh), and the lists in English', async ({
  page,
}) => {
  await openWithSession(page, session, '/schedule/therapistLeave', 'zh-cn');
  await expect(page.getByTestId('leave-table')).toContainText('年假');
  await page.getByTestId('leave-add').click();
  const form = page.getByTestId('leave-form');
  await pick(page, form.getByTestId('leave-therapist'), /刘治疗师/);
  await form.locator('.ant-picker-range').click();
  await page.locator('.ant-picker-dropdown:visible .ant-picker-cell-today').first().click();
  await page.locator('.ant-picker-dropdown:visible .ant-picker-cell-today').first().click();
  await form.getByTestId('leave-reason').fill('外出培训');
  await pick(page, form.getByTestId('leave-substitute'), /陈治疗师/);
  await page.getByTestId('leave-save').click();
  const result = page.locator('.ant-modal:visible', { hasText: '请假已登记' });
  await expect(result).toContainText('已从这些天的排班中移除该治疗师');
  await expect(result).toContainText('替班治疗师可接手');
  await snap(page, 'scheduling-leave-result-zh');
  await result.getByRole('button', { name: /取\s*消/ }).click();
  const row = page.getByTestId('leave-table').locator('tr', { hasText: '外出培训' });
  await expect(row).toContainText('陈治疗师');
  await snap(page, 'scheduling-leave-zh');
  await row.getByRole('button', { name: /删\s*除/ }).click();
  await page
    .locator('.ant-popover:not(.ant-popover-hidden):not(.ant-zoom-big-leave) .ant-popconfirm-buttons .ant-btn-primary')
    .click();
  await expect(page.getByTestId('leave-table').locator('tr', { hasText: '外出培训' })).toHaveCount(0);

  await page.evaluate(() => localStorage.setItem('user-locale', JSON.stringify('en')));
  await page.goto('/schedule/therapistLeave');
  await expect(page.getByTestId('leave-table')).toContainText('Over');
  await snap(page, 'scheduling-leave-en');
  await page.goto('/schedule/therapistSubstitute');
  await expect(page.getByTestId('substitute-table')).toBeVisible();
  await snap(page, 'scheduling-substitute-en');
});

test("a therapist's schedule of today (en)", async ({ page }) => {
  await openWithSession(page, session, '/schedule/therapist/master', 'en');
  await expect(page.getByTestId('person-schedule')).toContainText('Pick a therapist');
  await pick(page, page.getByTestId('person-select'), /李治疗师/);
  await expect(page.getByTestId('person-schedule').getByTestId('sv-card').first()).toBeVisible();
  await snap(page, 'scheduling-therapist-en');
});

for (const locale of ['zh-cn', 'en'] as const) {
  test(`a booking made elsewhere appears on the open board without a reload, and leaves it when cancelled (${locale})`, async ({
    page,
  }) => {
    // a day of its own (not the other tests' day) with an order the recommendation can place
    let liveDay = '';
    let proposal: Json | undefined;
    for (const offset of [2, 6, 3, 4, 1]) {
      liveDay = clinicDay(offset);
      if (liveDay === day) continue;
      const res = await call('POST', '/schedulingManagement/getTodayAllSchedulingRecommend', {
        token: session.token,
        data: { date: liveDay },
      });
      expect(res.code, res.msg).toBe(0);
      proposal = (res.data.list as Json[])[0];
      if (proposal) break;
    }
    expect(proposal, 'an order the recommendation places').toBeTruthy();
    const p = proposal!;

    // the tab's live connection has been granted both topics (the user's messages, the schedule doorbell): the
    // broker's bytes (written in pieces) hold SUBACK packets (type 9) with one return code per topic, 0x80 refused
    const subscribed = page
      .waitForEvent('websocket', (ws) => ws.url().includes('/mqtt'))
      .then(
        (ws) =>
          new Promise<void>((resolve) => {
            let bytes = Buffer.alloc(0);
            let granted = 0;
            ws.on('framereceived', (frame) => {
              bytes = Buffer.concat([bytes, Buffer.from(frame.payload)]);
              for (;;) {
                // fixed header: type, then the remaining length in 7-bit groups
                let length = 0;
                let i = 1;
                for (let factor = 1; i < bytes.length; i++, factor *= 128) {
                  length += (bytes[i]! & 127) * factor;
                  if (!(bytes[i]! & 128)) break;
                }
                const end = i + 1 + length;
                if (i >= bytes.length || bytes.length < end) return;
                if (bytes[0]! >> 4 === 9) granted += [...bytes.subarray(i + 3, end)].filter((c) => c !== 0x80).length;
                bytes = bytes.subarray(end);
                if (granted >= 2) resolve();
              }
            });
          }),
      );
    await openWithSession(page, session, `/scheduling/scheduleTable?date=${liveDay}`, locale);
    await expect(page.getByTestId('st-board')).toBeVisible();
    await subscribed;
    const bookings = page
      .getByTestId('st-board')
      .getByTestId('st-booking')
      .filter({ hasText: p.patientName })
      .filter({ hasText: p.projectName });
    const before = await bookings.count();
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    const saved = await call('POST', '/schedulingManagement/saveScheduling', {
      token: session.token,
      data: { list: [{ workOrderId: p.workOrderId, slotId: p.slotId, therapistId: p.therapistId }] },
    });
    expect(saved.code, saved.msg).toBe(0);
    // the doorbell, not the 5 min fallback, brings it
    await expect(bookings).toHaveCount(before + 1, { timeout: 5_000 });
    await snap(page, `scheduling-live-booking-${locale}`);

    const removed = await call('POST', '/schedulingManagement/deleteScheduling', {
      token: session.token,
      data: { ids: [(saved.data as Json[])[0]!.id] },
    });
    expect(removed.code, removed.msg).toBe(0);
    await expect(bookings).toHaveCount(before, { timeout: 5_000 });
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  });
}
