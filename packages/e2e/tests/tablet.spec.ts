import { expect, type Locator, type Page } from '@playwright/test';
import {
  test,
  DEMO,
  idNumber,
  openWithSession,
  outpatientWithProject,
  signInAdminSession,
  signInStaffSession,
  snap,
  type Json,
} from './fixtures';

/**
 * A therapist's day on a tablet (issue 21): at 1024x768 and 768x1024 with touch, "my orders", execute, the patient's
 * signature on the pad and a photo of the treatment work without sideways scrolling, with touch targets of 44 px.
 */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A new outpatient with one project of three orders for the therapist; answers the patient. */
async function patientWithOrder(adminToken: string, therapistId: number, seq: string) {
  const reg = await outpatientWithProject(adminToken, {
    name: `平板测试${seq}`,
    idNumber: idNumber(`4401061986071${seq}`),
    phone: '13966668888',
    outpatientNo: `E2ETAB${seq}`,
    therapistId,
    times: 3,
    frequency: '1',
  });
  return reg.patientId;
}

/** The page does not scroll sideways: nothing is wider than the window. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A fingertip's target: at least 44 px high and wide (once a popup's opening animation has settled). */
async function expectTouchTarget(target: Locator) {
  await expect(async () => {
    const box = (await target.boundingBox())!;
    expect(box.height, 'height').toBeGreaterThanOrEqual(44);
    expect(box.width, 'width').toBeGreaterThanOrEqual(44);
  }).toPass({ timeout: 5000 });
}

let therapist: Json;
let adminToken: string;
test.beforeAll(async () => {
  therapist = await signInStaffSession(DEMO.therapist);
  adminToken = (await signInAdminSession(DEMO.orgAdmin)).token;
});

for (const [n, size] of [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
].entries()) {
  test.describe(`tablet ${size.width}x${size.height}`, () => {
    test.use({ viewport: size, hasTouch: true, isMobile: true });

    test(`my orders, execute, sign and photograph by touch (${size.width}x${size.height})`, async ({ page }) => {
      test.setTimeout(180_000);
      const seq = `${n}${Date.now() % 1000}`.padStart(4, '0').slice(-4);
      const patientId = await patientWithOrder(adminToken, therapist.user.id, seq);

      // my orders: the list fits the window
      await openWithSession(page, therapist, '/order/my?action=unfinish', 'zh-cn');
      await expect(page.getByRole('heading', { name: '我的工单' })).toBeVisible();
      await expect(page.locator('.ant-table-row').first()).toBeVisible();
      await expectNoSidewaysScroll(page);
      // the row's action buttons (execute, patient signature, more) are fingertip targets under a coarse pointer
      const rowActions = page.locator('[data-testid^="order-actions-"]').first();
      const buttons = rowActions.getByRole('button');
      expect(await buttons.count()).toBeGreaterThanOrEqual(3);
      for (const button of await buttons.all()) await expectTouchTarget(button);
      await snap(page, `tablet-my-orders-${size.width}`);

      // the patient's orders: execute by touch, confirmed once
      await page.goto(`/order/patientOrder?patientId=${patientId}`);
      const first = page.locator('[data-testid^="execute-"]:not([disabled])').first();
      await expect(first).toBeVisible();
      const order = (await first.getAttribute('data-testid'))!.replace('execute-', '');
      const execute = page.getByTestId(`execute-${order}`);
      await expectNoSidewaysScroll(page);
      await expectTouchTarget(execute);
      await expectTouchTarget(page.getByTestId(`sign-${order}`));
      await expectTouchTarget(page.getByTestId(`more-${order}`));
      await execute.tap();
      const ok = page.locator('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons .ant-btn-primary');
      await expectTouchTarget(ok);
      await ok.tap();
      await expect(page.getByTestId(`order-status-${order}`)).toHaveText('已完成');

      // the patient signs on the pad, which fits the window
      await page.getByTestId(`sign-${order}`).tap();
      const canvas = page.getByTestId('signature-canvas');
      await expect(canvas).toBeVisible();
      await expectNoSidewaysScroll(page);
      const submit = page.getByTestId('signature-submit');
      await expectTouchTarget(submit);
      await expectTouchTarget(page.getByTestId('signature-clear'));
      const box = (await canvas.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(size.width);
      await page.mouse.move(box.x + 30, box.y + box.height / 2);
      await page.mouse.down();
      for (let i = 1; i <= 20; i++) {
        await page.mouse.move(box.x + 30 + i * 12, box.y + box.height / 2 + Math.sin(i / 3) * 40, { steps: 2 });
      }
      await page.mouse.up();
      await snap(page, `tablet-sign-${size.width}`);
      await submit.tap();
      await expect(page.getByTestId(`sign-${order}`)).toBeDisabled();

      // a photo of the treatment (the tablet's camera answers the file chooser)
      await page.getByTestId(`more-${order}`).tap();
      const photo = page.getByRole('menuitem', { name: '拍照', exact: true });
      await expectTouchTarget(photo);
      const chooser = page.waitForEvent('filechooser');
      await photo.tap();
      await (await chooser).setFiles({ name: 'treatment.png', mimeType: 'image/png', buffer: PNG });
      await expect(page.locator('.ant-message').getByText('拍照成功')).toBeVisible();
      await expectNoSidewaysScroll(page);
      await snap(page, `tablet-orders-${size.width}`);
    });
  });
}
