import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import { WorkOrderStatus } from '@rehab/shared';
import type { TxOrDb } from '../../db/client';
import { patientNameRows, projectRows } from '../patients';
import { workOrders } from './work-orders.tables';

// the owners' rows joined, named as their tables (each plans as a join on the table itself)
const patients = patientNameRows('pat_patient');
const treatmentProjects = projectRows('pat_treatment_project');

/**
 * What performance (绩效) reads of work orders (the work-orders module's face for it): the completed orders of a
 * service day (treat_date, the clinic's day the session belongs to, whenever it was marked completed), with who
 * executed, who was responsible, the authorization and the project template and combo of the prescribed project.
 */
export type CompletedSessionFact = {
  id: number;
  organizationId: number;
  treatDate: string;
  completedAt: Date | null;
  executorId: number | null;
  therapistId: number | null;
  authorizedTherapistId: number | null;
  authorizerId: number | null;
  projectId: number;
  templateId: number | null;
  comboName: string | null;
};

/** The completed work orders of a service day, of one organization or of all (the nightly job). */
export async function completedSessionsOfDay(
  db: TxOrDb,
  day: string,
  organizationId?: number,
): Promise<CompletedSessionFact[]> {
  return db
    .select({
      id: workOrders.id,
      organizationId: workOrders.organizationId,
      treatDate: workOrders.treatDate,
      completedAt: workOrders.completedAt,
      executorId: workOrders.executorId,
      therapistId: workOrders.therapistId,
      authorizedTherapistId: workOrders.authorizedTherapistId,
      authorizerId: workOrders.authorizerId,
      projectId: workOrders.projectId,
      templateId: treatmentProjects.templateId,
      comboName: treatmentProjects.comboName,
    })
    .from(workOrders)
    .innerJoin(treatmentProjects, eq(treatmentProjects.id, workOrders.projectId))
    .where(
      and(
        eq(workOrders.treatDate, day),
        eq(workOrders.status, WorkOrderStatus.completed),
        organizationId === undefined ? undefined : eq(workOrders.organizationId, organizationId),
      ),
    )
    .orderBy(workOrders.id);
}

/** The organizations with completed work orders between two days (inclusive). */
export async function organizationsWithSessions(db: TxOrDb, from: string, to: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: workOrders.organizationId })
    .from(workOrders)
    .where(
      and(
        gte(workOrders.treatDate, from),
        lte(workOrders.treatDate, to),
        eq(workOrders.status, WorkOrderStatus.completed),
      ),
    );
  return rows.map((r) => r.id);
}

/** What a statement shows of its sessions: the patient's and the project's names. */
export async function sessionLabels(
  db: TxOrDb,
  organizationId: number,
  ids: readonly number[],
): Promise<Map<number, { patientName: string; projectName: string }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: workOrders.id, patientName: patients.name, projectName: treatmentProjects.name })
    .from(workOrders)
    .innerJoin(patients, eq(patients.id, workOrders.patientId))
    .innerJoin(treatmentProjects, eq(treatmentProjects.id, workOrders.projectId))
    .where(and(inArray(workOrders.id, [...new Set(ids)]), eq(workOrders.organizationId, organizationId)));
  return new Map(rows.map((r) => [r.id, { patientName: r.patientName, projectName: r.projectName }]));
}
