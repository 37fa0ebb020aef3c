// The live video call of a remote consultation (issue 17): who may join, the lobby and the expert's admission, the
// signals passed on through the live channel only to the recipient's own topic, the short-lived TURN credentials,
// and the stays recorded for the half-hour fee.
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoleId, callDuration, callTopic } from '@rehab/shared';
import { createOrganization, switchProductOn } from '../src/modules/organizations';
import { organizationRelations } from '../src/modules/organizations/organizations.tables';
import { users } from '../src/modules/users/users.tables';
import { consultationCalls, consultations } from '../src/modules/telemedicine/telemedicine.tables';
import { strokePng } from '../src/modules/telemedicine/telemedicine.demo';
import { DEMO, startTestServer, type TestServer } from './harness';
import { addMember } from './members';
import { connectLive, heard, until } from './live-client';

type Who = { token: string; organizationId: number; officeId?: number; userId: number };

let s: TestServer;
let doctor: Who; // the inviting hospital's doctor (org 1)
let colleague: Who; // another doctor of the hospital: the inviting side too
let expert: Who; // the centre's doctor who takes the consultation over (org 2)
let expert2: Who; // another doctor of the centre, same office: not a participant
let third: Who; // a doctor of a third organization
let consultationId: number;
const open: MqttClient[] = [];
const TURN_SECRET = 'coturn-static-auth-secret';

const api = (who: Who, method: 'GET' | 'POST', url: string, body?: unknown, lang?: string) =>
  s.api(method, `/api/sys/remoteDiagnosis${url}`, { token: who.token, body, lang });
const userIdOf = async (phone: string) =>
  (await s.app.db.select({ id: users.id }).from(users).where(eq(users.phone, phone)))[0]!.id;
const login = async (phone: string): Promise<Who> => ({ ...(await s.loginInto(phone)), userId: await userIdOf(phone) });

const member = (phone: string, organizationId: number, roleId: number, officeId?: number) =>
  addMember(s, phone, organizationId, roleId, officeId);

const connect = (who: Who) => connectLive(s.base, who.token, open);
const hears = (client: MqttClient, topic: string) => heard<Record<string, unknown>>(client, topic);

/** A consultation from the hospital to the centre, taken over by the expert (state accepted). */
async function acceptedConsultation() {
  const patients = await api(doctor, 'GET', '/patients');
  const patientId = patients.body.data[0].id as number;
  const res = await api(doctor, 'POST', '/initiate', {
    patientId,
    reason: '偏瘫康复方案',
    question: '下一阶段训练重点？',
    urgency: 1,
    toOrganizationId: expert.organizationId,
    toOfficeId: expert.officeId,
    proposedAt: new Date(s.clock.now().getTime() + 86_400_000).toISOString(),
    materials: [{ kind: 'patient', refId: patientId }],
    consentSignature: `data:image/png;base64,${strokePng(3).toString('base64')}`,
    feeItem: '普通会诊',
    feeFen: 20000,
  });
  expect(res.body.code).toBe(0);
  const id = res.body.data.id as number;
  expect((await api(expert, 'POST', `/receive/${id}`)).body.code).toBe(0);
  const when = { scheduledAt: new Date(s.clock.now().getTime() + 3_600_000).toISOString() };
  expect((await api(expert, 'POST', `/accept/${id}`, when)).body.code).toBe(0);
  return id;
}

beforeAll(async () => {
  s = await startTestServer({
    codeCooldownMs: 0,
    turn: {
      urls: ['turn:turn.example.org:3478', 'turns:turn.example.org:5349'],
      secret: TURN_SECRET,
      ttlMs: 3_600_000,
    },
  });
  doctor = await login(DEMO.doctor);
  expert = await login(DEMO.expert);
  expect(expert.organizationId).not.toBe(doctor.organizationId);
  await member('13900000041', doctor.organizationId, RoleId.doctor);
  colleague = await login('13900000041');
  await member('13900000042', expert.organizationId, RoleId.doctor, expert.officeId);
  expert2 = await login('13900000042');
  const org3 = await createOrganization(s.app.db, { 'zh-CN': '第三机构', en: 'Third organization' });
  await switchProductOn(s.app.db, org3, 'telemedicine');
  await s.app.db
    .insert(organizationRelations)
    .values({ organizationId: doctor.organizationId, relatedOrganizationId: org3 });
  await member('13900000043', org3, RoleId.doctor);
  third = await login('13900000043');
  consultationId = await acceptedConsultation();
}, 180_000);
afterAll(async () => {
  for (const c of open) c.end(true);
  await s?.close();
});

describe('who takes part', () => {
  it('answers code 1 (not found) to another organization and to a member of the centre who is not the expert', async () => {
    for (const who of [third, expert2]) {
      for (const [method, url, body] of [
        ['GET', `/call/info/${consultationId}`],
        ['GET', `/call/ice/${consultationId}`],
        ['POST', `/call/join/${consultationId}`],
        ['POST', `/call/leave/${consultationId}`],
        ['POST', `/call/admit/${consultationId}`, { userId: doctor.userId }],
        ['POST', `/call/signal/${consultationId}`, { to: expert.userId, kind: 'offer', data: '{}' }],
      ] as const) {
        const res = await api(who, method, url, body, 'en');
        expect(res.status, url).toBe(200);
        expect(res.body, url).toMatchObject({ code: 1, msg: 'Remote consultation record not found' });
      }
    }
    expect((await api(doctor, 'GET', '/call/info/999999')).body.code).toBe(1);
    expect(await s.app.db.select().from(consultationCalls)).toHaveLength(0);
  });

  it('lets only a participant listen to their own call topic', async () => {
    const mine = await connect(doctor);
    await expect(mine.subscribeAsync(callTopic(consultationId, doctor.userId))).resolves.toBeDefined();
    // another participant's topic, a wildcard, and a stranger on the expert's topic are refused
    for (const topic of [callTopic(consultationId, expert.userId), 'web/call/#', `web/call/${consultationId}/+`]) {
      await expect(mine.subscribeAsync(topic), topic).rejects.toThrow();
    }
    const stranger = await connect(expert2);
    await expect(stranger.subscribeAsync(callTopic(consultationId, expert2.userId))).rejects.toThrow();
    const outsider = await connect(third);
    await expect(outsider.subscribeAsync(callTopic(consultationId, third.userId))).rejects.toThrow();
  });
});

describe('ICE servers', () => {
  it('hands out TURN credentials in the shared-secret scheme, short-lived', async () => {
    const res = await api(doctor, 'GET', `/call/ice/${consultationId}`);
    expect(res.body.code).toBe(0);
    const { iceServers, turnConfigured, expiresAt } = res.body.data;
    expect(turnConfigured).toBe(true);
    expect(iceServers).toHaveLength(1);
    const [server] = iceServers;
    expect(server.urls).toEqual(['turn:turn.example.org:3478', 'turns:turn.example.org:5349']);
    const [expiry, userId] = server.username.split(':');
    expect(Number(userId)).toBe(doctor.userId);
    expect(Number(expiry)).toBe(Math.floor((s.clock.now().getTime() + 3_600_000) / 1000));
    expect(new Date(expiresAt).getTime()).toBe(Number(expiry) * 1000);
    expect(server.credential).toBe(createHmac('sha1', TURN_SECRET).update(server.username).digest('base64'));
  });

  it('hands out no servers when none is set, and says so', async () => {
    const bare = await startTestServer({ turn: { urls: [], secret: null, ttlMs: 3_600_000 } });
    try {
      const who = await bare.loginInto(DEMO.doctor);
      const list = await bare.api('GET', '/api/sys/remoteDiagnosis/records?page=1&limit=50', { token: who.token });
      const accepted = list.body.data.list.find((r: { status: string }) => r.status === 'accepted');
      expect(accepted).toBeDefined();
      const res = await bare.api('GET', `/api/sys/remoteDiagnosis/call/ice/${accepted.id}`, { token: who.token });
      expect(res.body.data).toEqual({ iceServers: [], turnConfigured: false, expiresAt: null });
    } finally {
      await bare.close();
    }
  });
});

describe('the call', () => {
  it('puts the inviting side in the lobby, refuses its signals until the expert admits it, then passes them on', async () => {
    const doctorClient = await connect(doctor);
    const doctorHears = hears(doctorClient, callTopic(consultationId, doctor.userId));
    const expertClient = await connect(expert);
    const expertHears = hears(expertClient, callTopic(consultationId, expert.userId));
    await expertClient.subscribeAsync(callTopic(consultationId, expert.userId));
    await doctorClient.subscribeAsync(callTopic(consultationId, doctor.userId));

    // the pre-call check's round trip: a ping to oneself, before joining
    expect(
      (await api(doctor, 'POST', `/call/signal/${consultationId}`, { to: doctor.userId, kind: 'ping', data: 'p1' }))
        .body.code,
    ).toBe(0);
    expect(await until(() => doctorHears.some((m) => m.kind === 'ping' && m.data === 'p1'))).toBe(true);
    // a ping goes to oneself only
    const pingOther = await api(doctor, 'POST', `/call/signal/${consultationId}`, {
      to: expert.userId,
      kind: 'ping',
      data: 'x',
    });
    expect(pingOther.body.code).toBe(409);

    // the doctor enters: the lobby; the expert hears of it
    // the product's clock stands still from here: the stays' times are exact
    s.clock.freeze();
    const t0 = s.clock.now().getTime();
    expect((await api(doctor, 'POST', `/call/join/${consultationId}`)).body.code).toBe(0);
    expect(await until(() => expertHears.some((m) => m.type === 'lobby' && m.userId === doctor.userId))).toBe(true);
    let info = (await api(doctor, 'GET', `/call/info/${consultationId}`)).body.data;
    expect(info.me).toEqual({ userId: doctor.userId, role: 'sender', state: 'lobby' });
    expect(info.open).toBe(true);

    // a signal from the lobby, and one to someone not in the call, are refused and not passed on
    const fromLobby = await api(
      doctor,
      'POST',
      `/call/signal/${consultationId}`,
      { to: expert.userId, kind: 'offer', data: 'sdp' },
      'en',
    );
    expect(fromLobby.body).toMatchObject({ code: 409, msg: expect.stringContaining('Join the video call first') });
    // the inviting side cannot admit anyone
    const selfAdmit = await api(colleague, 'POST', `/call/admit/${consultationId}`, { userId: doctor.userId });
    expect(selfAdmit.body.code).toBe(409);

    // the expert joins: in the call at once, and the consultation starts
    expect((await api(expert, 'POST', `/call/join/${consultationId}`)).body.code).toBe(0);
    const [row] = await s.app.db.select().from(consultations).where(eq(consultations.id, consultationId));
    expect(row!.status).toBe('in_progress');
    const toAbsent = await api(expert, 'POST', `/call/signal/${consultationId}`, {
      to: doctor.userId,
      kind: 'offer',
      data: 'sdp',
    });
    expect(toAbsent.body.code).toBe(409);
    expect(doctorHears.some((m) => m.type === 'signal' && m.kind === 'offer')).toBe(false);
    expect(expertHears.some((m) => m.type === 'signal')).toBe(false);

    // admitted: told with the peers to offer to
    expect((await api(expert, 'POST', `/call/admit/${consultationId}`, { userId: doctor.userId })).body.code).toBe(0);
    expect(
      await until(() =>
        doctorHears.some((m) => m.type === 'admitted' && JSON.stringify(m.peers) === `[${expert.userId}]`),
      ),
    ).toBe(true);
    const again = await api(expert, 'POST', `/call/admit/${consultationId}`, { userId: doctor.userId });
    expect(again.body.code).toBe(409);

    expect(
      (await api(doctor, 'POST', `/call/signal/${consultationId}`, { to: expert.userId, kind: 'offer', data: 'o1' }))
        .body.code,
    ).toBe(0);
    expect(
      await until(() => expertHears.some((m) => m.type === 'signal' && m.from === doctor.userId && m.data === 'o1')),
    ).toBe(true);
    expect(
      (await api(expert, 'POST', `/call/signal/${consultationId}`, { to: doctor.userId, kind: 'answer', data: 'a1' }))
        .body.code,
    ).toBe(0);
    expect(await until(() => doctorHears.some((m) => m.type === 'signal' && m.data === 'a1'))).toBe(true);

    // 45 minutes together, then the doctor hangs up: the expert hears it; 45 minutes are two half hours
    s.clock.advance(45 * 60_000);
    expect((await api(doctor, 'POST', `/call/leave/${consultationId}`)).body.code).toBe(0);
    expect(await until(() => expertHears.some((m) => m.type === 'left' && m.userId === doctor.userId))).toBe(true);
    s.clock.advance(10 * 60_000); // the expert alone: not counted
    info = (await api(expert, 'GET', `/call/info/${consultationId}`)).body.data;
    expect(info.me).toEqual({ userId: expert.userId, role: 'expert', state: 'joined' });
    expect(info.participants.map((p: { userId: number }) => p.userId)).toEqual([expert.userId]);
    expect(info.records).toHaveLength(2);
    expect(info.records.find((r: { userId: number }) => r.userId === doctor.userId)).toMatchObject({
      joinedAt: expect.any(String),
      leftAt: new Date(t0 + 45 * 60_000).toISOString(),
    });
    expect(info.minutes).toBe(45);
    expect(info.feeUnits).toBe(2);

    // the report ends the call: the expert's stay is closed too, and the call cannot be joined any more
    const saved = await s.api('POST', '/api/sys/reportMedicalRecord/save', {
      token: expert.token,
      body: { consultationId, findings: '肌力改善', opinion: '继续训练', advice: '每周三次', followUp: '一月后复诊' },
    });
    expect(saved.body.code).toBe(0);
    // the expert, still in the call, is told it ended
    expect(await until(() => expertHears.some((m) => m.type === 'ended'))).toBe(true);
    const stays = await s.app.db
      .select()
      .from(consultationCalls)
      .where(eq(consultationCalls.consultationId, consultationId));
    expect(stays.every((st) => st.leftAt !== null)).toBe(true);
    const late = await api(doctor, 'POST', `/call/join/${consultationId}`, undefined, 'en');
    expect(late.body).toMatchObject({ code: 409, msg: expect.stringContaining('accepted or in progress') });
    expect((await api(doctor, 'GET', `/call/info/${consultationId}`)).body.data.open).toBe(false);
    s.clock.resume();
  });

  it('holds at most four participants', async () => {
    const id = await acceptedConsultation();
    const extra: Who[] = [];
    for (const phone of ['13900000044', '13900000045', '13900000046']) {
      await member(phone, doctor.organizationId, RoleId.doctor);
      extra.push(await login(phone));
    }
    for (const who of [doctor, colleague, ...extra.slice(0, 2)])
      expect((await api(who, 'POST', `/call/join/${id}`)).body.code).toBe(0);
    // joining again is the same stay
    expect((await api(doctor, 'POST', `/call/join/${id}`)).body.code).toBe(0);
    const full = await api(extra[2]!, 'POST', `/call/join/${id}`, undefined, 'en');
    expect(full.body).toMatchObject({ code: 409, msg: 'The video call already has 4 participants' });
    expect(
      await s.app.db.select().from(consultationCalls).where(eq(consultationCalls.consultationId, id)),
    ).toHaveLength(4);
  });
});

describe('callDuration', () => {
  const at = (min: number) => new Date(Date.UTC(2026, 0, 1, 0, min));
  it('counts the minutes with at least two present, and their half hours', () => {
    expect(callDuration([], at(0))).toEqual({ minutes: 0, feeUnits: 0 });
    expect(callDuration([{ joinedAt: at(0), leftAt: at(30) }], at(60))).toEqual({ minutes: 0, feeUnits: 0 });
    expect(
      callDuration(
        [
          { joinedAt: at(0), leftAt: at(30) },
          { joinedAt: at(10), leftAt: at(40) },
        ],
        at(60),
      ),
    ).toEqual({ minutes: 20, feeUnits: 1 });
    // three at once count once; an open stay counts until now
    expect(
      callDuration(
        [
          { joinedAt: at(0), leftAt: null },
          { joinedAt: at(0), leftAt: at(31) },
          { joinedAt: at(5), leftAt: at(20) },
        ],
        at(90),
      ),
    ).toEqual({ minutes: 31, feeUnits: 2 });
    // one leaves as the other arrives: no overlap
    expect(
      callDuration(
        [
          { joinedAt: at(0), leftAt: at(10) },
          { joinedAt: at(10), leftAt: at(20) },
        ],
        at(30),
      ),
    ).toEqual({ minutes: 0, feeUnits: 0 });
  });
});
