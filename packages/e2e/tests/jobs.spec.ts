import { expect, type Page } from '@playwright/test';
import { test, DEMO, call, fillField, openWithSession, pickOption, signInAdminSession, snap } from './fixtures';

/**
 * Scheduled jobs (/system/timedTask): create a job with a cron expression (a bad one is refused on the field), run
 * it once, see its log, pause and resume it; and the time slots of the day (/maintainSystem/time) with the live
 * preview and the overlap refusal. In Chinese and in English, at 1366 and 1920 px.
 */

const jobRow = (page: Page, text: string) =>
  page.getByTestId('job-table').locator('tbody tr.ant-table-row', { hasText: text });

const cases = [
  {
    locale: 'zh-cn' as const,
    remark: '巡检任务（中文）',
    words: {
      title: '定时任务',
      add: '新增任务',
      bean: '心跳检测 (heartbeat)',
      shipped: '清理过期会话',
      badCron: 'Cron 表达式无效',
      saved: '新增任务成功',
      ran: '任务已执行',
      log: '任务日志',
      success: '成功',
      manual: '手动执行',
      logRows: '日志共',
      paused: '已暂停',
      running: '运行中',
      confirm: '确 定',
      slotsTitle: '治疗时间段',
      overlap: '时段与前一个时段重叠，请调整开始时间',
      slotsSaved: '保存时间段成功',
      noSlots: '暂无时间段',
    },
  },
  {
    locale: 'en' as const,
    remark: 'Probe job (English)',
    words: {
      title: 'Scheduled jobs',
      add: 'Add job',
      bean: 'Heartbeat (heartbeat)',
      shipped: 'Purge expired sessions',
      badCron: 'The cron expression is not valid',
      saved: 'Add job succeeded',
      ran: 'The job ran',
      log: 'Job log',
      success: 'Succeeded',
      manual: 'Run once',
      logRows: 'Job log entries',
      paused: 'Paused',
      running: 'Running',
      confirm: 'OK',
      slotsTitle: 'Time slots of the day',
      overlap: 'This period overlaps the one before it: change its start time',
      slotsSaved: 'Save time slots succeeded',
      noSlots: 'No slots',
    },
  },
];

for (const { locale, remark, words } of cases) {
  test(`scheduled jobs: create, run once, log, pause (${locale})`, async ({ page }) => {
    const session = await signInAdminSession(DEMO.superAdmin);
    await openWithSession(page, session, '/system/timedTask', locale);
    await expect(page.getByRole('heading', { name: words.title })).toBeVisible();
    await expect(jobRow(page, words.shipped)).toBeVisible();
    await snap(page, `jobs-list-${locale}`);

    // a new job: choosing the type fills in its defaults; a bad cron is refused on its field
    await page.getByTestId('job-add').click();
    const dialog = page.getByRole('dialog', { name: words.add });
    await pickOption(page, dialog.getByTestId('job-bean'), words.bean, {
      confirm: () => expect(dialog.getByTestId('job-cron')).toHaveValue('0 */10 * * * ?', { timeout: 500 }),
    });
    await fillField(dialog.getByTestId('job-cron'), '99 * * * *');
    await fillField(dialog.getByTestId('job-remark'), remark);
    await dialog.getByTestId('job-save').click();
    await expect(dialog.getByText(words.badCron)).toBeVisible();
    await snap(page, `jobs-form-error-${locale}`);
    await fillField(dialog.getByTestId('job-cron'), '0 0 4 * * ?');
    await dialog.getByTestId('job-save').click();
    await expect(page.getByText(words.saved)).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = jobRow(page, remark);
    await expect(row).toContainText(words.running);

    // run once, then its log shows the run
    await row.getByTestId('job-run').click();
    await page.getByRole('button', { name: words.confirm }).click();
    await expect(page.getByText(words.ran)).toBeVisible();
    await row.getByTestId('job-log-open').click();
    const drawer = page.getByTestId('job-log');
    await expect(drawer.getByText(words.log, { exact: true })).toBeVisible();
    const logRow = drawer.getByTestId('job-log-table').locator('tbody tr.ant-table-row').first();
    await expect(logRow).toContainText(words.success);
    await expect(logRow).toContainText(words.manual);
    await expect(logRow).toContainText(words.logRows);
    await snap(page, `jobs-log-${locale}`);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // pause and resume
    await row.getByTestId('job-pause').click();
    await expect(row).toContainText(words.paused);
    await row.getByTestId('job-resume').click();
    await expect(row).toContainText(words.running);

    await page.setViewportSize({ width: 1920, height: 1080 });
    await snap(page, `jobs-list-1920-${locale}`);

    // clean up through the screen
    await row.getByTestId('job-delete').click();
    await page.getByRole('button', { name: words.confirm }).click();
    await expect(row).toHaveCount(0);
    const left = await call('GET', '/sys/schedule/list?limit=100', { token: session.token });
    expect(left.data.list.some((j: { remark: string }) => j.remark === remark)).toBe(false);
  });

  test(`time slots of the day (${locale})`, async ({ page }) => {
    const session = await signInAdminSession(DEMO.orgAdmin);
    await openWithSession(page, session, '/maintainSystem/time', locale);
    await expect(page.getByRole('heading', { name: words.slotsTitle })).toBeVisible();
    const preview = page.getByTestId('slots-preview');
    await expect(preview.locator('.ant-tag')).toHaveCount(9);
    await expect(preview).toContainText('08:00-08:30');
    await expect(preview).toContainText('16:00-16:30');
    await snap(page, `time-slots-${locale}`);

    // a third period overlapping the afternoon is refused with the shared message
    await page.getByTestId('period-add').click();
    const third = page.getByTestId('period-row').nth(2);
    await third.getByTestId('period-start').fill('16:30');
    await third.getByTestId('period-end').fill('18:30');
    await page.getByTestId('times-save').click();
    await expect(page.getByText(words.overlap)).toBeVisible();
    await snap(page, `time-slots-error-${locale}`);

    // moved after the afternoon: the preview grows and the save sticks
    await third.getByTestId('period-start').fill('17:00');
    await third.getByTestId('period-session').fill('45');
    await third.getByTestId('period-rest').fill('0');
    await expect(preview.locator('.ant-tag')).toHaveCount(11);
    await page.getByTestId('times-save').click();
    await expect(page.getByText(words.slotsSaved)).toBeVisible();
    const saved = await call('GET', '/sys/time/list', { token: session.token });
    expect(saved.data.list.map((s: { startTime: string }) => s.startTime)).toContain('17:45');

    // back to the demo periods through the screen
    await page.getByTestId('period-row').nth(2).getByTestId('period-remove').click();
    await page.getByTestId('times-save').click();
    await expect(page.getByText(words.slotsSaved).first()).toBeVisible();
    await expect
      .poll(async () => (await call('GET', '/sys/time/list', { token: session.token })).data.list.length)
      .toBe(9);

    // the empty state (not saved)
    await page.getByTestId('period-remove').first().click();
    await page.getByTestId('period-remove').first().click();
    await expect(preview).toContainText(words.noSlots);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await snap(page, `time-slots-empty-1920-${locale}`);
  });
}
