import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import {
  test,
  DEMO,
  DEMO_PASSWORD,
  LOGIN_ANYWAY,
  call,
  idNumber,
  openWithSession,
  signInStaffSession,
  snap,
} from './fixtures';

/*
 * Issue 24: the day's flows with the keyboard alone (WCAG 2.1.1). Nothing here clicks or fills an element: the focus
 * moves with Tab / Shift+Tab (and the skip link, arrow keys in lists), text is typed with page.keyboard, Enter and
 * Space press. Locators only find where the focus should go and what the screen should show.
 *
 * The super administrator signs in on the sign-in screen, chooses the organization and department, skips to the
 * content, registers a patient with the therapist, prescribes a project (its work orders of today reach the
 * therapist), creates an assessment and sends a message. The therapist (signed in through the API: the sign-in form
 * is the administrator's part) checks the patient in, executes an order and has the patient sign by typing the name
 * (the signature pad's keyboard alternative). One sign-in per role, demo data otherwise.
 */

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Presses Tab until `target` has the focus, at most `limit` times: the keyboard's way there. Shift+Tab when the
 * target comes before the focused element in the page (as a user goes back to a button they just passed).
 */
async function tabTo(page: Page, target: Locator, { limit = 60 } = {}) {
  await target.waitFor();
  const back = await target.evaluate((el) => {
    const active = document.activeElement;
    return (
      !!active &&
      active !== document.body &&
      (el.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING) > 0
    );
  });
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `not reached with the Tab key in ${limit} presses`).toBeFocused({ timeout: 1 });
}

/**
 * The focused element, or the field frame around it (an input's affix wrapper, a Select's frame: up to five levels up
 * for a multiple Select's search input), shows a focus ring: an outline or a box shadow.
 */
async function expectFocusRing(page: Page) {
  const ring = await page.evaluate(() => {
    const shows = (el: Element) => {
      const style = getComputedStyle(el);
      return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
    };
    const focused = document.activeElement!;
    let el: Element | null = focused;
    for (let level = 0; el && level <= 5; level++, el = el.parentElement)
      if ((el === focused || el.matches(':focus-within')) && shows(el)) return true;
    return false;
  });
  expect(ring, 'the focused element shows a focus ring').toBe(true);
}

/** axe's serious and critical WCAG 2.1 A/AA violations inside `include` (the whole page without it). */
async function blocking(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).withTags(WCAG_21_AA);
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The skip link (the first Tab stop of the shell) moves the focus to the content: the way past the sidebar. */
async function skipToContent(page: Page) {
  const skip = page.getByRole('link', { name: /跳到主要内容|Skip to main content/ });
  await tabTo(page, skip, { limit: 3 });
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main-content')).toBeFocused();
}

/** Tabs to a text field and types into it. */
async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

/**
 * Chooses an option of a Select (or TreeSelect) by keyboard: Tab to its input, type the search when given, open the
 * list with ArrowDown and move down until the active option matches, then Enter. `select` is the Select's root.
 */
async function choose(page: Page, select: Locator, option: RegExp, search?: string) {
  const input = select.getByRole('combobox');
  await tabTo(page, input);
  await expectFocusRing(page);
  if (search) await page.keyboard.type(search, { delay: 30 });
  if ((await input.getAttribute('aria-expanded')) !== 'true') await page.keyboard.press('ArrowDown');
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  // the list's active option (the one Enter takes): a Select's list is the one its input controls; a TreeSelect's
  // input controls no element in its list, which is then the one open list
  const listId = await input.getAttribute('aria-controls');
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  const own = open.filter({ has: page.locator(`[id="${listId}"]`) });
  const list = listId && (await own.count()) > 0 ? own : open.last();
  const active = async () =>
    (await list
      .locator('.ant-select-item-option-active, .ant-select-tree-treenode-active')
      .first()
      .textContent({ timeout: 500 })
      .catch(() => '')) ?? '';
  await expect
    .poll(
      async () => {
        if (option.test((await active()).trim())) return true;
        await page.keyboard.press('ArrowDown');
        return false;
      },
      { timeout: 15_000, intervals: [100] },
    )
    .toBe(true);
  await page.keyboard.press('Enter');
  // a multiple Select keeps its list open (and Tab there would take the active option again): Escape closes the list
  // alone, the dialog around it stays
  if ((await input.getAttribute('aria-expanded')) === 'true') await page.keyboard.press('Escape');
  await expect(input).toHaveAttribute('aria-expanded', 'false');
}

/** Tabs to a button and presses Enter, checking the focus ring on the way. */
async function press(page: Page, button: Locator, key: 'Enter' | 'Space' = 'Enter', limit = 60) {
  await tabTo(page, button, { limit });
  await expectFocusRing(page);
  await page.keyboard.press(key);
}

/** The confirmation bubble a button opened (Popconfirm): the focus is in it, Enter on its OK button confirms. */
async function confirmBubble(page: Page) {
  const ok = page.locator('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons .ant-btn-primary');
  await expect(ok).toBeVisible();
  await tabTo(page, ok, { limit: 4 });
  await page.keyboard.press('Enter');
}

const name = `键盘${'甲乙丙丁戊己庚辛壬癸'[Date.now() % 10]}${'子丑寅卯辰巳午未申酉'[Math.floor(Date.now() / 10) % 10]}`;
const seq = String(Date.now() % 1000).padStart(3, '0');

test('keyboard only: sign in, checkout, register, prescribe, assess, send a message; check in, execute, sign', async ({
  page,
  browser,
}) => {
  // about 1.5 minutes on a busy 2-core machine
  test.setTimeout(300_000);
  // --- the administrator: sign in and choose the organization -------------------------------------------------
  await page.addInitScript(() => {
    if (!localStorage.getItem('user-locale')) localStorage.setItem('user-locale', JSON.stringify('zh-cn'));
  });
  await page.goto('/login?loginRoleType=2');
  expect(await blocking(page), 'the sign-in screen').toEqual([]);

  await tabTo(page, page.getByLabel(/^(账号|Account)$/));
  await expectFocusRing(page);
  await page.keyboard.type(DEMO.superAdmin);
  await tabTo(page, page.getByLabel(/^(密码|Password)$/));
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  const anyway = page.getByRole('button', { name: LOGIN_ANYWAY });
  await expect(page.getByRole('heading', { name: '选择机构' }).or(anyway)).toBeVisible({ timeout: 20_000 });
  if (await anyway.isVisible()) await press(page, anyway);

  await press(page, page.getByRole('button', { name: /康复示范医院/ }));
  const department = page.getByRole('dialog');
  const room = department.getByRole('radio').first();
  await tabTo(page, room);
  await page.keyboard.press('Space');
  await expect(room).toHaveAttribute('aria-checked', 'true');
  await press(page, department.getByRole('button', { name: /^进\s?入$/ }));
  await expect(page).toHaveURL(/\/home$/);

  // the skip link is the shell's first Tab stop; it moves the focus to the content
  await skipToContent(page);

  // --- register a patient with the therapist --------------------------------------------------------------------
  await press(page, page.locator('main a[href="/patient/manage"]').first());
  await expect(page).toHaveURL(/\/patient\/manage$/);
  await press(page, page.getByTestId('patient-register'), 'Enter', 120);
  const register = page.getByRole('dialog');
  await expect(register).toBeVisible();
  await expect.poll(() => register.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await typeInto(page, register.getByTestId('reg-name'), name);
  await typeInto(page, register.getByTestId('reg-idNumber'), idNumber(`11010119800101${seq}`.slice(0, 17)));
  await typeInto(page, register.getByTestId('reg-phone'), '13912345678');
  await choose(page, register.getByTestId('reg-officeId'), /物理治疗室/);
  await choose(page, register.getByTestId('reg-therapistId'), /李治疗师/);
  await choose(page, register.getByTestId('reg-diseaseId'), /脑梗死/, 'ngs');
  await choose(page, register.getByTestId('reg-functioningId'), /偏瘫/, 'pt');
  await typeInto(page, register.getByTestId('reg-outpatientNo'), `KB-${seq}`);
  await press(page, register.getByTestId('reg-save'));
  await expect(page).toHaveURL(/\/patient\/detail\/\d+\/\d+/, { timeout: 30_000 });
  await expect(page.getByTestId('detail-name')).toHaveText(name);
  const [, patientId] = /\/patient\/detail\/(\d+)\//.exec(page.url())!;

  // --- prescribe a project (its orders go to the course's therapist) --------------------------------------------
  await press(page, page.getByTestId('prescribe'), 'Enter', 120);
  const rx = page.getByRole('dialog');
  await expect(rx).toBeVisible();
  await choose(page, rx.getByTestId('rx-templates'), /^运动疗法/, '运动疗法');
  const rxRow = rx.getByTestId('rx-table').locator('tbody tr.ant-table-row', { hasText: '运动疗法' });
  await expect(rxRow).toHaveCount(1);
  await expect(rx.getByTestId('rx-therapist-all')).toContainText('李治疗师');
  await press(page, rx.getByTestId('rx-save'), 'Enter', 120);
  await expect(rx).toBeHidden();
  const projects = page.getByTestId('project-table').locator('tbody tr.ant-table-row');
  await expect(projects.filter({ hasText: '运动疗法' })).toHaveCount(1);
  // the focus came back to the button that opened the dialog
  await expect(page.getByTestId('prescribe')).toBeFocused();

  // --- a new assessment ------------------------------------------------------------------------------------------
  await press(page, page.getByTestId('open-assessments'), 'Enter', 120);
  await expect(page).toHaveURL(/\/patient\/assess-project\//);
  await press(page, page.getByTestId('assess-add'), 'Enter', 120);
  const assess = page.getByRole('dialog');
  await expect(assess).toBeVisible();
  await choose(page, assess.getByTestId('assess-add-methods'), /Barthel|BI/i);
  await press(page, assess.getByRole('button', { name: /^确\s?定$|添加|新增|保\s?存/ }).last());
  await expect(assess).toBeHidden();
  await expect(page.locator('main .ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  await snap(page, 'keyboard-assessment-zh');

  // --- send a message from the header's bell ---------------------------------------------------------------------
  await press(page, page.getByTestId('message-bell'), 'Enter', 200);
  await expect(page).toHaveURL(/\/email\/my-news$/);
  await press(page, page.getByTestId('compose'), 'Enter', 120);
  await expect(page).toHaveURL(/\/email\/send-news$/);
  await choose(page, page.getByTestId('recipients'), /李治疗师/, '李治疗师');
  const title = `键盘消息 ${seq}`;
  await typeInto(page, page.getByTestId('compose-title'), title);
  await tabTo(page, page.locator('main [contenteditable="true"]'));
  await page.keyboard.type('请为该患者安排今天的治疗。');
  await press(page, page.getByTestId('send'));
  await expect(page).toHaveURL(/\/email\/my-news$/);

  // --- the therapist: check in, execute, sign ---------------------------------------------------------------------
  const therapist = await signInStaffSession(DEMO.therapist);
  const inbox = await call('GET', `/sys/message/list?page=1&limit=10&title=${encodeURIComponent(title)}`, {
    token: therapist.token,
  });
  expect(inbox.data.list.map((m: { title: string }) => m.title)).toContain(title);
  const orders = await call('POST', '/sys/referral/list', {
    token: therapist.token,
    data: { patientId: Number(patientId), limit: 50 },
  });
  const today = (orders.data.list as { id: number; treatDate: string }[]).sort((a, b) =>
    a.treatDate.localeCompare(b.treatDate),
  )[0]!;
  const context = await browser.newContext();
  const staff = await context.newPage();
  await openWithSession(staff, therapist, '/order/check', 'zh-cn');
  await expect(staff.getByTestId('orders-check')).toBeVisible();
  await skipToContent(staff);
  // today's list of the department: the patient is found by name (Enter in the field searches)
  await typeInto(staff, staff.getByRole('textbox', { name: '患者或项目' }), name);
  await staff.keyboard.press('Enter');
  await expect(staff.getByTestId('orders-today').locator('tbody tr.ant-table-row')).toHaveCount(1);
  await press(staff, staff.getByTestId(`checkin-${today.id}`), 'Enter', 40);
  // the check-in screen with its confirmation bubble open meets WCAG 2.1 AA too
  await expect(staff.locator('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons')).toBeVisible();
  expect(await blocking(staff), 'check-in with its confirmation').toEqual([]);
  await confirmBubble(staff);
  await expect(staff.getByTestId(`checkin-${today.id}`)).toBeDisabled();

  await staff.goto(`/order/patientOrder?patientId=${patientId}`);
  await skipToContent(staff);
  await press(staff, staff.getByTestId(`execute-${today.id}`), 'Enter', 120);
  await confirmBubble(staff);
  await expect(staff.getByTestId(`order-status-${today.id}`)).toHaveText('已完成');
  // the focus stays in the order's row (the execute button turned off: the next control after it)
  const row = staff.getByTestId('orders-by-patient').locator(`tr[data-row-key="${today.id}"]`);
  await expect.poll(() => row.evaluate((el) => el.contains(document.activeElement))).toBe(true);

  await press(staff, staff.getByTestId(`sign-${today.id}`), 'Enter', 5);
  const sign = staff.getByRole('dialog');
  await expect(sign).toBeVisible();
  await expect.poll(() => sign.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await expect(sign.getByRole('img', { name: '签名板：用鼠标、手写笔或手指签名' })).toBeVisible();
  expect(await blocking(staff, '.ant-modal-wrap:not([style*="display: none"])'), 'the signature dialog').toEqual([]);
  const submit = sign.getByTestId('signature-submit');
  // an empty signature is refused; the typed name is the keyboard's way to sign
  await staff.keyboard.press('Escape');
  await expect(sign).toBeHidden();
  await expect(staff.getByTestId(`sign-${today.id}`)).toBeFocused();
  await staff.keyboard.press('Enter');
  await expect(sign).toBeVisible();
  await press(staff, submit);
  await expect(staff.getByText('请先签名再提交')).toBeVisible();
  await typeInto(staff, sign.getByTestId('signature-typed'), name);
  await snap(staff, 'keyboard-sign-typed-zh');
  await press(staff, sign.getByTestId('signature-submit'));
  await expect(sign).toBeHidden();
  await expect(staff.getByTestId(`order-signed-${today.id}`)).toBeVisible();
  await context.close();
});
