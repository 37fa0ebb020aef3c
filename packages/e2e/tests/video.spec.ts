import { expect, type Browser, type Page } from '@playwright/test';
import { call, DEMO, openWithSession, signInStaffSession, snap, test, type Json } from './fixtures';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './servers';

/**
 * The live video of a remote consultation (issue 17), in two browser contexts with Chromium's fake camera and
 * microphone: the centre's expert passes the pre-call check and enters the call, the hospital's doctor waits in the
 * lobby until the expert admits them, and each side decodes the other's video (WebRTC statistics, not merely a video
 * element). Both hang up; the detail lists the stays. Once with the doctor in Chinese at 1366x768 and the expert in
 * English at 1920x1080, once the other way round.
 */

test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
});
test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

// a 1x1 PNG: the patient's consent of a request made through the API
const CONSENT =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

let doctor: Json;
let expert: Json;

test.beforeAll(async () => {
  doctor = await signInStaffSession(DEMO.doctor);
  expert = await signInStaffSession(DEMO.expert);
});

/** A consultation from the hospital to the centre, taken over by the expert (accepted), made through the API. */
async function acceptedConsultation() {
  const patients = await call('GET', '/sys/remoteDiagnosis/patients', { token: doctor.token });
  const patientId = patients.data[0].id as number;
  const made = await call('POST', '/sys/remoteDiagnosis/initiate', {
    token: doctor.token,
    data: {
      patientId,
      reason: '视频会诊 video',
      question: '步态训练方案？ / gait training?',
      urgency: 1,
      toOrganizationId: expert.organization.id,
      proposedAt: new Date(Date.now() + 3_600_000).toISOString(),
      materials: [{ kind: 'patient', refId: patientId }],
      consentSignature: CONSENT,
      feeItem: '视频会诊',
      feeFen: 30000,
    },
  });
  expect(made.code, made.msg).toBe(0);
  const id = made.data.id as number;
  for (const [url, data] of [
    [`/sys/remoteDiagnosis/receive/${id}`, undefined],
    [`/sys/remoteDiagnosis/accept/${id}`, { scheduledAt: new Date(Date.now() + 600_000).toISOString() }],
  ] as const) {
    const res = await call('POST', url, { token: expert.token, data });
    expect(res.code, res.msg).toBe(0);
  }
  return id;
}

async function open(
  browser: Browser,
  session: Json,
  url: string,
  locale: 'zh-cn' | 'en',
  viewport: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({ viewport, permissions: ['camera', 'microphone'] });
  const page = await context.newPage();
  // the call puts its peer connections on window for the statistics below
  await page.addInitScript(() => localStorage.setItem('rehab.callDebug', '1'));
  await openWithSession(page, session, url, locale);
  return page;
}

/** The frames this page decoded from each other participant's video, by connection. */
const framesDecoded = (page: Page) =>
  page.evaluate(async () => {
    const mesh = (window as unknown as { __rehabCall?: { peers: Map<number, RTCPeerConnection> } }).__rehabCall;
    if (!mesh) return [];
    const out: number[] = [];
    for (const pc of mesh.peers.values()) {
      let frames = 0;
      (await pc.getStats()).forEach((s: { type: string; kind?: string; framesDecoded?: number }) => {
        if (s.type === 'inbound-rtp' && s.kind === 'video') frames += s.framesDecoded ?? 0;
      });
      out.push(frames);
    }
    return out;
  });

/** The pre-call check passed: camera, microphone and the round trip to the call service. */
async function passCheck(page: Page) {
  await page.getByTestId('call-open').click();
  await expect(page.getByTestId('call-check')).toBeVisible();
  await expect(page.getByTestId('call-check-ok')).toHaveCount(3, { timeout: 20_000 });
  await expect(page.getByTestId('call-check-failed')).toHaveCount(0);
  // no TURN server is set on the test servers: the screen says so
  await expect(page.getByTestId('call-no-turn')).toBeVisible();
}

const CASES = [
  {
    doctor: { locale: 'zh-cn', size: { width: 1366, height: 768 } },
    expert: { locale: 'en', size: { width: 1920, height: 1080 } },
    // the doctor leaves with the hang-up button
    closesTab: false,
  },
  {
    doctor: { locale: 'en', size: { width: 1920, height: 1080 } },
    expert: { locale: 'zh-cn', size: { width: 1366, height: 768 } },
    // the doctor closes the tab instead: the page hangs up as it goes
    closesTab: true,
  },
] as const;

for (const c of CASES) {
  test(`doctor (${c.doctor.locale}) and expert (${c.expert.locale}) see each other`, async ({ browser }) => {
    const id = await acceptedConsultation();
    const theirs = await open(
      browser,
      expert,
      `/telemedicine/detail?id=${id}&hiddenExpertTab=1&call=1`,
      c.expert.locale,
      c.expert.size,
    );
    const mine = await open(browser, doctor, `/telemedicine/detail?id=${id}&call=1`, c.doctor.locale, c.doctor.size);

    // the expert: the check, then straight into the call
    await passCheck(theirs);
    await snap(theirs, `video-check-expert-${c.expert.locale}-${c.expert.size.width}`);
    await theirs.getByTestId('call-join').click();
    await expect(theirs.getByTestId('call-room')).toHaveAttribute('data-call-state', 'joined');

    // the doctor: the check, then the lobby
    await passCheck(mine);
    await mine.getByTestId('call-join').click();
    await expect(mine.getByTestId('call-room')).toHaveAttribute('data-call-state', 'lobby');
    await expect(mine.getByTestId('call-waiting')).toBeVisible();
    await expect(mine.getByTestId('call-remote')).toHaveCount(0);

    await expect(theirs.getByTestId('call-admit')).toBeVisible();
    await snap(mine, `video-lobby-doctor-${c.doctor.locale}-${c.doctor.size.width}`);
    await snap(theirs, `video-lobby-expert-${c.expert.locale}-${c.expert.size.width}`);

    // the expert admits the doctor; both decode the other's video
    await theirs.getByTestId('call-admit').click();
    await expect(mine.getByTestId('call-room')).toHaveAttribute('data-call-state', 'joined');
    for (const page of [mine, theirs]) {
      await expect(page.getByTestId('call-remote')).toHaveCount(1, { timeout: 20_000 });
      await expect
        .poll(async () => (await framesDecoded(page)).filter((n) => n > 0).length, { timeout: 30_000 })
        .toBe(1);
    }
    await snap(mine, `video-call-doctor-${c.doctor.locale}-${c.doctor.size.width}`);
    await snap(theirs, `video-call-expert-${c.expert.locale}-${c.expert.size.width}`);

    // mute and camera off are the local tracks switched off; the call goes on
    await mine.getByTestId('call-mute').click();
    await mine.getByTestId('call-camera').click();
    expect(
      await mine.evaluate(() => {
        const mesh = (window as unknown as { __rehabCall: { peers: Map<number, RTCPeerConnection> } }).__rehabCall;
        const pc = [...mesh.peers.values()][0]!;
        return pc.getSenders().map((s) => s.track?.enabled);
      }),
    ).toEqual([false, false]);

    // the doctor hangs up (or closes the tab): the expert's tile goes, the expert hangs up too; both stays are listed
    let doctorPage = mine;
    if (c.closesTab) {
      await mine.close({ runBeforeUnload: true });
      doctorPage = await mine.context().newPage();
    } else {
      await mine.getByTestId('call-hangup').click();
    }
    await expect(theirs.getByTestId('call-remote')).toHaveCount(0, { timeout: 20_000 });
    await theirs.getByTestId('call-hangup').click();
    await expect(theirs.getByTestId('call-records').locator('tbody tr')).toHaveCount(2);
    await openWithSession(doctorPage, doctor, `/telemedicine/detail?id=${id}&call=1`, c.doctor.locale);
    await expect(doctorPage.getByTestId('call-records').locator('tbody tr')).toHaveCount(2);
    // nobody is in the call any more: every stay has its end
    await expect(doctorPage.getByTestId('call-records').locator('.ant-tag')).toHaveCount(0);
    await expect(doctorPage.getByTestId('call-minutes')).toHaveText(/^\d+$/);
    await snap(doctorPage, `video-records-${c.doctor.locale}-${c.doctor.size.width}`);
    await doctorPage.context().close();
    await theirs.context().close();
  });
}
