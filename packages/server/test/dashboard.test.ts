import { and, asc, eq, inArray } from 'drizzle-orm';
import { Perm, translate } from '@rehab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menus, roleMenus } from '../src/db/schema';
import { clinicToday } from '../src/kernel/clock';
import { treatmentProjects } from '../src/modules/patients/patients.tables';
import { workOrders } from '../src/modules/work-orders/work-orders.tables';
import { clearPermissionCache } from '../src/modules/menus/permissions.service';
import { DEMO, startTestServer, type TestServer } from './harness';

const FIELDS = ['msgCount', 'nonprogrammable', 'asCount', 'undoneTotal', 'doneTotal', 'unAssignedCount'];

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ codeCooldownMs: 0 });
});
afterAll(async () => {
  await s?.close();
});

const info = (org: number | string, office: number | string, token?: string, lang?: string) =>
  s.api('GET', `/api/sys/index/info/${org}/${office}`, { token, lang });

describe('GET /api/sys/index/info/:organizationId/:officeId', () => {
  it('answers the six counts for the own organization and department', async () => {
    for (const account of [DEMO.superAdmin, DEMO.orgAdmin, DEMO.doctor, DEMO.therapist]) {
      const { token, organizationId, officeId } = await s.loginInto(account);
      const res = await info(organizationId, officeId ?? 0, token);
      expect(res.status, account).toBe(200);
      expect(res.body.code).toBe(0);
      expect(Object.keys(res.body.data).sort()).toEqual([...FIELDS].sort());
      // messages count the demo mail; the other counts are counted once their feature exists, else 0
      const unread = await s.api('POST', '/api/sys/message/countUnreadMessage', { token });
      expect(res.body.data.msgCount, account).toBe(unread.body.data.unReadMessageNum);
      const counted = new Set<string>(s.app.modules.counters.map((c) => c.field));
      for (const field of FIELDS) {
        if (counted.has(field)) expect(res.body.data[field]).toBeGreaterThanOrEqual(0);
        else expect(res.body.data[field], field).toBe(0);
      }
      // 0 stands for "all departments"
      expect((await info(organizationId, 0, token)).body.code).toBe(0);
    }
  });

  it("refuses another organization's id", async () => {
    const { token, organizationId } = await s.loginInto(DEMO.superAdmin, 0);
    const other = organizationId === 1 ? 2 : 1;
    const res = await info(other, 0, token, 'en');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 403, msg: translate('en', 'error.forbidden') });
    expect((await info(999999, 0, token)).status).toBe(403);
  });

  it('refuses a department of another organization, or one the user does not work in', async () => {
    const doctor = await s.loginInto(DEMO.doctor);
    const therapist2 = await s.loginInto(DEMO.therapist2);
    expect((await info(doctor.organizationId, therapist2.officeId!, doctor.token)).status).toBe(403);
    expect((await info(therapist2.organizationId, doctor.officeId!, therapist2.token)).status).toBe(403);
  });

  it('refuses a session without an organization', async () => {
    const token = await s.loginAdmin(DEMO.superAdmin);
    const res = await info(1, 0, token, 'en');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 403, msgKey: 'error.noOrganization' });
  });

  it('needs a token', async () => {
    expect((await info(1, 0)).status).toBe(401);
  });

  it('validates the path', async () => {
    const { token, organizationId } = await s.loginInto(DEMO.doctor);
    for (const [org, office] of [
      ['abc', 0],
      [organizationId, 'x'],
      [organizationId, -1],
      [0, 0],
      [`${organizationId}.5`, 0],
    ] as const) {
      const res = await info(org, office, token);
      expect(res.status, `${org}/${office}`).toBe(400);
    }
    expect((await info('99999999999999', 0, token)).status).toBeLessThan(500);
    expect((await info(organizationId, '99999999999999', token)).status).toBeLessThan(500);
  });

  it('refuses a role without sys:index:info', async () => {
    const { token, organizationId, officeId } = await s.loginInto(DEMO.therapist2);
    expect((await info(organizationId, officeId!, token)).status).toBe(200);
    // take the home menu away from the therapist role
    const home = await s.app.db.select({ id: menus.id }).from(menus).where(eq(menus.perms, Perm.indexInfo));
    await s.app.db.delete(roleMenus).where(
      and(
        eq(roleMenus.roleId, 10),
        inArray(
          roleMenus.menuId,
          home.map((m) => m.id),
        ),
      ),
    );
    clearPermissionCache();
    const res = await info(organizationId, officeId!, token, 'en');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 403, msgKey: 'error.forbidden', msg: 'You do not have access permission.' });
    const nav = await s.api('GET', '/api/sys/menu/nav', { token });
    expect(nav.body.permissions).not.toContain(Perm.indexInfo);
    // other roles keep it
    const doctor = await s.loginInto(DEMO.doctor);
    expect((await info(doctor.organizationId, doctor.officeId!, doctor.token)).status).toBe(200);
  });
});

describe('the unplanned-patients counter (nonprogrammable)', () => {
  type Board = { unscheduled: { patientId: number }[] };
  const board = async (token: string): Promise<Board> =>
    (await s.api('POST', '/api/schedulingManagement/getTodayAllScheduling', { token, body: {} })).body.data;
  const distinctPatients = (b: Board) => new Set(b.unscheduled.map((o) => o.patientId)).size;
  let seq = 900;

  it("counts each patient with today's unscheduled orders once, in the own organization only", async () => {
    const admin = await s.loginInto(DEMO.orgAdmin);
    const doctor = await s.loginInto(DEMO.doctor);
    const count = async () =>
      (await info(doctor.organizationId, doctor.officeId ?? 0, doctor.token)).body.data.nonprogrammable as number;
    const before = await board(admin.token);
    expect(await count()).toBe(distinctPatients(before));

    // a patient with no unscheduled order today gets two: the count grows by one
    const waiting = new Set(before.unscheduled.map((o) => o.patientId));
    const projects = await s.app.db
      .select()
      .from(treatmentProjects)
      .where(eq(treatmentProjects.organizationId, admin.organizationId))
      .orderBy(asc(treatmentProjects.id));
    const project = projects.find((p) => !waiting.has(p.patientId))!;
    expect(project).toBeDefined();
    for (let i = 0; i < 2; i++) {
      await s.app.db.insert(workOrders).values({
        organizationId: admin.organizationId,
        patientId: project.patientId,
        treatmentId: project.treatmentId,
        projectId: project.id,
        execOfficeId: project.execOfficeId,
        treatDate: clinicToday(s.clock.now()),
        seq: seq++,
        status: 1,
      });
    }
    const after = await count();
    expect(after).toBe(before.unscheduled.length === 0 ? 1 : distinctPatients(before) + 1);
    expect(after).toBe(distinctPatients(await board(admin.token)));

    // another organization's day is not counted here
    let other = await s.loginInto(DEMO.superAdmin, 1);
    if (other.organizationId === admin.organizationId) other = await s.loginInto(DEMO.superAdmin, 0);
    expect(other.organizationId).not.toBe(admin.organizationId);
    const otherCount = (await info(other.organizationId, 0, other.token)).body.data.nonprogrammable;
    expect(otherCount).toBe(distinctPatients(await board(other.token)));

    // the next day counts that day's orders
    s.clock.advance(86_400_000);
    const [admin2, doctor2] = [await s.loginInto(DEMO.orgAdmin), await s.loginInto(DEMO.doctor)];
    const tomorrow = await info(doctor2.organizationId, doctor2.officeId ?? 0, doctor2.token);
    expect(tomorrow.body.data.nonprogrammable).toBe(distinctPatients(await board(admin2.token)));
  });
});
