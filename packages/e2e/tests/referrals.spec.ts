import { expect, type Browser, type Page } from '@playwright/test';
import { call, DEMO, openWithSession, pickOption, signInStaffSession, snap, test, type Json } from './fixtures';

/**
 * Referral of a patient (issue 17) end to end, in Chinese and in English: the hospital's doctor refers a patient
 * from the patient detail's "Refer" to the related community centre, with the patient card and the course attached;
 * the centre's doctor opens it from the referral list (the link of its message), receives it and either takes the
 * patient in up to completion (zh, 1366x768) or rejects it with a reason (en, 1920x1080); the doctor sees the outcome
 * and the history. Then a transfer of treatment (转诊治疗) from the patient detail's "Transfer treatment": the centre's
 * doctor receives it, sees what accepting would move (the preview: the projects, their sessions and prices, the
 * mapping) and confirms; the plan moves to a new course there; both sides read what moved (zh at 1366x768, en at
 * 1920x1080, each also at the other size).
 */

let doctor: Json;
let expert: Json;

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

test.beforeAll(async () => {
  doctor = await signInStaffSession(DEMO.doctor);
  expert = await signInStaffSession(DEMO.expert);
  expect(expert.organization.id).not.toBe(doctor.organization.id);
});

const CASES = [
  {
    locale: 'zh-cn' as const,
    viewport: { width: 1366, height: 768 },
    centre: '城东社区康复中心',
    words: {
      requested: '已申请',
      received: '已接收',
      accepted: '已同意',
      completed: '已完成',
      rejected: '已拒绝',
      received_tab: '转入',
      transferred_tab: '转入',
      found: '已对应',
      missing: '无对应',
      blocked: '暂不能接收此转诊治疗',
      cancel: /取\s*消/,
      refusal: (name: string) => `转入机构没有疾病“${name}”，请先在其基础数据中添加`,
    },
    steps: ['accept', 'arrive', 'complete'],
  },
  {
    locale: 'en' as const,
    viewport: { width: 1920, height: 1080 },
    centre: 'East District Community Rehab Centre',
    words: {
      requested: 'Requested',
      received: 'Received',
      completed: 'Completed',
      rejected: 'Rejected',
      accepted: 'Accepted',
      received_tab: 'Referred in',
      transferred_tab: 'Transferred in',
      found: 'Found here',
      missing: 'No counterpart',
      blocked: 'This transfer cannot be accepted now',
      cancel: 'Cancel',
      refusal: (name: string) => `The receiving organization has no disease “${name}”: add it to its master data first`,
    },
    steps: [],
  },
];

async function open(browser: Browser, session: Json, url: string, c: (typeof CASES)[number]): Promise<Page> {
  const context = await browser.newContext({ viewport: c.viewport });
  const page = await context.newPage();
  await openWithSession(page, session, url, c.locale);
  return page;
}

/**
 * A patient of the hospital whose latest course has no open referral nor transfer; with `active`, a course not
 * ended (a transfer moves its plan).
 */
async function freeCourse(options: { active?: boolean } = {}) {
  const openIds = new Set<number>();
  for (const kind of ['referral', 'transfer']) {
    const sent = await call('GET', `/sys/patientReferral/list?box=sent&kind=${kind}&limit=1000`, {
      token: doctor.token,
    });
    expect(sent.code, sent.msg).toBe(0);
    for (const r of sent.data.list as { id: number; status: string }[])
      if (!['rejected', 'completed', 'cancelled'].includes(r.status)) openIds.add(r.id);
  }
  const busy = new Set<string>();
  for (const id of openIds) {
    const info = await call('GET', `/sys/patientReferral/info/${id}`, { token: doctor.token });
    const course = (info.data.materials as { kind: string; title: string }[]).find((m) => m.kind === 'treatment');
    busy.add(`${info.data.patientName}|${course?.title}`);
  }
  const patients = await call('GET', '/sys/patientReferral/patients', { token: doctor.token });
  for (const p of patients.data as { id: number; name: string }[]) {
    const m = await call('GET', `/sys/patientReferral/materials?patientId=${p.id}`, { token: doctor.token });
    const courses = (m.data as { kind: string; refId: number; title: string; detail: string }[]).filter(
      (x) => x.kind === 'treatment',
    );
    // the patient detail shows the latest course first
    const course = courses[0];
    // an ended course's snapshot names its end (结束 / Ended)
    const ended = /结束|Ended/.test(course?.detail ?? '');
    if (course && !busy.has(`${p.name}|${course.title}`) && !(options.active && ended))
      return { patient: p, treatmentId: course.refId };
  }
  throw new Error('no patient course free to refer');
}

for (const c of CASES) {
  test(`a referral from the patient detail to the related centre (${c.locale})`, async ({ browser }) => {
    const stamp = `${c.locale}-${Date.now() % 100000}`;
    const { patient, treatmentId } = await freeCourse();

    // the hospital's doctor: "Refer" on the patient detail opens the referral form with the patient and course
    const mine = await open(browser, doctor, `/patient/detail/${patient.id}/${treatmentId}/0/0`, c);
    await mine.getByTestId('refer-patient').click();
    await expect(mine).toHaveURL(/\/patient\/patientReferral\?/);
    const form = mine.getByTestId('referral-form');
    await expect(form).toBeVisible();
    await expect(mine.getByTestId('referral-patient')).toContainText(patient.name);
    await expect(mine.getByTestId('referral-materials').locator('input[type=checkbox]:checked')).toHaveCount(2);
    await pickOption(mine, mine.getByTestId('referral-to-org'), c.centre);
    await mine.getByTestId('referral-reason').fill(`社区继续康复 ${stamp}`);
    await snap(mine, `referral-request-${c.locale}`);
    await mine.getByTestId('referral-submit').click();
    const drawer = mine.getByTestId('referral-detail');
    await expect(drawer.getByTestId('referral-status').first()).toHaveText(c.words.requested);
    const id = Number(new URL(mine.url()).searchParams.get('id'));
    expect(id).toBeGreaterThan(0);

    // the centre's doctor: from the received list, receive it, then take the patient in or reject
    const theirs = await open(browser, expert, '/patient/patientReferral', c);
    await theirs.getByRole('tab', { name: c.words.received_tab }).click();
    await expect(theirs.getByTestId('referral-list').getByText(`社区继续康复 ${stamp}`)).toBeVisible();
    await expect(theirs.locator('.ant-spin-spinning')).toHaveCount(0);
    // the request's message comes in as a banner above the list, pushing it down: click once it stands
    await expect(theirs.getByTestId('message-banner')).toBeVisible();
    await snap(theirs, `referral-received-${c.locale}`);
    await theirs.getByTestId(`referral-open-${id}`).click();
    const their = theirs.getByTestId('referral-detail');
    await expect(their.getByTestId('referral-patient-name')).toHaveText(patient.name);
    await their.getByTestId('referral-receive').click();
    await expect(their.getByTestId('referral-status').first()).toHaveText(c.words.received);
    if (c.steps.length) {
      for (const step of c.steps) await their.getByTestId(`referral-${step}`).click();
      await expect(their.getByTestId('referral-status').first()).toHaveText(c.words.completed);
    } else {
      await their.getByTestId('referral-reject').click();
      await theirs.getByTestId('referral-reject-reason-input').fill(`no bed ${stamp}`);
      await theirs.getByTestId('referral-reject-ok').click();
      await expect(their.getByTestId('referral-status').first()).toHaveText(c.words.rejected);
    }
    await snap(theirs, `referral-detail-receiver-${c.locale}`);

    // the doctor sees the outcome and every step
    await mine.goto(`/patient/patientReferral?id=${id}`);
    const outcome = mine.getByTestId('referral-detail');
    await expect(outcome.getByTestId('referral-status').first()).toHaveText(
      c.steps.length ? c.words.completed : c.words.rejected,
    );
    await expect(outcome.getByTestId('referral-history').locator('.ant-timeline-item')).toHaveCount(
      2 + (c.steps.length || 1),
    );
    if (!c.steps.length) await expect(outcome.getByTestId('referral-reject-reason')).toHaveText(`no bed ${stamp}`);
    await snap(mine, `referral-detail-sender-${c.locale}`);
    await outcome.getByRole('button', { name: /Close|关闭/ }).click();
    await expect(mine.getByTestId('referral-list').getByText(`社区继续康复 ${stamp}`)).toBeVisible();
    await expect(mine.locator('.ant-spin-spinning')).toHaveCount(0);
    await snap(mine, `referral-list-${c.locale}`);
    // the other screen size of the pair: the list and the drawer at 1920x1080 in Chinese, at 1366x768 in English
    const other = c.locale === 'en' ? { width: 1366, height: 768 } : { width: 1920, height: 1080 };
    await mine.setViewportSize(other);
    await mine.getByTestId(`referral-open-${id}`).click();
    await expect(mine.getByTestId('referral-detail').getByTestId('referral-history')).toBeVisible();
    // the drawer has slid in (720 px wide, at the right edge)
    await expect
      .poll(async () => (await mine.locator('.ant-drawer-content-wrapper').boundingBox())?.x)
      .toBe(other.width - 720);
    await snap(mine, `referral-detail-sender-${c.locale}-other-size`);
    await mine.context().close();
    await theirs.context().close();
  });
}

for (const c of CASES) {
  test(`a transfer of treatment from the patient detail to the related centre (${c.locale})`, async ({ browser }) => {
    const stamp = `${c.locale}-${Date.now() % 100000}`;
    const { patient, treatmentId } = await freeCourse({ active: true });

    // the hospital's doctor: "Transfer treatment" on the patient detail opens the form with the patient and course
    const mine = await open(browser, doctor, `/patient/detail/${patient.id}/${treatmentId}/0/0`, c);
    await mine.getByTestId('transfer-treatment').click();
    await expect(mine).toHaveURL(/\/transferTreatment\/treatmentList\?/);
    await expect(mine.getByTestId('referral-form')).toBeVisible();
    await expect(mine.getByTestId('referral-patient')).toContainText(patient.name);
    await expect(mine.getByTestId('referral-materials').locator('input[type=checkbox]:checked')).toHaveCount(2);
    await pickOption(mine, mine.getByTestId('referral-to-org'), c.centre);
    await mine.getByTestId('referral-reason').fill(`转社区继续治疗 ${stamp}`);
    await snap(mine, `transfer-request-${c.locale}`);
    await mine.getByTestId('referral-submit').click();
    await expect(mine).toHaveURL(/\/transferTreatment\/treatmentDetail\?id=\d+/);
    const sent = mine.getByTestId('transfer-detail');
    await expect(sent.getByTestId('referral-status').first()).toHaveText(c.words.requested);
    await expect(sent.getByTestId('transfer-pending')).toBeVisible();
    const id = Number(new URL(mine.url()).searchParams.get('id'));

    // the centre's doctor: from the transfers received, receive and accept it: the plan moves to a new course there
    const theirs = await open(browser, expert, '/transferTreatment/treatmentList', c);
    await theirs.getByRole('tab', { name: c.words.transferred_tab }).click();
    await expect(theirs.getByTestId('referral-list').getByText(`转社区继续治疗 ${stamp}`)).toBeVisible();
    await expect(theirs.locator('.ant-spin-spinning')).toHaveCount(0);
    // the request's message comes in as a banner above the list, pushing it down (a click as it came in missed the
    // row's link): click once it stands
    await expect(theirs.getByTestId('message-banner')).toBeVisible();
    await snap(theirs, `transfer-received-${c.locale}`);
    await theirs.getByTestId(`referral-open-${id}`).click();
    const their = theirs.getByTestId('transfer-detail');
    await expect(their.getByTestId('referral-patient-name')).toHaveText(patient.name);
    await their.getByTestId('referral-receive').click();
    await expect(their.getByTestId('referral-status').first()).toHaveText(c.words.received);
    // a preview that refuses (the diagnosis has no counterpart here, as the server answers then) blocks accepting
    const previewUrl = `**/api/sys/patientReferral/transferPreview/${id}`;
    await theirs.route(previewUrl, async (route) => {
      const answer = await (await route.fetch()).json();
      const disease = answer.data.diagnosis[0];
      disease.mapped = false;
      answer.data.refusal = c.words.refusal(disease.name);
      await route.fulfill({ json: answer });
    });
    await their.getByTestId('referral-accept').click();
    const preview = theirs.getByTestId('transfer-preview');
    await expect(preview.getByTestId('transfer-preview-refusal')).toContainText(c.words.blocked);
    await expect(preview.getByTestId('transfer-preview-disease')).toHaveText(c.words.missing);
    await expect(theirs.getByTestId('transfer-accept-confirm')).toBeDisabled();
    await snap(theirs, `transfer-preview-refused-${c.locale}`);
    await theirs.getByRole('button', { name: c.words.cancel }).click();
    await expect(preview).toHaveCount(0);
    await theirs.unroute(previewUrl);

    // accepting shows what would move first (the server's preview), then confirms
    await their.getByTestId('referral-accept').click();
    await expect(
      preview.getByTestId('transfer-preview-projects').locator('tbody tr.ant-table-row').first(),
    ).toBeVisible();
    await expect(preview.getByTestId('transfer-preview-disease')).toHaveText(c.words.found);
    await expect(preview.getByTestId('transfer-project-price').first()).toHaveText(/^\d+\.\d\d \/ \d+\.\d\d$/);
    await expect(preview.getByTestId('transfer-preview-refusal')).toHaveCount(0);
    // nothing moved yet
    await expect(their.getByTestId('referral-status').first()).toHaveText(c.words.received);
    const confirm = theirs.getByTestId('transfer-accept-confirm');
    await expect(confirm).toBeEnabled();
    await snap(theirs, `transfer-preview-${c.locale}`);
    const size = c.locale === 'en' ? { width: 1366, height: 768 } : { width: 1920, height: 1080 };
    await theirs.setViewportSize(size);
    await snap(theirs, `transfer-preview-${c.locale}-other-size`);
    await theirs.setViewportSize(c.viewport);
    await confirm.click();
    await expect(preview).toHaveCount(0);
    await expect(their.getByTestId('referral-status').first()).toHaveText(c.words.accepted);
    const moved = their.getByTestId('transfer-outcome');
    await expect(moved).toBeVisible();
    await expect(moved.getByTestId('transfer-projects').locator('tbody tr.ant-table-row').first()).toBeVisible();
    await expect(their.getByTestId('referral-accept')).toHaveCount(0);
    await snap(theirs, `transfer-detail-receiver-${c.locale}`);

    // the doctor reads what moved, and can no longer cancel it
    await mine.reload();
    await expect(sent.getByTestId('referral-status').first()).toHaveText(c.words.accepted);
    await expect(sent.getByTestId('transfer-outcome')).toBeVisible();
    await expect(sent.getByTestId('transfer-invalidated')).toHaveText(/^\d+$/);
    await expect(sent.getByTestId('referral-cancel')).toHaveCount(0);
    await snap(mine, `transfer-detail-sender-${c.locale}`);
    const other = c.locale === 'en' ? { width: 1366, height: 768 } : { width: 1920, height: 1080 };
    await mine.setViewportSize(other);
    await snap(mine, `transfer-detail-sender-${c.locale}-other-size`);

    // the new course is the centre's own: its link opens the patient there
    await their.getByTestId('transfer-course-link').click();
    await expect(theirs.getByTestId('detail-name')).toHaveText(patient.name);
    await mine.context().close();
    await theirs.context().close();
  });
}
