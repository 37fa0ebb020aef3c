import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';
import { sysEquipment } from '../master-data/master-data.tables';
import { audit } from '../../db/audit';
import { patients } from '../patients/patients.tables';
import { workOrders } from '../work-orders/work-orders.tables';
import { timeSlots } from '../time-slots/time-slots.tables';

/**
 * A schedule entry (排班): one work order booked into a time slot of its treatment day, with a therapist and
 * optional equipment. The slot's clock times are copied (`start_time`, `end_time`), so a later change of the
 * organization's time slots leaves past schedules readable; `slot_id` then becomes null. The unique indexes are the
 * rule "never twice in one slot" that holds also when two users save at the same moment: per organization and day,
 * one booking per therapist, per piece of equipment and per patient at one start time, and one per work order.
 */
export const schedules = pgTable(
  'sch_schedule',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    treatDate: date('treat_date', { mode: 'string' }).notNull(),
    slotId: integer('slot_id').references(() => timeSlots.id, { onDelete: 'set null' }),
    startTime: varchar('start_time', { length: 5 }).notNull(),
    endTime: varchar('end_time', { length: 5 }).notNull(),
    therapistId: integer('therapist_id')
      .notNull()
      .references(() => users.id),
    equipmentId: integer('equipment_id').references(() => sysEquipment.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    ...audit(),
  },
  (t) => [
    uniqueIndex('sch_schedule_work_order_uq').on(t.workOrderId),
    uniqueIndex('sch_schedule_therapist_uq').on(t.organizationId, t.treatDate, t.startTime, t.therapistId),
    uniqueIndex('sch_schedule_equipment_uq')
      .on(t.organizationId, t.treatDate, t.startTime, t.equipmentId)
      .where(sql`${t.equipmentId} IS NOT NULL`),
    uniqueIndex('sch_schedule_patient_uq').on(t.organizationId, t.treatDate, t.startTime, t.patientId),
    index('sch_schedule_org_day_idx').on(t.organizationId, t.treatDate, t.startTime),
  ],
);

/**
 * A therapist's leave (请假): from / to dates (inclusive) and a reason, with the substitute (替班) who covers the
 * therapist's work orders on those days, when one is named.
 */
export const therapistLeaves = pgTable(
  'sch_therapist_leave',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    therapistId: integer('therapist_id')
      .notNull()
      .references(() => users.id),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    reason: varchar('reason', { length: 50 }).notNull(),
    substituteId: integer('substitute_id').references(() => users.id),
    ...audit(),
  },
  (t) => [index('sch_therapist_leave_org_idx').on(t.organizationId, t.therapistId, t.startDate)],
);

/**
 * A therapist's shift on one day (班次): 'day', 'morning', 'afternoon' or 'off'. No row means no shift set (the
 * therapist is available as before shifts existed). An 'off' day is treated like leave by the recommendation and the
 * booking rules. One row per therapist and day.
 */
export const therapistShifts = pgTable(
  'sch_therapist_shift',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    therapistId: integer('therapist_id')
      .notNull()
      .references(() => users.id),
    shiftDate: date('shift_date', { mode: 'string' }).notNull(),
    shift: varchar('shift', { length: 16 }).notNull(),
    ...audit(),
  },
  (t) => [uniqueIndex('sch_therapist_shift_uq').on(t.organizationId, t.therapistId, t.shiftDate)],
);
