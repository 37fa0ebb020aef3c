import { expect, type Page } from '@playwright/test';
import {
  test,
  DEMO,
  call,
  openWithSession,
  pickOption,
  signInAdminSession,
  snap,
  type Json,
  signInStaffSession,
} from './fixtures';

/**
 * Therapist groups, post clock-in and the workload screens, in both languages. Each language creates its own
 * therapist account and groups (the demo accounts and data are left alone); the numbers on the screens are checked
 * against the API's answer for the same moment.
 */
const cases = [
  {
    locale: 'zh-cn' as const,
    phone: '13900006011',
    name: '打卡治疗师',
    /** the group as the screens of this language show it; `groupZh` is its (Chinese) name, `group` its English one */
    group: 'E2E神经康复组',
    groupZh: 'E2E神经康复组',
    spare: 'E2E临时组',
    words: {
      groupsTab: '治疗小组',
      add: '新增治疗小组',
      success: '岗位打卡成功：E2E神经康复组',
      post: '岗位：E2E神经康复组',
      deleted: '删除成功',
    },
  },
  {
    locale: 'en' as const,
    phone: '13900006012',
    name: 'Clock Tester',
    group: 'E2E Neuro group',
    groupZh: 'E2E英文神经组',
    spare: 'E2E Spare group',
    words: {
      groupsTab: 'Therapist groups',
      add: 'Add group',
      success: 'Post clock-in succeeded: E2E Neuro group',
      post: 'Post: E2E Neuro group',
      deleted: /Delete.*succe/i,
    },
  },
];

const PASSWORD = 'Clock#2026a';
const POPCONFIRM_OK =
  '.ant-popover:not(.ant-popover-hidden):not(.ant-zoom-big-leave) .ant-popconfirm-buttons .ant-btn-primary';

/** Picks an option of an Ant Select by its visible text, retrying until the Select shows it. */
async function pick(page: Page, select: ReturnType<Page['getByTestId']>, text: string) {
  await pickOption(page, select, text);
  // close a multiple Select's list by clicking the dialog's title (Escape would close the dialog itself)
  await page.locator('.ant-modal-title:visible').click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

for (const { locale, phone, name, group, groupZh, spare, words } of cases) {
  test.describe(`workload (${locale})`, () => {
    test('groups, post clock-in of a new therapist, and today on the workload screens', async ({ page, browser }) => {
      test.setTimeout(180_000);
      const admin = await signInAdminSession(DEMO.orgAdmin);
      const organizationId = admin.organization.id as number;
      const saved = await call('POST', '/sys/user/save', {
        token: admin.token,
        data: { name, phone, password: PASSWORD, memberships: [{ organizationId, roleIds: [10] }] },
      });
      expect(saved.code, saved.msg).toBe(0);

      // groups: add one with the new therapist as member, default and leader; edit it; delete a spare one
      await openWithSession(page, admin, '/manageTherapist/therapist', locale);
      await page.getByRole('tab', { name: words.groupsTab }).click();
      // the unread-message banner may come in above the page as it loads and push the button down under the click:
      // click again until the form is open
      await expect(async () => {
        await page.getByTestId('team-add').click();
        await expect(page.getByTestId('team-name')).toBeVisible({ timeout: 5000 });
      }).toPass({ timeout: 30_000 });
      const form = page.getByTestId('team-form');
      await page.getByTestId('team-name').fill(groupZh);
      // in English the group gets an English name, and every English screen below shows it (issue 21)
      if (group !== groupZh) await page.getByTestId('team-name-en').fill(group);
      await pick(page, page.getByTestId('team-members'), name);
      await pick(page, page.getByTestId('team-default'), name);
      await pick(page, page.getByTestId('team-leader'), name);
      await snap(page, `workload-group-form-${locale}`);
      await page.getByTestId('team-save').click();
      await expect(form).toBeHidden();
      const row = page.getByTestId('team-table').locator('tr', { hasText: group });
      await expect(row).toContainText(name);

      const teams = await call('POST', '/sys/treatmentTeam/list', { token: admin.token, data: { name: group } });
      const team = teams.data.list[0] as Json;
      expect(team.members).toEqual([expect.objectContaining({ name, isDefault: true })]);
      expect(team.leaderName).toBe(name);
      expect(team).toMatchObject({ name: groupZh, nameEn: group === groupZh ? '' : group });

      await page.getByTestId(`team-edit-${team.id}`).click();
      await page.getByTestId('team-remark').fill('3F');
      await page.getByTestId('team-save').click();
      await expect(form).toBeHidden();
      await expect(row).toContainText('3F');

      const spareTeam = await call('POST', '/sys/treatmentTeam/save', { token: admin.token, data: { name: spare } });
      expect(spareTeam.code, spareTeam.msg).toBe(0);
      await page.reload();
      await page.getByRole('tab', { name: words.groupsTab }).click();
      await page.getByTestId(`team-delete-${spareTeam.data.id}`).click();
      await page.locator(POPCONFIRM_OK).click();
      await expect(page.getByTestId('team-table').locator('tr', { hasText: spare })).toHaveCount(0);
      await snap(page, `workload-groups-${locale}`);

      // post clock-in: the dialog opens by itself with the default group preselected
      const therapist = await signInStaffSession(phone, { password: PASSWORD, isFirst: true });
      const therapistPage = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
      await openWithSession(therapistPage, therapist, '/home', locale);
      const dialog = therapistPage.getByTestId('clock-in-dialog');
      await expect(dialog).toBeVisible({ timeout: 20_000 });
      await expect(dialog.getByRole('radio', { name: new RegExp(group) })).toBeChecked();
      await snap(therapistPage, `workload-clock-in-${locale}`);
      await therapistPage.getByTestId('clock-in-submit').click();
      await expect(therapistPage.getByText(words.success)).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(therapistPage.getByTestId('clock-in-button')).toHaveText(words.post);
      const today = await call('POST', '/sys/checkin/todayCheck', { token: therapist.token });
      // the API called without a language answers in Chinese
      expect(today.data).toMatchObject({ teamId: team.id, teamName: groupZh });
      // isFirst is cleared: a reload does not open the dialog again
      await therapistPage.reload();
      await expect(therapistPage.getByTestId('clock-in-button')).toHaveText(words.post);
      await expect(dialog).toHaveCount(0);
      await snap(therapistPage, `workload-clocked-in-${locale}`);
      await therapistPage.context().close();

      // therapist management roster: the new therapist with the group and today's post
      await page.getByRole('tab', { name: /^治疗师$|^Therapists$/ }).click();
      await page.reload();
      const roster = page.getByTestId('therapist-table').locator('tr', { hasText: name });
      await expect(roster).toContainText(group);
      await expect(roster.locator('.ant-tag-green')).toContainText(group);
      await snap(page, `workload-therapists-${locale}`);

      // workplace: the numbers are the API's
      await page.goto('/workplace/manage');
      const api = (await call('GET', '/sys/workload/today', { token: admin.token })).data as Json;
      await expect(page.getByTestId('stat-total')).toContainText(String(api.totals.total));
      await expect(page.getByTestId('stat-completed')).toContainText(String(api.totals.completed));
      await expect(page.getByTestId('stat-clockedIn')).toContainText(`${api.clockedIn} / ${api.therapistCount}`);
      const mine = page.getByTestId('workplace-therapists').locator('tr', { hasText: name });
      await expect(mine.locator('.ant-tag-green')).toContainText(group);
      await snap(page, `workload-workplace-${locale}`);
      await page.getByRole('tab', { name: /按治疗小组|By group/ }).click();
      await expect(page.getByTestId('workplace-teams').locator('tr', { hasText: group })).toBeVisible();
      await snap(page, `workload-workplace-groups-${locale}`);

      // daily workload: the last 7 days, totals as the API answers them
      await page.goto('/dailyWorkload');
      const end = api.date as string;
      const start = new Date(Date.parse(`${end}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
      const daily = await call('POST', '/sys/workload/daily', {
        token: admin.token,
        data: { startDate: start, endDate: end },
      });
      await expect(page.getByTestId('daily-total')).toContainText(String(daily.data.totals.total));
      await expect(page.getByTestId('daily-chart').locator('canvas')).toBeVisible();
      await snap(page, `workload-daily-${locale}`);

      // visual working board: a card for the therapist with the post
      await page.goto('/visualWorking/visualWorking');
      const card = page
        .getByTestId(`board-card-${saved.data?.id ?? ''}`)
        .or(page.locator('.workload-card', { hasText: name }));
      await expect(card.first()).toContainText(group);
      await expect(page.getByTestId('board-refreshed')).toBeVisible();
      await snap(page, `workload-board-${locale}`);
    });
  });
}
