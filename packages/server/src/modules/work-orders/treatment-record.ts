import { WorkOrderStatus, toPage, type treatmentRecordQuerySchema } from '@rehab/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { treatmentRecordPatient } from '../patients';
import { listOrders, type OrderScope } from './work-orders.service';

/**
 * GET /sys/treatmentRecord/patient: the patient's treatment record that the hospital system frames
 * (`/treatmentRecord/treatmentIframe`): the patient, their courses and their executed orders, newest first, a page
 * at a time. A number or id the organization does not know answers 404 (another organization's patient included).
 */
export async function treatmentRecord(db: Db, scope: OrderScope, q: z.output<typeof treatmentRecordQuerySchema>) {
  const found = await treatmentRecordPatient(db, scope.organizationId, q);
  if (!found) throw notFound('workOrder.recordPatientUnknown');
  const { list, total } = await listOrders(db, scope, {
    patientId: found.patient.id,
    status: WorkOrderStatus.completed,
    page: q.page,
    limit: q.limit,
  });
  return { ...found, orders: toPage(list, total, q.page, q.limit) };
}
