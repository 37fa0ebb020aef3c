// Electronic signatures (issue 19, part B): the organization's CA provider (its secret never answered), certificates
// bound to members, the one signing service (a real ECDSA P-256 signature over the SHA-256 of a canonical snapshot),
// verification (valid / modified since signing), superseded signatures kept, append-only rows, another
// organization's signatures invisible, CA switched off refused, bad input 400, the work-order pad signature recorded,
// the signature log audited and the certificate expiry reminder.
import { createHash, verify } from 'node:crypto';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoleId } from '@rehab/shared';
import { hashPassword } from '../src/modules/auth';
import { userOrganizations, users } from '../src/modules/users/users.tables';
import { userRoles } from '../src/modules/roles/roles.tables';
import { assessProjects, assessRecords } from '../src/modules/assessments/assessments.tables';
import { workOrders } from '../src/modules/work-orders/work-orders.tables';
import { messageRecipients } from '../src/modules/messages/messages.tables';
import { certificates, signatures } from '../src/modules/signatures/signatures.tables';
import { canonicalJson } from '../src/modules/signatures';
import { certificateExpiryJob } from '../src/modules/signatures/signatures.jobs';
import { demoSignaturePng } from '../src/modules/work-orders/work-orders.demo';
import { DEMO, DEMO_PASSWORD, startTestServer, type TestServer } from './harness';

type Who = { token: string; organizationId: number; userId: number };

let s: TestServer;
let admin: Who;
let therapist: Who;
let expert: Who; // a doctor of the community centre (another organization)
let otherAdmin: Who; // an administrator of the community centre
let projectId: number;

const api = (who: Who, method: 'GET' | 'POST', url: string, body?: unknown, lang = 'en') =>
  s.api(method, `/api${url}`, { token: who.token, body, lang });
const userIdOf = async (phone: string) =>
  (await s.app.db.select({ id: users.id }).from(users).where(eq(users.phone, phone)))[0]!.id;
const login = async (phone: string): Promise<Who> => ({ ...(await s.loginInto(phone)), userId: await userIdOf(phone) });
/** the signatures these tests make (the demo's remote consultation reports, signed at seeding, left out) */
const signatureRows = () =>
  s.app.db.select().from(signatures).where(ne(signatures.kind, 'consultationReport')).orderBy(signatures.id);

async function setCa(who: Who, on: boolean) {
  const read = await api(who, 'POST', '/sys/organizationConfig/listSoftProduct', {});
  const products = read.body.data.products
    .filter((p: { enabled: boolean }) => p.enabled)
    .map((p: { code: string }) => p.code);
  const save = await api(who, 'POST', '/sys/organizationConfig/save', {
    organizationId: who.organizationId,
    caIntegration: on ? 1 : 0,
    products,
  });
  expect(save.body.code).toBe(0);
}

const menuUrls = async (who: Who) => {
  const nav = (await api(who, 'GET', '/sys/menu/nav')).body;
  const walk = (list: { url: string | null; list: unknown[] }[]): string[] =>
    list.flatMap((n) => [...(n.url ? [n.url] : []), ...walk(n.list as never)]);
  return walk(nav.menuList);
};

const accessRows = (where: Parameters<TestServer['accessRows']>[0]) => s.accessRows(where);

beforeAll(async () => {
  s = await startTestServer();
  admin = await login(DEMO.orgAdmin);
  therapist = await login(DEMO.therapist);
  expert = await login(DEMO.expert);
  // an administrator of the community centre, made in the database
  const [u] = await s.app.db
    .insert(users)
    .values({ name: '中心管理员', phone: '13900000091', passwordHash: await hashPassword(DEMO_PASSWORD) })
    .returning({ id: users.id });
  await s.app.db.insert(userOrganizations).values({ userId: u!.id, organizationId: expert.organizationId });
  await s.app.db
    .insert(userRoles)
    .values({ userId: u!.id, organizationId: expert.organizationId, roleId: RoleId.orgAdmin });
  otherAdmin = await login('13900000091');
  const [p] = await s.app.db
    .select({ id: assessProjects.id })
    .from(assessProjects)
    .where(and(eq(assessProjects.organizationId, admin.organizationId), eq(assessProjects.status, 3)))
    .limit(1);
  projectId = p!.id;
});

afterAll(async () => {
  await s?.close();
});

describe('signatures: CA switched off', () => {
  it('refuses to sign with the spec message, writes nothing, and hides the signature log', async () => {
    const res = await api(therapist, 'POST', `/sys/assess/sign/${projectId}`);
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('The current institution has not activated the CA function');
    const zh = await api(therapist, 'POST', `/sys/assess/sign/${projectId}`, undefined, 'zh-CN');
    expect(zh.body.msg).toBe('当前机构未开通CA功能');
    expect(await signatureRows()).toHaveLength(0);
    expect(await menuUrls(admin)).not.toContain('/signature/log');
    expect((await api(admin, 'POST', '/sys/signature/list', {})).status).toBe(403);
    const state = await api(therapist, 'GET', `/sys/assess/signature/${projectId}`);
    expect(state.body.data).toEqual({ caIntegration: false, canSign: false, signature: null });
  });
});

describe('signatures: the provider and certificates', () => {
  beforeAll(async () => setCa(admin, true));

  it('shows the signature log menu once CA integration is on', async () => {
    expect(await menuUrls(admin)).toContain('/signature/log');
    expect(await menuUrls(therapist)).not.toContain('/signature/log');
  });

  it('answers 400 with a clear message for bad input and writes nothing', async () => {
    const bad = [
      ['/sys/signature/provider/save', { vendor: 'acme', signTypes: ['ukey'] }],
      ['/sys/signature/provider/save', { vendor: 'test', signTypes: [] }],
      ['/sys/signature/provider/save', { vendor: 'test', signTypes: ['ukey'], serviceUrl: 'ftp://x' }],
      ['/sys/signature/cert/bind', { userId: 'x' }],
      ['/sys/signature/cert/bind', { userId: therapist.userId, sealImage: 'data:image/gif;base64,AAAA' }],
      ['/sys/signature/list', { kind: 'nonsense' }],
    ] as const;
    for (const [url, body] of bad) {
      const res = await api(admin, 'POST', url, body);
      expect(res.status, url).toBe(400);
      expect(res.body.msg, url).toBeTruthy();
    }
    expect((await api(therapist, 'POST', '/sys/assess/sign/abc')).status).toBe(400);
    expect(await s.app.db.select().from(certificates)).toHaveLength(0);
  });

  it('refuses to sign before a provider and a certificate exist', async () => {
    const noProvider = await api(therapist, 'POST', `/sys/assess/sign/${projectId}`);
    expect(noProvider.status).toBe(400);
    expect(noProvider.body.msg).toMatch(/CA provider/);
    const save = await api(admin, 'POST', '/sys/signature/provider/save', {
      vendor: 'test',
      signTypes: ['ukey', 'phone'],
      serviceUrl: 'https://ca.example.org/api',
      appId: 'rehab-1',
      appSecret: 's3cret-value',
    });
    expect(save.body.code).toBe(0);
    const read = await api(admin, 'GET', '/sys/signature/provider');
    expect(read.body.data).toMatchObject({ caIntegration: true, configured: true, vendor: 'test', hasSecret: true });
    expect(JSON.stringify(read.body)).not.toContain('s3cret');
    const noCert = await api(therapist, 'POST', `/sys/assess/sign/${projectId}`);
    expect(noCert.status).toBe(400);
    expect(noCert.body.msg).toMatch(/certificate/);
    expect(await signatureRows()).toHaveLength(0);
  });

  it('binds a certificate issued by the test vendor; keys never leave the server', async () => {
    const bind = await api(admin, 'POST', '/sys/signature/cert/bind', { userId: therapist.userId, validDays: 365 });
    expect(bind.body.code).toBe(0);
    expect(bind.body.data).toMatchObject({ userId: therapist.userId, vendor: 'test', active: true, hasSeal: false });
    expect(bind.body.data.subject).toContain(`UID=${therapist.userId}`);
    const list = await api(admin, 'GET', '/sys/signature/cert/list');
    expect(list.body.data.map((c: { serial: string }) => c.serial)).toEqual([bind.body.data.serial]);
    expect(JSON.stringify(list.body)).not.toMatch(/PRIVATE KEY|PUBLIC KEY/);
    const outsider = await api(admin, 'POST', '/sys/signature/cert/bind', { userId: otherAdmin.userId });
    expect(outsider.status).toBe(400);
  });
});

describe('signatures: signing and verification', () => {
  it('signs a submitted report: a real signature over the hash of the canonical snapshot', async () => {
    const res = await api(therapist, 'POST', `/sys/assess/sign/${projectId}`);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      caIntegration: true,
      canSign: true,
      signature: { state: 'valid', method: 'ca', superseded: 0 },
    });
    const [row] = await signatureRows();
    expect(row).toMatchObject({ kind: 'assessmentReport', recordId: projectId, method: 'ca', supersedes: null });
    expect(row!.signedAt.getTime()).toBeLessThanOrEqual(s.clock.now().getTime());
    expect(row!.hash).toBe(createHash('sha256').update(canonicalJson(row!.snapshot)).digest('hex'));
    const [cert] = await s.app.db.select().from(certificates).where(eq(certificates.id, row!.certificateId!));
    const statement = canonicalJson({
      organizationId: row!.organizationId,
      kind: row!.kind,
      recordId: row!.recordId,
      hash: row!.hash,
      signerId: row!.signerId,
      certificateId: row!.certificateId,
      signedAt: row!.signedAt,
    });
    expect(verify('sha256', Buffer.from(statement), cert!.publicKey, row!.value!)).toBe(true);
    expect(verify('sha256', Buffer.from(statement + ' '), cert!.publicKey, row!.value!)).toBe(false);
    const state = await api(therapist, 'GET', `/sys/assess/signature/${projectId}`);
    expect(state.body.data.signature.state).toBe('valid');
    await accessRows((r) => r.kind === 'record' && r.subject === `assessment signature ${projectId}`);
  });

  it('says "modified" once the record is changed in the database, and keeps the superseded signature', async () => {
    const [rec] = await s.app.db.select().from(assessRecords).where(eq(assessRecords.projectId, projectId));
    await s.app.db
      .update(assessRecords)
      .set({ total: String(Number(rec!.total ?? 0) + 1) })
      .where(eq(assessRecords.id, rec!.id));
    const state = await api(therapist, 'GET', `/sys/assess/signature/${projectId}`);
    expect(state.body.data.signature.state).toBe('modified');
    s.clock.advance(60_000);
    const again = await api(therapist, 'POST', `/sys/assess/sign/${projectId}`);
    expect(again.body.data.signature).toMatchObject({ state: 'valid', superseded: 1 });
    const rows = await signatureRows();
    expect(rows).toHaveLength(2);
    expect(rows[1]!.supersedes).toBe(rows[0]!.id);
    const log = await api(admin, 'POST', '/sys/signature/list', { kind: 'assessmentReport' });
    expect(
      log.body.data.list.map((r: { id: number; superseded: boolean; intact: boolean }) => [
        r.id,
        r.superseded,
        r.intact,
      ]),
    ).toEqual([
      [rows[1]!.id, false, true],
      [rows[0]!.id, true, true],
    ]);
  });

  it('keeps signatures append-only: the database refuses to change or delete one', async () => {
    const [first] = await signatureRows();
    await expect(
      s.app.db
        .update(signatures)
        .set({ hash: '0'.repeat(64) })
        .where(eq(signatures.id, first!.id)),
    ).rejects.toThrow();
    await expect(s.app.db.delete(signatures).where(eq(signatures.id, first!.id))).rejects.toThrow();
    expect((await signatureRows())[0]!.hash).toBe(first!.hash);
  });

  it('records the patient pad signature of a work order through the same service', async () => {
    const [order] = await s.app.db
      .select()
      .from(workOrders)
      .where(
        and(
          eq(workOrders.organizationId, admin.organizationId),
          eq(workOrders.status, 3),
          eq(workOrders.signed, false),
        ),
      )
      .limit(1);
    const png = demoSignaturePng(7);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'sign.png');
    const res = await fetch(`${s.base}/api/sys/referral/uploadReferralConfirmation?ids=${order!.id}&kind=1`, {
      method: 'PUT',
      headers: { token: therapist.token },
      body: form,
    });
    expect(((await res.json()) as { code: number }).code).toBe(0);
    const [signed] = await s.app.db.select().from(workOrders).where(eq(workOrders.id, order!.id));
    expect(signed!.signed).toBe(true);
    const [sig] = await s.app.db
      .select()
      .from(signatures)
      .where(and(eq(signatures.kind, 'workOrderPatient'), eq(signatures.recordId, order!.id)));
    expect(sig).toMatchObject({ method: 'pad', padMime: 'image/png', patientId: order!.patientId });
    expect(Buffer.compare(sig!.padImage!, png)).toBe(0);
    expect((sig!.snapshot as { image: string }).image).toBe(createHash('sha256').update(png).digest('hex'));
    const log = await api(admin, 'POST', '/sys/signature/list', { method: 'pad' });
    expect(log.body.data.list).toHaveLength(1);
    expect(log.body.data.list[0]).toMatchObject({ kind: 'workOrderPatient', recordId: order!.id, intact: true });
  });

  it('exports the filtered log (audited as an export)', async () => {
    const res = await api(admin, 'POST', '/sys/signature/list', { exportAll: true, signerName: '' });
    expect(res.body.data.list).toHaveLength(3);
    await accessRows((r) => r.kind === 'export' && r.subject === 'signature log' && r.rows === 3);
  });
});

describe('signatures: organizations apart', () => {
  it("never shows another organization's signatures", async () => {
    await setCa(otherAdmin, true);
    expect(await menuUrls(otherAdmin)).toContain('/signature/log');
    // the centre's log holds only its own signatures (the demo's consultation reports its expert signed)
    const list = await api(otherAdmin, 'POST', '/sys/signature/list', {});
    const ours = new Set((await signatureRows()).map((r) => r.id));
    expect(ours.size).toBeGreaterThan(0);
    const rows = list.body.data.list as { id: number; kind: string }[];
    expect(rows.filter((r) => ours.has(r.id))).toEqual([]);
    expect(rows.every((r) => r.kind === 'consultationReport')).toBe(true);
    expect(list.body.data.totalCount).toBe(rows.length);
    const foreign = await api(expert, 'GET', `/sys/assess/signature/${projectId}`);
    expect([403, 404]).toContain(foreign.status);
    expect(JSON.stringify(foreign.body)).not.toContain('"hash"');
    const certs = await api(otherAdmin, 'GET', '/sys/signature/cert/list');
    expect(certs.body.data).toEqual([]);
  });
});

describe('signatures: certificate expiry reminder', () => {
  it('tells the holder once when the active certificate ends within the reminder days', async () => {
    const bind = await api(admin, 'POST', '/sys/signature/cert/bind', { userId: therapist.userId, validDays: 20 });
    expect(bind.body.code).toBe(0);
    const before = await s.app.db
      .select()
      .from(messageRecipients)
      .where(inArray(messageRecipients.userId, [therapist.userId]));
    const first = await certificateExpiryJob.run({ app: s.app, params: { days: 30 }, now: s.clock.now() });
    expect(first).toEqual({ reminded: 1 });
    const after = await s.app.db
      .select()
      .from(messageRecipients)
      .where(inArray(messageRecipients.userId, [therapist.userId]));
    expect(after.length).toBe(before.length + 1);
    const second = await certificateExpiryJob.run({ app: s.app, params: { days: 30 }, now: s.clock.now() });
    expect(second).toEqual({ reminded: 0 });
  });
});
