import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { LeaseStatus } from '@rehab/shared';
import { organizations } from '../organizations/organizations.tables';
import { patients } from '../patients/patients.tables';
import { sysEquipment } from '../master-data/master-data.tables';
import { users } from '../users/users.tables';
import { createdAt, ts } from '../../db/columns';

/**
 * A lease of one piece of equipment of the register to a patient (设备租赁单): the daily price copied from the
 * equipment's lease price when leased (in fen), the deposit taken, the planned and actual return days, and the rent
 * settled on return. One open lease per piece of equipment (it is at the patient's home).
 */
export const leases = pgTable(
  'care_lease',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    equipmentId: integer('equipment_id')
      .notNull()
      .references(() => sysEquipment.id),
    startOn: date('start_on', { mode: 'string' }).notNull(),
    plannedReturnOn: date('planned_return_on', { mode: 'string' }).notNull(),
    returnedOn: date('returned_on', { mode: 'string' }),
    status: varchar('status', { length: 10 }).$type<LeaseStatus>().notNull(),
    dailyPriceFen: integer('daily_price_fen').notNull(),
    depositFen: integer('deposit_fen').notNull(),
    /** settled on return */
    rentFen: integer('rent_fen'),
    remark: varchar('remark', { length: 200 }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    returnedBy: integer('returned_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at'),
  },
  (t) => [
    index('care_lease_org_idx').on(t.organizationId, t.id),
    uniqueIndex('care_lease_equipment_open_uq')
      .on(t.equipmentId)
      .where(sql`${t.status} <> 'returned'`),
    index('care_lease_due_idx')
      .on(t.plannedReturnOn)
      .where(sql`${t.status} = 'leased'`),
  ],
);
