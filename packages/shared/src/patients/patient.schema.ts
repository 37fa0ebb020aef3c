import { z } from 'zod';
import { auditAnswerFields, idSchema, numberFrom, pageQuerySchema } from '../schemas/common.schema';
import { EMAIL_MAX, EMAIL_PATTERN, LANDLINE_PATTERN, PHONE_PATTERN } from '../validators/contact';
import { checkIdCard } from '../validators/id-card';
import { nameProblem } from '../validators/text';
import { FREQUENCY_PATTERN } from './treatment-rules';

/** Permission codes of the patient screens and calls (spec section 7, Patients). */
export const PatientPerm = {
  list: 'sys:patient:list',
  info: 'sys:patient:info',
  save: 'sys:patient:save',
  update: 'sys:patient:update',
  cancel: 'sys:patient:cancelRegister',
  endCourse: 'sys:patient:endTreatment',
  discharge: 'sys:patient:discharge',
  export: 'sys:patient:export',
  recipe: 'sys:treatment:recipe',
  prescribe: 'sys:treatment:saveRecipe',
  assign: 'sys:treatment:assign',
  endProject: 'sys:treatment:end',
  comboList: 'sys:comboTemplate:list',
  comboSave: 'sys:comboTemplate:save',
} as const;

/** Course status: 1 active, 2 ended, 3 discharged, 4 registration cancelled. */
export const CourseStatus = { active: 1, ended: 2, discharged: 3, cancelled: 4 } as const;
/** Project status (spec section 4): 1 in progress, 2 completed, 3 disabled. */
export const ProjectStatus = { inProgress: 1, completed: 2, disabled: 3 } as const;
export const PatientType = { outpatient: 1, inpatient: 2 } as const;

/** Code lists of the registration form (value and i18n label key under `patients:options`). */
export const PATIENT_OPTIONS = {
  sex: [1, 2],
  maritalStatus: [1, 2, 3, 4],
  education: [1, 2, 3, 4, 5, 6, 7],
  dysfunctionSide: [1, 2, 3],
  nursingLevel: [1, 2, 3, 4],
  costType: [1, 2, 3, 4],
  source: [1, 2, 3, 4],
} as const;

const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);
const optText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());
const optCode = (values: readonly number[]) =>
  z.preprocess(
    blankToUndefined,
    numberFrom(
      z
        .number()
        .int()
        .refine((v) => values.includes(v), { error: 'validation.invalidOption' }),
    ).optional(),
  );
const optId = z.preprocess(blankToUndefined, idSchema.optional());
/** A required id with its own message when missing (the registration's disease, diagnosis and office). */
const requiredId = (key: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : blankToUndefined(v)),
    z.number({ error: key }).int({ error: 'validation.invalid' }).positive().max(2_147_483_647),
  );
const decimal1 = (max: number) =>
  z.preprocess(
    blankToUndefined,
    numberFrom(
      z
        .number()
        .min(0)
        .max(max)
        .refine((v) => Math.abs(Math.round(v * 10) - v * 10) < 1e-6, { error: 'validation.oneDecimal' }),
    ).optional(),
  );
const landline = z.preprocess(
  blankToUndefined,
  z.string().trim().max(20).regex(LANDLINE_PATTERN, { error: 'validation.landlineFormat' }).optional(),
);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.dateFormat' });
const isoTime = z.iso.datetime({ offset: true, error: 'validation.invalid' });

/** Patient and course fields of a registration (spec section 3, Patient; section 5, General fields). */
const registrationFields = {
  patientType: numberFrom(z.union([z.literal(1), z.literal(2)], { error: 'validation.invalidOption' })),
  name: z
    .string({ error: 'patient.nameRequired' })
    .trim()
    .min(1, { error: 'patient.nameRequired' })
    .superRefine((v, ctx) => {
      const key = nameProblem(v);
      if (key) ctx.addIssue({ code: 'custom', message: key });
    }),
  /** 18 characters, checked with `checkIdCard`; birthday, sex and region then come from it */
  idNumber: z.preprocess(
    blankToUndefined,
    z
      .string()
      .optional()
      .superRefine((v, ctx) => {
        if (v === undefined) return;
        const r = checkIdCard(v);
        if (!r.ok) ctx.addIssue({ code: 'custom', message: r.key });
      })
      .transform((v) => (v === undefined ? undefined : v.trim().toUpperCase())),
  ),
  sex: optCode(PATIENT_OPTIONS.sex),
  birthday: z.preprocess(blankToUndefined, isoDate.optional()),
  phone: z
    .string({ error: 'patient.phoneRequired' })
    .trim()
    .min(1, { error: 'patient.phoneRequired' })
    .regex(PHONE_PATTERN, { error: 'validation.phoneFormat' }),
  email: z.preprocess(
    blankToUndefined,
    z.string().trim().max(EMAIL_MAX).regex(EMAIL_PATTERN, { error: 'validation.emailFormat' }).optional(),
  ),
  socialSecurityNo: optText(50),
  maritalStatus: optCode(PATIENT_OPTIONS.maritalStatus),
  nationality: optText(50),
  education: optCode(PATIENT_OPTIONS.education),
  address: optText(60),
  contactPerson: optText(64),
  contactPhone: landline,
  relation: optText(50),
  emergencyPhone: landline,
  profession: optText(50),
  weight: decimal1(1000),
  height: z.preprocess(blankToUndefined, numberFrom(z.number().int().min(0).max(300)).optional()),
  thighLength: decimal1(200),
  calfLength: decimal1(200),
  pelvicWidth: decimal1(200),
  dysfunctionSide: optCode(PATIENT_OPTIONS.dysfunctionSide),
  outpatientNo: optText(30),
  inpatientNo: optText(30),
  visitNo: optText(30),
  bedNo: optText(20),
  roomNo: optText(20),
  headNurse: optText(64),
  chiefComplaint: optText(100),
  specialNotes: optText(100),
  nursingLevel: optCode(PATIENT_OPTIONS.nursingLevel),
  costType: optCode(PATIENT_OPTIONS.costType),
  source: optCode(PATIENT_OPTIONS.source),
  sourceOrganization: optText(100),
  sourceOffice: optText(64),
  diseaseId: requiredId('patient.diseaseRequired'),
  tcmDiagnosis: optText(100),
  functioningId: requiredId('patient.functioningRequired'),
  officeId: requiredId('patient.officeRequired'),
  doctorId: optId,
  therapistId: optId,
  registerTime: z.preprocess(blankToUndefined, isoTime.optional()),
  hisId: optText(50),
};

type RegistrationShape = z.infer<z.ZodObject<typeof registrationFields>>;

/**
 * Rules across fields: without an identity number, sex and birthday are entered; a birthday is not in the future;
 * an inpatient needs an inpatient number. Exported so a form can show them together with the field problems (zod
 * skips an object's refinements while a field is wrong).
 */
export function registrationRuleIssues(v: {
  idNumber?: unknown;
  sex?: unknown;
  birthday?: unknown;
  patientType?: unknown;
  inpatientNo?: unknown;
}): { path: [string]; message: string }[] {
  const out: { path: [string]; message: string }[] = [];
  const blank = (x: unknown) => x === undefined || x === null || x === '';
  if (blank(v.idNumber)) {
    if (blank(v.sex)) out.push({ path: ['sex'], message: 'patient.sexRequired' });
    if (blank(v.birthday)) out.push({ path: ['birthday'], message: 'patient.birthdayRequired' });
  }
  if (typeof v.birthday === 'string' && v.birthday > new Date().toISOString().slice(0, 10)) {
    out.push({ path: ['birthday'], message: 'validation.birthdayFuture' });
  }
  if (Number(v.patientType) === 2 && blank(v.inpatientNo)) {
    out.push({ path: ['inpatientNo'], message: 'patient.inpatientNoRequired' });
  }
  return out;
}

function registrationRules(v: RegistrationShape, ctx: z.RefinementCtx) {
  for (const issue of registrationRuleIssues(v)) ctx.addIssue({ code: 'custom', ...issue });
}

/** POST /api/sys/patient/saveOutPatient: a new patient (or a known identity number) with a new course. */
export const patientRegisterSchema = z.strictObject(registrationFields).superRefine(registrationRules);
export type PatientRegisterInput = z.input<typeof patientRegisterSchema>;
export type PatientRegister = z.output<typeof patientRegisterSchema>;

/** POST /api/sys/patient/updateOutPatient: the same fields on a patient and its course. */
export const patientUpdateSchema = z
  .strictObject({ id: idSchema, treatmentId: idSchema, ...registrationFields })
  .superRefine(registrationRules);
export type PatientUpdateInput = z.input<typeof patientUpdateSchema>;

/** POST /api/sys/patient/queryOutPatientPage */
export const patientPageSchema = pageQuerySchema.extend({
  /** name, pinyin or pinyin initials (prefix), or a part of the identity number */
  keyword: optText(64),
  idNumber: optText(18),
  patientNo: optText(30),
  bedNo: optText(20),
  officeId: optId,
  therapistId: optId,
  patientType: optCode([1, 2]),
  /** 1 active courses (default), 2 ended or discharged, 0 all */
  courseStatus: z.preprocess(blankToUndefined, numberFrom(z.number().int().min(0).max(2)).default(1)),
  /** 1: only patients I am the doctor or therapist of */
  mine: optCode([0, 1]),
  /** 1: only courses with a project that has no therapist */
  unassigned: optCode([0, 1]),
  registerFrom: z.preprocess(blankToUndefined, isoDate.optional()),
  registerTo: z.preprocess(blankToUndefined, isoDate.optional()),
});
export type PatientPageQuery = z.input<typeof patientPageSchema>;

export const patientExportSchema = patientPageSchema.omit({ page: true, limit: true });

/** POST /api/sys/patient/cancelRegister, endTreatment, discharge */
export const courseActionSchema = z.strictObject({ treatmentId: idSchema });
export const dischargeSchema = z.strictObject({ treatmentId: idSchema, dischargeTime: isoTime });
/** POST /api/sys/patient/registerOutPatient: a new course for a known patient, optionally from a previous one */
export const reopenSchema = z.strictObject({ patientId: idSchema, basedOnId: idSchema });

/** POST /api/sys/diseases/getDiseaseList, /api/sys/functioning/getFunctioningList (50 rows, spec section 9) */
export const diagnosisSearchSchema = z.object({
  keyword: optText(50),
  limit: numberFrom(z.number().int().min(1).max(50)).default(50),
});

/** One project as prescribed (spec section 3, Treatment project). Amounts are derived on the server. */
const projectFields = {
  templateId: optId,
  name: z.string().trim().min(1).max(50),
  process: optText(100),
  partId: optId,
  notes: optText(100),
  execOfficeId: idSchema,
  therapistId: optId,
  quantity: numberFrom(z.number().int().min(1).max(9999)),
  unitName: optText(50),
  times: numberFrom(z.number().int().min(1).max(9999)),
  duration: numberFrom(z.number().int().min(1).max(9999)),
  frequency: z.string().trim().regex(FREQUENCY_PATTERN, { error: 'validation.frequency' }),
  unitPrice: numberFrom(
    z
      .number()
      .min(0.01)
      .max(99999.99)
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error: 'validation.priceFormat' }),
  ),
  remark: optText(20),
  workdaySetting: numberFrom(z.union([z.literal(0), z.literal(1), z.literal(2)])).default(0),
  bedside: z.boolean().default(false),
  shortLong: numberFrom(z.union([z.literal(1), z.literal(2)])).default(1),
  equipmentId: optId,
  linkName: optText(50),
  linkPrice: z.preprocess(
    blankToUndefined,
    numberFrom(
      z
        .number()
        .min(0.01)
        .max(99999.99)
        .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error: 'validation.priceFormat' }),
    ).optional(),
  ),
  linkMethod: optCode([1, 2]),
  comboName: optText(50),
};

export const projectInputSchema = z.strictObject(projectFields);
export type ProjectInput = z.input<typeof projectInputSchema>;

/** POST /api/sys/treatment/savRecipe: projects added to a course in one go. */
export const saveRecipeSchema = z.strictObject({
  treatmentId: idSchema,
  projects: z.array(projectInputSchema).min(1).max(100),
});
export type SaveRecipeInput = z.input<typeof saveRecipeSchema>;

/** POST /api/sys/treatment/updateProject */
export const updateProjectSchema = z.strictObject({ id: idSchema, ...projectFields });

/** POST /api/sys/treatment/queryRecipeDetail: type 1 projects in progress, 2 all */
export const recipeQuerySchema = z.object({
  patientId: idSchema,
  treatmentId: idSchema,
  type: numberFrom(z.union([z.literal(1), z.literal(2)])).default(2),
});

/** POST /api/sys/treatment/endProjects (batch end) and disableProjects */
export const projectIdsSchema = z.strictObject({ ids: z.array(idSchema).min(1).max(100) });

/** POST /api/sys/treatment/assignTherapist: projects that have neither get this therapist or therapist group. */
export const assignSchema = z
  .strictObject({ ids: z.array(idSchema).min(1).max(100), therapistId: optId, teamId: optId })
  .superRefine((v, ctx) => {
    if ((v.therapistId === undefined) === (v.teamId === undefined))
      ctx.addIssue({ code: 'custom', path: ['therapistId'], message: 'plan.assignOne' });
  });

/** POST /api/sys/patient/unAssignedCount */
export const unassignedCountSchema = z.object({ treatOfficeIds: z.array(idSchema).max(100).optional() });

/** Combo templates (spec section 7: comboTemplate pageInfo, info/{id}, saveOrUpdate). */
export const comboPageSchema = pageQuerySchema.extend({ name: optText(50) });
export const comboSaveSchema = z.strictObject({
  id: optId,
  name: z.string().trim().min(1).max(50),
  remark: optText(20),
  items: z
    .array(z.strictObject({ templateId: idSchema, quantity: numberFrom(z.number().int().min(1).max(9999)).default(1) }))
    .min(1)
    .max(50),
});
export type ComboSaveInput = z.input<typeof comboSaveSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Answers, as JSON carries them (times as ISO 8601 strings, dates as YYYY-MM-DD)

const int = z.number().int();
const intOrNull = int.nullable();
const text = z.string();
const textOrNull = text.nullable();
const time = z.string();

/** A disease or functional diagnosis found by the search: name in the caller's language, and the code. */
export const diagnosisOptionSchema = z.strictObject({ id: int, name: text, code: textOrNull });

/** The prescription defaults of a project template (what prescribing from it starts from), names in the caller's language. */
export const templateDefaultsFields = {
  name: text,
  unitPrice: z.number(),
  unitName: textOrNull,
  duration: int,
  frequency: text,
  times: int,
  shortLong: int,
  bedside: z.boolean(),
  equipmentId: intOrNull,
  linkName: textOrNull,
  linkPrice: z.number().nullable(),
  linkMethod: intOrNull,
};

/** A project template's id with its prescription defaults: what prescribing from a template, combo or plan takes. */
export type TemplateDefaults = { id: number } & z.output<z.ZodObject<typeof templateDefaultsFields>>;

/** GET /api/sys/projecttemplate/selectBox: an enabled project template for the prescribing form. */
export const templateOptionSchema = z.strictObject({ id: int, projectType: int, ...templateDefaultsFields });
export type TemplateOption = z.output<typeof templateOptionSchema>;

/** A course as the lists show it: the patient's identity, the course's numbers, office, diagnoses and staff. */
const courseListFields = {
  patientId: int,
  treatmentId: int,
  name: text,
  sex: int,
  birthday: textOrNull,
  idNumber: textOrNull,
  phone: text,
  patientType: int,
  status: int,
  outpatientNo: textOrNull,
  inpatientNo: textOrNull,
  bedNo: textOrNull,
  officeId: int,
  officeName: text,
  diseaseName: text,
  functioningName: text,
  doctorName: textOrNull,
  therapistName: textOrNull,
  registerTime: time,
  endTime: time.nullable(),
  dischargeTime: time.nullable(),
  age: intOrNull,
};

/** One course row of the patient list (POST /api/sys/patient/queryOutPatientPage), with its projects in progress. */
export const patientRowSchema = z.strictObject({ ...courseListFields, projectCount: int, unassignedCount: int });
export type PatientRow = z.output<typeof patientRowSchema>;

/** A course of the patient detail: every column of the course, its list fields and `id` (the course's). */
export const courseSchema = z.strictObject({
  ...courseListFields,
  id: int,
  organizationId: int,
  visitNo: textOrNull,
  roomNo: textOrNull,
  headNurse: textOrNull,
  chiefComplaint: textOrNull,
  specialNotes: textOrNull,
  nursingLevel: intOrNull,
  costType: intOrNull,
  source: intOrNull,
  sourceOrganization: textOrNull,
  sourceOffice: textOrNull,
  diseaseId: int,
  tcmDiagnosis: textOrNull,
  functioningId: int,
  doctorId: intOrNull,
  therapistId: intOrNull,
  basedOnId: intOrNull,
  ...auditAnswerFields,
});
export type Course = z.output<typeof courseSchema>;

/** GET /api/sys/patient/outPatient/{id}: the patient's demographics and every course, newest first. */
export const patientDetailSchema = z.strictObject({
  id: int,
  organizationId: int,
  name: text,
  sex: int,
  birthday: textOrNull,
  age: intOrNull,
  idNumber: textOrNull,
  /** the province of the identity number, in the caller's language */
  region: textOrNull,
  email: textOrNull,
  phone: text,
  socialSecurityNo: textOrNull,
  maritalStatus: intOrNull,
  nationality: textOrNull,
  education: intOrNull,
  address: textOrNull,
  contactPerson: textOrNull,
  contactPhone: textOrNull,
  relation: textOrNull,
  emergencyPhone: textOrNull,
  profession: textOrNull,
  weight: z.number().nullable(),
  height: intOrNull,
  thighLength: z.number().nullable(),
  calfLength: z.number().nullable(),
  pelvicWidth: z.number().nullable(),
  dysfunctionSide: intOrNull,
  hisId: textOrNull,
  ...auditAnswerFields,
  courses: z.array(courseSchema),
});
export type PatientDetail = z.output<typeof patientDetailSchema>;

/** A registration's (or reopening's) patient and new course. */
export const courseRefSchema = z.strictObject({ patientId: int, treatmentId: int });

/** The organization's therapists, therapist groups in use, doctors and offices, for the pickers. */
export const patientStaffSchema = z.strictObject({
  therapists: z.array(z.strictObject({ id: int, name: text })),
  teams: z.array(z.strictObject({ id: int, name: text })),
  doctors: z.array(z.strictObject({ id: int, name: text })),
  offices: z.array(z.strictObject({ id: int, name: text })),
});

/** A treatment project of a course (spec section 3, Treatment project) with the names of what it refers to. */
export const projectRowSchema = z.strictObject({
  id: int,
  organizationId: int,
  patientId: int,
  treatmentId: int,
  templateId: intOrNull,
  comboName: textOrNull,
  name: text,
  process: textOrNull,
  partId: intOrNull,
  partName: textOrNull,
  notes: textOrNull,
  treatOfficeId: intOrNull,
  execOfficeId: int,
  execOfficeName: text,
  therapistId: intOrNull,
  therapistName: textOrNull,
  teamId: intOrNull,
  teamName: textOrNull,
  status: int,
  disabledAt: time.nullable(),
  quantity: int,
  unitName: textOrNull,
  times: int,
  totalTimes: int,
  treatedTimes: int,
  duration: int,
  unitPrice: z.number(),
  totalPrice: z.number(),
  totalDosage: int,
  dailyTotalDosage: int,
  remark: textOrNull,
  workdaySetting: int,
  bedside: z.boolean(),
  frequency: text,
  shortLong: int,
  equipmentId: intOrNull,
  equipmentName: textOrNull,
  linkName: textOrNull,
  linkPrice: z.number().nullable(),
  linkMethod: intOrNull,
  ...auditAnswerFields,
});
export type ProjectRow = z.output<typeof projectRowSchema>;

/** A combo template with its items, each with its project template's prescription defaults. */
export const comboRowSchema = z.strictObject({
  id: int,
  organizationId: int,
  name: text,
  remark: textOrNull,
  ...auditAnswerFields,
  items: z.array(z.strictObject({ comboId: int, templateId: int, quantity: int, ...templateDefaultsFields })),
});
export type ComboRow = z.output<typeof comboRowSchema>;

/** POST /api/sys/comboTemplate/delete: ids as `{ ids }`, as ending projects takes them. */
export const comboIdsSchema = projectIdsSchema;
