import { and, asc, eq, inArray } from 'drizzle-orm';
import { RoleId, clockToMinutes, dateOn, recommendSchedule, weekDays, weekStartOf } from '@rehab/shared';
import type { Db } from '../../db/client';
import { firstOrganizationIds } from '../organizations';
import { roleHoldersIn } from '../roles';
import { slotsOfOrganization } from '../time-slots';
import { cardColumns as card, workOrderCards } from '../work-orders';
import { schedules, therapistLeaves, therapistShifts } from './scheduling.tables';
import { clockNow } from '../../kernel/clock';

/**
 * Demo scheduling of the first demo organization: a past leave of its first therapist covered by the second, and
 * today's unfinished and completed work orders that exist at seed time booked by the recommendation (the work-order seed runs
 * before this one and adds the therapists).
 */
export async function seedScheduling(db: Db) {
  const [orgId] = await firstOrganizationIds(db, 1);
  if (orgId === undefined) return;
  const org = { id: orgId };
  const [therapist, substitute] = await therapistsOf(db, org.id);

  const today = dateOn(clockNow());
  const day = (offset: number) => {
    const d = new Date(`${today}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + offset);
    return d.toISOString().slice(0, 10);
  };
  if (therapist && substitute) {
    await db.insert(therapistLeaves).values({
      organizationId: org.id,
      therapistId: therapist.id,
      startDate: day(-10),
      endDate: day(-9),
      reason: '年假',
      substituteId: substitute.id,
    });
  }

  await seedShifts(db, org.id, today);

  const slots = await slotsOfOrganization(db, org.id);
  const orders = await workOrderCards(db, {
    id: card.id,
    patientId: card.patientId,
    therapistId: card.therapistId,
    authorizedTherapistId: card.authorizedTherapistId,
    equipmentId: card.equipmentId,
  })
    .where(and(eq(card.organizationId, org.id), eq(card.treatDate, today), inArray(card.status, [1, 3])))
    .orderBy(asc(card.patientId), asc(card.id));
  if (!slots.length || !orders.length) return;
  const byKey = new Map(slots.map((s) => [clockToMinutes(s.startTime), s]));
  const { placed } = recommendSchedule({
    slotIds: slots.map((s) => clockToMinutes(s.startTime)),
    orders: orders.map((o) => ({
      workOrderId: o.id,
      patientId: o.patientId,
      therapistId: o.authorizedTherapistId ?? o.therapistId,
      equipmentId: o.equipmentId,
    })),
    booked: [],
  });
  if (!placed.length) return;
  await db.insert(schedules).values(
    placed.map((p) => {
      const slot = byKey.get(p.slotId)!;
      return {
        organizationId: org.id,
        workOrderId: p.workOrderId,
        treatDate: today,
        slotId: slot.id,
        startTime: slot.startTime,
        endTime: slot.endTime,
        therapistId: p.therapistId,
        equipmentId: p.equipmentId,
        patientId: p.patientId,
      };
    }),
  );
}

/**
 * Demo shifts of the organization's therapists for this week and the next: weekdays all day, Saturday morning; the
 * first therapist is off on next week's Sunday. No off day falls on today or earlier, so today's demo bookings and
 * the other screens' demo data stay as they are.
 */
async function seedShifts(db: Db, organizationId: number, today: string) {
  const staff = await therapistsOf(db, organizationId);
  if (!staff.length) return;
  const thisWeek = weekDays(weekStartOf(today));
  const monday = new Date(`${thisWeek[0]}T00:00:00Z`);
  monday.setUTCDate(monday.getUTCDate() + 7);
  const nextWeek = weekDays(monday.toISOString().slice(0, 10));
  const rows = staff.flatMap((t, n) =>
    [...thisWeek, ...nextWeek].flatMap((date, i) => {
      const weekday = i % 7;
      if (weekday === 6) {
        return n === 0 && i === 13 ? [{ organizationId, therapistId: t.id, shiftDate: date, shift: 'off' }] : [];
      }
      return [{ organizationId, therapistId: t.id, shiftDate: date, shift: weekday === 5 ? 'morning' : 'day' }];
    }),
  );
  await db.insert(therapistShifts).values(rows).onConflictDoNothing();
}

/** The organization's therapists (holders of the therapist role there), each once, by id. */
async function therapistsOf(db: Db, organizationId: number): Promise<{ id: number }[]> {
  const holders = await roleHoldersIn(db, organizationId, { roleIds: [RoleId.therapist] });
  return [...new Set(holders.map((h) => h.userId))].map((id) => ({ id }));
}
