import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { dateOn, scheduleTopic } from '@rehab/shared';
import { userRoles, users } from '../src/db/schema';
import { treatmentProjects } from '../src/modules/patients/patients.tables';
import { therapistShifts } from '../src/modules/scheduling/scheduling.tables';
import { timeSlots } from '../src/modules/time-slots/time-slots.tables';
import { workOrders } from '../src/modules/work-orders/work-orders.tables';
import { DEMO, startTestServer, type TestServer } from './harness';
import { connectLive, heard, until } from './live-client';

// The schedule doorbell: a committed scheduling change rings `web/schedule/<organizationId>`, which only clients of
// that organization allowed to see the schedule may hear; the board and the schedule views then fetch again.

let s: TestServer;
type Who = { token: string; organizationId: number };
let admin: Who;
let other: Who;
const open: MqttClient[] = [];

const api = (url: string, who: Who, body?: unknown) =>
  s.api('POST', `/api${url}`, { token: who.token, body: body ?? {} });

const connect = (who: Who) => connectLive(s.base, who.token, open);

/** An unfinished order of the organization tomorrow, made in the database, and a slot and therapist to book it. */
async function openOrder(organizationId: number) {
  const [project] = await s.app.db
    .select()
    .from(treatmentProjects)
    .where(eq(treatmentProjects.organizationId, organizationId))
    .orderBy(asc(treatmentProjects.id))
    .limit(1);
  const [therapist] = await s.app.db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(eq(userRoles.organizationId, organizationId), eq(userRoles.roleId, 10)))
    .orderBy(asc(users.id))
    .limit(1);
  const [slot] = await s.app.db
    .select()
    .from(timeSlots)
    .where(eq(timeSlots.organizationId, organizationId))
    .orderBy(asc(timeSlots.startTime))
    .limit(1);
  const d = new Date(`${dateOn(new Date())}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 3);
  const [order] = await s.app.db
    .insert(workOrders)
    .values({
      organizationId,
      patientId: project!.patientId,
      treatmentId: project!.treatmentId,
      projectId: project!.id,
      execOfficeId: project!.execOfficeId,
      therapistId: therapist!.id,
      treatDate: d.toISOString().slice(0, 10),
      seq: 90,
      status: 1,
    })
    .returning();
  return { workOrderId: order!.id, slotId: slot!.id, therapistId: therapist!.id };
}

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.loginInto(DEMO.orgAdmin);
  other = await s.loginInto(DEMO.superAdmin, 1);
  if (other.organizationId === admin.organizationId) other = await s.loginInto(DEMO.superAdmin, 0);
  // the demo's shifts would make the booking depend on the weekday (shifts.test.ts covers them)
  await s.app.db.delete(therapistShifts).where(eq(therapistShifts.organizationId, admin.organizationId));
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.endAsync(true).catch(() => undefined)));
  await s?.close();
});

describe('the schedule doorbell', () => {
  it("lets a client hear only its current organization's schedule topic", async () => {
    expect(other.organizationId).not.toBe(admin.organizationId);
    const stranger = await connect(other);
    // refused with a failure return code (the client library rejects); the connection stays open
    await expect(stranger.subscribeAsync(scheduleTopic(admin.organizationId))).rejects.toThrow();
    await expect(stranger.subscribeAsync('web/schedule/#')).rejects.toThrow();
    expect(stranger.connected).toBe(true);
    const own = await stranger.subscribeAsync(scheduleTopic(other.organizationId));
    expect(own[0]!.qos).toBe(0);
  });

  it('rings the organization when a booking is saved and cancelled, and nobody else', async () => {
    const listener = await connect(admin);
    await listener.subscribeAsync(scheduleTopic(admin.organizationId));
    const ours = heard(listener, scheduleTopic(admin.organizationId));
    const stranger = await connect(other);
    await stranger.subscribeAsync(scheduleTopic(other.organizationId));
    const theirs = heard(stranger, scheduleTopic(other.organizationId));

    const booking = await openOrder(admin.organizationId);
    const started = Date.now();
    const saved = await api('/schedulingManagement/saveScheduling', admin, { list: [booking] });
    expect(saved.body.code).toBe(0);
    expect(await until(() => ours.length > 0, 1000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(ours[0]).toEqual({ organizationId: admin.organizationId });

    const scheduleId = (saved.body.data as { id: number }[])[0]!.id;
    const removed = await api('/schedulingManagement/deleteScheduling', admin, { ids: [scheduleId] });
    expect(removed.body.code).toBe(0);
    expect(await until(() => ours.length > 1, 1000)).toBe(true);

    // a refusal writes nothing and rings nothing
    const count = ours.length;
    const refused = await api('/schedulingManagement/deleteScheduling', admin, { ids: [scheduleId] });
    expect(refused.status).toBe(404);
    await new Promise((r) => setTimeout(r, 300));
    expect(ours.length).toBe(count);
    expect(theirs).toEqual([]);
  });

  it('does not let a client ring the doorbell itself', async () => {
    const listener = await connect(admin);
    await listener.subscribeAsync(scheduleTopic(admin.organizationId));
    const ours = heard(listener, scheduleTopic(admin.organizationId));
    const intruder = await connect(admin);
    const closed = new Promise<void>((resolve) => intruder.once('close', () => resolve()));
    intruder.publish(scheduleTopic(admin.organizationId), JSON.stringify({ organizationId: admin.organizationId }));
    await closed;
    await new Promise((r) => setTimeout(r, 300));
    expect(ours).toEqual([]);
  });
});
