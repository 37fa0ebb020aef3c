import { and, eq, inArray } from 'drizzle-orm';
import { Perm, translate } from '@rehab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menus, roleMenus } from '../src/db/schema';
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
