import { and, asc, eq, gte, ilike, inArray, lte, ne, or, type SQL } from 'drizzle-orm';
import { ReferralComboType, RoleId, WorkOrderStatus, type comboBoxSchema } from '@rehab/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { staffWithRoles } from '../roles';
import { userNameRows } from '../users';
import { enabledEquipment } from '../master-data';
import { courseRows, patientNameRows, patientOfOrganization, projectRows } from '../patients';
import { memberIdsOfTeams } from '../teams';
import { clinicToday } from './work-orders.generation';
import { workOrders } from './work-orders.tables';
import { type OrderScope } from './work-orders.service';
import { escapeLike } from '../../db/like';

// the owners' rows the lists join, named as their tables (each plans as a join on the table itself)
const users = userNameRows('sys_user');
const patients = patientNameRows('pat_patient');
const treatments = courseRows('pat_treatment');
const treatmentProjects = projectRows('pat_treatment_project');

// The option lists of the order filters (projects, patients, equipment, staff) and the therapists who may be booked
// for a patient's orders (calls of the spec's Referral list, docs/decisions.md).

/**
 * queryComboBox: projects, patients or therapists found on the organization's orders, or the organization's enabled
 * equipment, by name.
 */
export async function comboBox(db: Db, scope: OrderScope, q: z.output<typeof comboBoxSchema>) {
  const where: SQL[] = [eq(workOrders.organizationId, scope.organizationId)];
  if (q.startDate) where.push(gte(workOrders.treatDate, q.startDate));
  if (q.endDate) where.push(lte(workOrders.treatDate, q.endDate));
  const like = q.keyword ? `%${escapeLike(q.keyword)}%` : null;
  if (q.type === ReferralComboType.project) {
    if (like) where.push(ilike(treatmentProjects.name, like));
    const rows = await db
      .selectDistinct({ id: treatmentProjects.id, name: treatmentProjects.name })
      .from(workOrders)
      .innerJoin(treatmentProjects, eq(treatmentProjects.id, workOrders.projectId))
      .where(and(...where))
      .orderBy(asc(treatmentProjects.name), asc(treatmentProjects.id))
      .limit(500);
    return rows;
  }
  if (q.type === ReferralComboType.patient) {
    if (like)
      where.push(
        or(ilike(patients.name, like), ilike(patients.namePinyin, like), ilike(patients.nameInitials, like)) as SQL,
      );
    return db
      .selectDistinct({ id: patients.id, name: patients.name })
      .from(workOrders)
      .innerJoin(patients, eq(patients.id, workOrders.patientId))
      .where(and(...where))
      .orderBy(asc(patients.name), asc(patients.id))
      .limit(500);
  }
  if (q.type === ReferralComboType.equipment) {
    // every enabled piece of the organization: the list also offers the equipment for TreatmentEquipment
    return enabledEquipment(db, scope.organizationId, { keyword: q.keyword, limit: 500 });
  }
  if (like) where.push(ilike(users.name, like));
  return db
    .selectDistinct({ id: users.id, name: users.name })
    .from(workOrders)
    .innerJoin(
      users,
      or(
        eq(users.id, workOrders.therapistId),
        eq(users.id, workOrders.authorizedTherapistId),
        eq(users.id, workOrders.executorId),
      ),
    )
    .where(and(...where))
    .orderBy(asc(users.name), asc(users.id))
    .limit(500);
}

/** selectDoctorComboBox: the doctors whose patients have orders in the organization. */
export async function doctorComboBox(db: Db, scope: OrderScope) {
  return db
    .selectDistinct({ id: users.id, name: users.name })
    .from(workOrders)
    .innerJoin(treatments, eq(treatments.id, workOrders.treatmentId))
    .innerJoin(users, eq(users.id, treatments.doctorId))
    .where(eq(workOrders.organizationId, scope.organizationId))
    .orderBy(asc(users.name), asc(users.id))
    .limit(500);
}

/**
 * querySelectTh / querySelectDoctor (type): type 1 every enabled therapist (doctor) of the organization, type 2 only
 * those with orders today (therapists: assigned, authorized or executing; doctors: of the patients).
 */
export async function staffSelect(db: Db, scope: OrderScope, role: 'therapist' | 'doctor', type: 1 | 2) {
  if (type === 1) {
    return staffWithRoles(db, scope.organizationId, [role === 'therapist' ? RoleId.therapist : RoleId.doctor], {
      order: 'name-id',
    });
  }
  const today = and(
    eq(workOrders.organizationId, scope.organizationId),
    eq(workOrders.treatDate, clinicToday()),
    ne(workOrders.status, WorkOrderStatus.invalidated),
  );
  if (role === 'doctor')
    return db
      .selectDistinct({ id: users.id, name: users.name })
      .from(workOrders)
      .innerJoin(treatments, eq(treatments.id, workOrders.treatmentId))
      .innerJoin(users, eq(users.id, treatments.doctorId))
      .where(today)
      .orderBy(asc(users.name), asc(users.id));
  return db
    .selectDistinct({ id: users.id, name: users.name })
    .from(workOrders)
    .innerJoin(users, or(eq(users.id, workOrders.therapistId), eq(users.id, workOrders.authorizedTherapistId)))
    .where(today)
    .orderBy(asc(users.name), asc(users.id));
}

/**
 * querySelectTh4PatientScheduling: the therapists who may be booked for a patient's orders of the day: the order's
 * therapist, the authorized therapist, or the members of the order's group when nobody is named.
 */
export async function therapistsForPatient(db: Db, scope: OrderScope, patientId: number, date?: string) {
  await patientOfOrganization(db, scope.organizationId, patientId);
  const orders = await db
    .select({
      therapistId: workOrders.therapistId,
      authorizedTherapistId: workOrders.authorizedTherapistId,
      teamId: workOrders.teamId,
    })
    .from(workOrders)
    .where(
      and(
        eq(workOrders.organizationId, scope.organizationId),
        eq(workOrders.patientId, patientId),
        eq(workOrders.treatDate, date ?? clinicToday()),
        eq(workOrders.status, WorkOrderStatus.unfinished),
      ),
    );
  const ids = new Set<number>();
  const teams = new Set<number>();
  for (const o of orders) {
    const named = o.authorizedTherapistId ?? o.therapistId;
    if (named) ids.add(named);
    else if (o.teamId) teams.add(o.teamId);
  }
  if (teams.size) for (const userId of await memberIdsOfTeams(db, [...teams])) ids.add(userId);
  if (!ids.size) return [];
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.status, 1)))
    .orderBy(asc(users.name), asc(users.id));
}
