import { z } from 'zod';
import { auditAnswerFields, idSchema, numberFrom, pageQuerySchema } from '../schemas/common.schema';
import { templateDefaultsFields } from './patient.schema';
import { FREQUENCY_PATTERN } from './treatment-rules';

/** Permission codes of project linkage, the recommended plan's maintenance and the case / prescription templates. */
export const PlanPerm = {
  linkageList: 'sys:projectLinkage:list',
  linkageSave: 'sys:projectLinkage:save',
  linkageDelete: 'sys:projectLinkage:delete',
  caseList: 'sys:caseTemplate:list',
  caseSave: 'sys:caseTemplate:save',
  prescriptionList: 'sys:prescriptionTemplate:list',
  prescriptionSave: 'sys:prescriptionTemplate:save',
} as const;

const blank = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);
const optText = (max: number) => z.preprocess(blank, z.string().trim().max(max).optional());
const optId = z.preprocess(blank, idSchema.optional());
const name50 = z.string({ error: 'plan.nameRequired' }).trim().min(1, { error: 'plan.nameRequired' }).max(50);
const count9999 = numberFrom(z.number().int().min(1).max(9999));

function noRepeats(ids: number[], ctx: z.RefinementCtx, path: string) {
  const seen = new Set<number>();
  ids.forEach((id, i) => {
    if (seen.has(id)) ctx.addIssue({ code: 'custom', path: [path, i], message: 'plan.duplicateProject' });
    seen.add(id);
  });
}

/** POST /api/sys/projectLinkage/list */
export const linkagePageSchema = pageQuerySchema.extend({ diseaseId: optId, functioningId: optId });

/**
 * POST /api/sys/projectLinkage/save: the project templates recommended for a disease, a functional diagnosis or
 * the pair (at least one of the two), in their order.
 */
export const linkageSaveSchema = z
  .strictObject({
    id: optId,
    diseaseId: optId,
    functioningId: optId,
    remark: optText(30),
    templateIds: z.array(idSchema).min(1, { error: 'plan.projectsRequired' }).max(50),
  })
  .superRefine((v, ctx) => {
    if (v.diseaseId === undefined && v.functioningId === undefined)
      ctx.addIssue({ code: 'custom', path: ['diseaseId'], message: 'plan.diagnosisRequired' });
    noRepeats(v.templateIds, ctx, 'templateIds');
  });
export type LinkageSaveInput = z.input<typeof linkageSaveSchema>;

/** POST /api/sys/patient/recommendPlan: the projects the linkage proposes for a course's diagnoses. */
export const recommendSchema = z.strictObject({ patientId: idSchema, treatmentId: idSchema });

/** POST /api/sys/casetemplate/list and /api/sys/prescriptiontemplate/list (template lists: page 1, limit 9999) */
export const templatePageSchema = pageQuerySchema.extend({
  limit: numberFrom(z.number().int().min(1).max(9999)).default(10),
  name: optText(50),
});

/** POST /api/sys/casetemplate/save: the case texts and diagnoses of a course under a name. */
export const caseTemplateSaveSchema = z.strictObject({
  id: optId,
  name: name50,
  chiefComplaint: optText(100),
  diseaseId: optId,
  functioningId: optId,
  tcmDiagnosis: optText(100),
  specialNotes: optText(100),
});
export type CaseTemplateSaveInput = z.input<typeof caseTemplateSaveSchema>;

/** POST /api/sys/casetemplate/apply: a template's texts and diagnoses written onto an active course. */
export const caseTemplateApplySchema = z.strictObject({ id: idSchema, treatmentId: idSchema });

/**
 * POST /api/sys/patient/saveCase (spec section 7, Patients): the case of an active course as the form shows it: chief
 * complaint, disease and functioning diagnoses (required), TCM diagnosis, special notes; a text left out is cleared.
 */
export const courseCaseSaveSchema = z.strictObject({
  treatmentId: idSchema,
  chiefComplaint: optText(100),
  // the course's diagnoses are required (spec section 5, Patient: disease type and function diagnosis)
  diseaseId: idSchema,
  functioningId: idSchema,
  tcmDiagnosis: optText(100),
  specialNotes: optText(100),
});
export type CourseCaseSaveInput = z.input<typeof courseCaseSaveSchema>;

/** POST /api/sys/prescriptiontemplate/save: a set of projects with their amounts under a name. */
export const prescriptionTemplateSaveSchema = z
  .strictObject({
    id: optId,
    name: name50,
    remark: optText(30),
    items: z
      .array(
        z.strictObject({
          templateId: idSchema,
          quantity: count9999.default(1),
          times: count9999,
          duration: count9999,
          frequency: z.string().trim().regex(FREQUENCY_PATTERN, { error: 'validation.frequency' }),
        }),
      )
      .min(1, { error: 'plan.projectsRequired' })
      .max(50),
  })
  .superRefine((v, ctx) =>
    noRepeats(
      v.items.map((i) => i.templateId),
      ctx,
      'items',
    ),
  );
export type PrescriptionTemplateSaveInput = z.input<typeof prescriptionTemplateSaveSchema>;

/** POST .../delete: ids as `{ ids }` */
export const planIdsSchema = z.strictObject({ ids: z.array(idSchema).min(1).max(100) });

/** POST /api/sys/patient/queryVisitDetailsPage: the visits (courses) of one patient, paged. */
export const visitPageSchema = pageQuerySchema.extend({ patientId: idSchema });

// ---------------------------------------------------------------------------------------------------------------
// Answers, as JSON carries them (times as ISO 8601 strings)

const int = z.number().int();
const intOrNull = int.nullable();
const textOrNull = z.string().nullable();

/** A project linkage: the project templates recommended for a disease, a function diagnosis or both, in order. */
export const linkageRowSchema = z.strictObject({
  id: int,
  diseaseId: intOrNull,
  diseaseName: textOrNull,
  functioningId: intOrNull,
  functioningName: textOrNull,
  remark: textOrNull,
  updatedAt: z.string(),
  projects: z.array(z.strictObject({ templateId: int, name: z.string() })),
});
export type LinkageRow = z.output<typeof linkageRowSchema>;

/** A project template's prescription defaults with its status (1 enabled). */
const templateWithStatusFields = { id: int, status: int, ...templateDefaultsFields };

/** A project the recommended plan proposes: which linkage proposed it and whether the course has it in progress. */
export const recommendedProjectSchema = z.strictObject({
  ...templateWithStatusFields,
  templateId: int,
  basis: z.enum(['both', 'disease', 'functioning']),
  inProgress: z.boolean(),
});
export type RecommendedProject = z.output<typeof recommendedProjectSchema>;

/** POST /api/sys/patient/recommendPlan */
export const recommendedPlanSchema = z.strictObject({
  patientId: int,
  treatmentId: int,
  courseActive: z.boolean(),
  diseaseName: z.string(),
  functioningName: z.string(),
  officeId: int,
  projects: z.array(recommendedProjectSchema),
});
export type RecommendedPlan = z.output<typeof recommendedPlanSchema>;

/** A case template with the names of its diagnoses. */
export const caseTemplateRowSchema = z.strictObject({
  id: int,
  organizationId: int,
  name: z.string(),
  chiefComplaint: textOrNull,
  diseaseId: intOrNull,
  diseaseName: textOrNull,
  functioningId: intOrNull,
  functioningName: textOrNull,
  tcmDiagnosis: textOrNull,
  specialNotes: textOrNull,
  ...auditAnswerFields,
});
export type CaseTemplateRow = z.output<typeof caseTemplateRowSchema>;

/** A prescription template; each item is its project template's defaults with this prescription's amounts over them. */
export const prescriptionTemplateRowSchema = z.strictObject({
  id: int,
  organizationId: int,
  name: z.string(),
  remark: textOrNull,
  ...auditAnswerFields,
  items: z.array(z.strictObject({ ...templateWithStatusFields, templateId: int, quantity: int })),
});
export type PrescriptionTemplateRow = z.output<typeof prescriptionTemplateRowSchema>;

/** A visit (course) of one patient with what its projects came to (those not disabled). */
export const visitRowSchema = z.strictObject({
  treatmentId: int,
  patientType: int,
  status: int,
  outpatientNo: textOrNull,
  inpatientNo: textOrNull,
  visitNo: textOrNull,
  registerTime: z.string(),
  endTime: z.string().nullable(),
  chiefComplaint: textOrNull,
  officeName: z.string(),
  doctorName: textOrNull,
  diseaseName: z.string(),
  functioningName: z.string(),
  projectCount: int,
  treatedTimes: int,
  totalTimes: int,
  totalPrice: z.number(),
});
export type VisitRow = z.output<typeof visitRowSchema>;
