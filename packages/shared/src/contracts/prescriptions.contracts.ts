import { z } from 'zod';
import { PrescriptionPerm, prescriptionPageSchema, prescriptionRowSchema } from '../patients/prescriptions.schema';
import { defineEndpoint, pageSchema } from './endpoint';

/**
 * Prescription management (/mypatient/prescription/manage): the treatment projects prescribed in the organization
 * across patients. Ending and disabling them are `patients.endProjects` and `patients.disableProjects`.
 */
export const prescriptionsEndpoints = {
  page: defineEndpoint({
    method: 'POST',
    path: '/sys/treatment/prescriptionPage',
    access: { permission: PrescriptionPerm.list },
    body: prescriptionPageSchema,
    response: z.strictObject({ data: pageSchema(prescriptionRowSchema) }),
    summary: {
      'zh-CN': '处方（已开治疗项目）分页列表，新的在前；默认仅本人开具',
      en: 'One page of the prescribed projects, newest first; by default only those I prescribed',
    },
  }),
};
