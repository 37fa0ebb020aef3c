import { expect, type Page } from '@playwright/test';
import { test, DEMO, call, openWithSession, signInAdminSession, signInStaffSession, snap, type Json } from './fixtures';

/**
 * Internal messages: user A (the super administrator) sends user B (the organization administrator) a message while
 * B's page is open; B's shell shows the banner and the badge without a reload, in both languages. Then the inbox,
 * the detail, compose with the rich-text editor, and the empty and error states.
 */

const badge = (page: Page) => page.getByTestId('message-badge').locator('sup');

/** Resolves once the page's MQTT client has connected and subscribed (SUBACK received). */
function liveChannelReady(page: Page) {
  return new Promise<void>((resolve) => {
    page.on('websocket', (ws) => {
      if (!ws.url().endsWith('/mqtt')) return;
      ws.on('framereceived', (frame) => {
        const payload = frame.payload;
        const first = typeof payload === 'string' ? payload.charCodeAt(0) : payload[0];
        // SUBACK: packet type 9
        if (first !== undefined && first >> 4 === 9) resolve();
      });
    });
  });
}

async function send(sender: Json, recipientId: number, title: string) {
  const res = await call('POST', '/sys/message/save', {
    token: sender.token,
    data: { title, content: `<p>${title}：请于今天下班前确认。</p>`, recipients: [recipientId] },
  });
  expect(res.code, res.msg).toBe(0);
  return res.data.id as number;
}

for (const locale of ['zh-cn', 'en'] as const) {
  test(`a new message reaches the open page without a reload (${locale})`, async ({ page }) => {
    const b = await signInAdminSession(DEMO.orgAdmin);
    const a = await signInAdminSession(DEMO.superAdmin);
    // B starts with nothing unread
    await call('POST', '/sys/message/updateAllSign', { token: b.token });

    const ready = liveChannelReady(page);
    await openWithSession(page, b, '/home', locale);
    await expect(page.getByTestId('message-bell')).toBeVisible();
    await ready;
    await expect(page.getByTestId('message-banner')).toHaveCount(0);

    const title = locale === 'en' ? 'Case conference moved to 3 pm' : '病例讨论改到下午三点';
    const id = await send(a, b.user.id, title);
    const banner = page.getByTestId('message-banner');
    await expect(banner).toBeVisible({ timeout: 5000 });
    await expect(banner).toContainText(locale === 'en' ? 'Unread messages: 1' : '您有 1 条未读消息');
    await expect(page.getByTestId('message-banner-latest')).toContainText(title);
    await expect(badge(page)).toHaveAttribute('title', '1');
    // issue 21: the banner sits in the header above the content, never over it (nor moving it when it comes in)
    const bannerBox = (await banner.boundingBox())!;
    const contentBox = (await page.locator('#main-content').boundingBox())!;
    expect(bannerBox.y + bannerBox.height).toBeLessThanOrEqual(contentBox.y + 1);
    await snap(page, `messages-banner-${locale}`);

    // one message: the banner opens it
    await banner.getByRole('button').first().click();
    await expect(page).toHaveURL(new RegExp(`/email/news-info/${id}$`));
    await expect(page.getByTestId('info-title')).toContainText(title);
    await expect(page.getByTestId('info-content')).toContainText('请于今天下班前确认');
    await expect(badge(page)).toHaveCount(0);
    await snap(page, `messages-info-${locale}`);

    // two messages: the banner opens the inbox
    await send(a, b.user.id, `${title} (1)`);
    await send(a, b.user.id, `${title} (2)`);
    await expect(badge(page)).toHaveAttribute('title', '2', { timeout: 5000 });
    await page.getByTestId('message-banner').getByRole('button').first().click();
    await expect(page).toHaveURL(/\/email\/my-news$/);
    await expect(page.getByTestId('message-table')).toContainText(`${title} (2)`);
    await expect(page.getByTestId('unread-mark')).toHaveCount(2);
    await snap(page, `messages-inbox-${locale}`);
    // followed (dismissed): it stays away on the next page load while no newer message has come
    await page.reload();
    await expect(badge(page)).toHaveAttribute('title', '2');
    await expect(page.getByTestId('message-banner')).toHaveCount(0);

    // mark all read: the badge goes
    await page.getByTestId('mark-all-read').click();
    await expect(page.getByTestId('unread-mark')).toHaveCount(0);
    await expect(badge(page)).toHaveCount(0);

    // the recycle bin is empty
    await page.getByRole('tab', { name: locale === 'en' ? 'Recycle bin' : '回收站' }).click();
    await expect(page.getByTestId('message-table')).toContainText(
      locale === 'en' ? 'The recycle bin is empty' : '回收站为空',
    );
    await snap(page, `messages-recycle-empty-${locale}`);
  });
}

test('compose with the rich-text editor, refused without recipients (1920 px)', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  const b = await signInAdminSession(DEMO.orgAdmin);
  await openWithSession(page, b, '/email/send-news', 'zh-cn');
  await expect(page.getByTestId('rich-text-editor')).toBeVisible();

  // nothing filled: the form says what is missing and sends nothing
  await page.getByTestId('send').click();
  await expect(page.getByText('请至少选择一位收件人')).toBeVisible();
  await expect(page.getByText('请输入标题')).toBeVisible();
  await expect(page.getByText('消息内容不能为空')).toBeVisible();
  await snap(page, 'messages-compose-errors-zh-cn-1920');

  await page.getByTestId('recipients').click();
  await page.locator('.ant-select-tree-title', { hasText: '王医生' }).first().click();
  await page.keyboard.press('Escape');
  await page.getByTestId('compose-title').fill('康复评估会议通知');
  const area = page.getByTestId('editor-area');
  await area.click();
  await page.keyboard.type('请各位准时参加');
  await page.keyboard.press('Control+A');
  await page.getByRole('button', { name: '加粗' }).click();
  await page.keyboard.press('End');
  await page.keyboard.type('，地点：示教室。');
  await expect(area.locator('b, strong')).toContainText('请各位准时参加');
  await snap(page, 'messages-compose-zh-cn-1920');
  await page.getByTestId('send').click();
  await expect(page).toHaveURL(/\/email\/my-news$/);

  // the doctor receives it with the bold kept
  const sent = await call('GET', '/sys/message/list?box=sent', { token: b.token });
  const message = sent.data.list.find((m: Json) => m.title === '康复评估会议通知');
  expect(message.recipientNames).toEqual(['王医生']);
  const info = await call('GET', `/sys/message/info/${message.id}`, { token: b.token });
  expect(info.data.content).toMatch(/^<p><strong>请各位准时参加，地点：示教室。<\/strong><\/p>$/);
});

test('cost messages in English at 1920 px', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  // the till's demo day left the cashier (front desk) a real one: a patient short of prepaid balance
  const b = await signInStaffSession(DEMO.cashier);
  await openWithSession(page, b, '/email/costMessage', 'en');
  await expect(page.getByTestId('message-table')).toContainText('Prepaid balance too low');
  await snap(page, 'messages-cost-en-1920');
  await page.getByText('Prepaid balance too low').first().click();
  await expect(page).toHaveURL(/\/email\/costInfo\/\d+$/);
  await expect(page.getByTestId('info-content')).toContainText('Please remind the patient to top up');
  await snap(page, 'messages-cost-info-en-1920');
});
