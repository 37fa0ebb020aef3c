import { and, asc, eq, gte, ilike, inArray, lte, ne, or, type SQL } from 'drizzle-orm';
import { ReferralComboType, RoleId, WorkOrderStatus, type comboBoxSchema } from '@rehab/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { userRoles } from '../roles/roles.tables';
import { users } from '../users/users.tables';
import { sysEquipment } from '../master-data/master-data.tables';
import { patients, treatmentProjects, treatments } from '../patients/patients.tables';
import { treatmentTeamMembers } from '../teams/teams.tables';
import { clinicToday } from './work-orders.generation';
import { workOrders } from './work-orders.tables';
import { type OrderScope } from './work-orders.service';
import { patientOfOrganization } from '../patients';
import { escapeLike } from '../../db/like';

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
    const rows = await db
      .select({ id: sysEquipment.id, name: sysEquipment.name })
      .from(sysEquipment)
      .where(
        and(
          eq(sysEquipment.organizationId, scope.organizationId),
          eq(sysEquipment.status, 1),
          like ? ilike(sysEquipment.name, like) : undefined,
        ),
      )
      .orderBy(asc(sysEquipment.name), asc(sysEquipment.id))
      .limit(500);
    return rows as { id: number; name: string }[];
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
    return db
      .selectDistinct({ id: users.id, name: users.name })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .where(
        and(
          eq(userRoles.organizationId, scope.organizationId),
          eq(userRoles.roleId, role === 'therapist' ? RoleId.therapist : RoleId.doctor),
          eq(users.status, 1),
        ),
      )
      .orderBy(asc(users.name), asc(users.id));
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
  if (teams.size) {
    const members = await db
      .select({ userId: treatmentTeamMembers.userId })
      .from(treatmentTeamMembers)
      .where(inArray(treatmentTeamMembers.teamId, [...teams]));
    for (const m of members) ids.add(m.userId);
  }
  if (!ids.size) return [];
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.status, 1)))
    .orderBy(asc(users.name), asc(users.id));
}
