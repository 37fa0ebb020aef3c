import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import {
  test,
  call,
  DEMO,
  fillField,
  openWithSession,
  pickOption,
  signInStaffSession,
  snap,
  type Json,
} from './fixtures';

/**
 * Home-training tasks (issue 20), in Chinese and in English at 1366x768: the therapist assigns an exercise from the
 * patient detail and gets the patient's link; the patient reports through the mini-program's API with that link;
 * the task shows in the task list with its completion rate, and its detail shows the report in the completion log.
 * The therapist edits the active task from the list (the frequency) and on its detail (a week more, new
 * instructions): the patient's link is the same and the detail's history shows both edits. The two screens are
 * checked with axe (WCAG 2.1 AA) as the menu sweep does.
 */

let therapist: Json;
let patients: { patientId: number; treatmentId: number; name: string }[];

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

test.beforeAll(async () => {
  therapist = await signInStaffSession(DEMO.therapist);
  const list = await call('POST', '/sys/patient/queryOutPatientPage', {
    token: therapist.token,
    data: { page: 1, limit: 10 },
  });
  expect(list.code, list.msg).toBe(0);
  patients = list.data.list;
  expect(patients.length).toBeGreaterThan(1);
});

const CASES = [
  {
    locale: 'zh-cn' as const,
    index: 0,
    rate: '已完成',
    active: '进行中',
    note: '做完了，有点累',
    thrice: '每天 3 次',
    instructions: '每组 15 次',
  },
  {
    locale: 'en' as const,
    index: 1,
    rate: 'done',
    active: 'Active',
    note: 'Done, a bit tired',
    thrice: '3 times a day',
    instructions: 'Fifteen a set',
  },
];

async function axe(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .include('#main-content')
    .analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

for (const c of CASES) {
  test(`a therapist assigns a task from the patient; the patient's report shows in the detail (${c.locale})`, async ({
    page,
  }) => {
    const patient = patients[c.index]!;
    const title = `${c.locale === 'en' ? 'Bridging' : '桥式运动'} ${Date.now() % 100000}`;
    await page.setViewportSize({ width: 1366, height: 768 });
    await openWithSession(page, therapist, `/patient/detail/${patient.patientId}/${patient.treatmentId}/0/0`, c.locale);
    const panel = page.getByTestId('home-tasks-panel');
    await panel.getByTestId('task-assign').click();
    const form = page.getByTestId('task-form');
    await fillField(form.getByTestId('task-title'), title);
    await form.getByTestId('task-times').fill('2');
    await fillField(form.getByTestId('task-instructions'), c.locale === 'en' ? 'Ten a set' : '每组 10 次');
    await page.getByTestId('task-save').click();
    const link = page.getByTestId('task-link');
    await expect(link).toContainText('/api/sys/applet/task/');
    await snap(page, `home-task-link-${c.locale}`);
    const token = (await link.innerText()).trim().split('/').pop()!;
    await page.keyboard.press('Escape');
    await expect(panel.getByTestId('home-task-row').filter({ hasText: title })).toBeVisible();

    // the patient reports through the mini-program with the link
    const report = await call('POST', `/sys/applet/task/${token}/report`, { data: { times: 2, note: c.note } });
    expect(report.code, report.msg).toBe(0);

    // the therapist's list: the task with its rate
    await page.goto('/taskManagement/taskManagement');
    await pickOption(page, page.getByTestId('task-therapist-filter'), '李治疗师');
    // the newest active task comes first
    const row = page.getByTestId('task-table').locator('tr', { hasText: title });
    await expect(row).toContainText(patient.name);
    await expect(row.getByTestId(`task-state-active`)).toHaveText(c.active);
    await expect(row.getByTestId('task-rate')).toBeVisible();
    await snap(page, `home-task-list-${c.locale}`);
    await axe(page);

    // edit from the list: the dialog opens with the task's values; three times a day
    await row.getByTestId('task-row-edit').click();
    const edit = page.getByTestId('task-edit-form');
    await expect(edit.getByTestId('task-edit-times')).toHaveValue('2');
    await fillField(edit.getByTestId('task-edit-times'), '3');
    await page.getByTestId('task-edit-save').click();
    await expect(row).toContainText(c.thrice);

    // the detail: the report in the completion log
    await row.getByTestId('task-open').click();
    await expect(page).toHaveURL(/\/patient\/task\/detail\/\d+\/exercise$/);
    await expect(page.getByTestId('task-title-heading')).toHaveText(title);
    await expect(page.getByTestId('task-reports')).toContainText(c.note);
    await expect(page.getByTestId('task-info')).toContainText(patient.name);
    await snap(page, `home-task-detail-${c.locale}`);
    await axe(page);

    // edit on the detail: a week more and new instructions; the history shows both edits, the link still works
    await page.getByTestId('task-edit').click();
    const end = edit.locator('#endOn');
    const endOn = await end.inputValue();
    const later = new Date(Date.parse(`${endOn}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
    await end.click();
    await end.fill(later);
    await end.press('Enter');
    await expect(end).toHaveValue(later);
    await fillField(edit.getByTestId('task-edit-instructions'), c.instructions);
    await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(0);
    await snap(page, `home-task-edit-${c.locale}`);
    await page.getByTestId('task-edit-save').click();
    await expect(edit).toBeHidden();
    await expect(page.getByTestId('task-info')).toContainText(later);
    await expect(page.getByTestId('task-info')).toContainText(c.instructions);
    const history = page.getByTestId('task-history');
    await expect(history.getByTestId('task-change-endOn')).toContainText(later);
    await expect(history.getByTestId('task-change-instructions')).toContainText(c.instructions);
    await expect(history.getByTestId('task-change-frequency')).toContainText(c.thrice);
    await snap(page, `home-task-history-${c.locale}`);
    const seen = await call('GET', `/sys/applet/task/${token}`);
    expect(seen.data).toMatchObject({ timesPerUnit: 3, endOn: later });
  });
}
