import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { offices } from '../offices/offices.tables';
import { organizations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';
import {
  sysDisease,
  sysEquipment,
  sysFunctioning,
  sysPart,
  sysProjectTemplate,
} from '../master-data/master-data.tables';
import { ts } from '../../db/columns';
import { audit } from '../../db/audit';
import { treatmentTeams } from '../teams/teams.tables';

/**
 * A person treated by an organization (spec section 3, Patient): demographics that outlive a treatment course. One
 * row per identity number within an organization; what belongs to one stay (numbers, bed, diagnosis, staff) is on
 * the course.
 */
export const patients = pgTable(
  'pat_patient',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: varchar('name', { length: 64 }).notNull(),
    namePinyin: varchar('name_pinyin', { length: 300 }).notNull().default(''),
    nameInitials: varchar('name_initials', { length: 100 }).notNull().default(''),
    /** 1 male, 2 female */
    sex: integer('sex').notNull(),
    birthday: date('birthday', { mode: 'string' }),
    idNumber: varchar('id_number', { length: 18 }),
    /** province of the identity number's region prefix */
    region: varchar('region', { length: 20 }),
    email: varchar('email', { length: 64 }),
    phone: varchar('phone', { length: 11 }).notNull(),
    socialSecurityNo: varchar('social_security_no', { length: 50 }),
    maritalStatus: integer('marital_status'),
    nationality: varchar('nationality', { length: 50 }),
    education: integer('education'),
    address: varchar('address', { length: 60 }),
    contactPerson: varchar('contact_person', { length: 64 }),
    contactPhone: varchar('contact_phone', { length: 20 }),
    relation: varchar('relation', { length: 50 }),
    emergencyPhone: varchar('emergency_phone', { length: 20 }),
    profession: varchar('profession', { length: 50 }),
    weight: numeric('weight', { precision: 5, scale: 1 }),
    height: integer('height'),
    thighLength: numeric('thigh_length', { precision: 4, scale: 1 }),
    calfLength: numeric('calf_length', { precision: 4, scale: 1 }),
    pelvicWidth: numeric('pelvic_width', { precision: 4, scale: 1 }),
    /** 1 left, 2 right, 3 both */
    dysfunctionSide: integer('dysfunction_side'),
    hisId: varchar('his_id', { length: 50 }),
    ...audit(),
  },
  (t) => [
    uniqueIndex('pat_patient_id_number_uq').on(t.organizationId, t.idNumber),
    index('pat_patient_name_idx').on(t.organizationId, sql`${t.name} varchar_pattern_ops`),
    index('pat_patient_pinyin_idx').on(t.organizationId, sql`${t.namePinyin} varchar_pattern_ops`),
    index('pat_patient_initials_idx').on(t.organizationId, sql`${t.nameInitials} varchar_pattern_ops`),
    index('pat_patient_id_number_idx').on(t.organizationId, sql`${t.idNumber} varchar_pattern_ops`),
  ],
);

/**
 * A treatment course (一次就诊/住院疗程): registration to end or discharge. Status 1 active, 2 ended, 3 discharged,
 * 4 registration cancelled. A patient has at most one active course (partial unique index).
 */
export const treatments = pgTable(
  'pat_treatment',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    /** 1 outpatient, 2 inpatient */
    patientType: integer('patient_type').notNull(),
    status: integer('status').notNull().default(1),
    outpatientNo: varchar('outpatient_no', { length: 30 }),
    inpatientNo: varchar('inpatient_no', { length: 30 }),
    visitNo: varchar('visit_no', { length: 30 }),
    bedNo: varchar('bed_no', { length: 20 }),
    roomNo: varchar('room_no', { length: 20 }),
    headNurse: varchar('head_nurse', { length: 64 }),
    chiefComplaint: varchar('chief_complaint', { length: 100 }),
    specialNotes: varchar('special_notes', { length: 100 }),
    nursingLevel: integer('nursing_level'),
    costType: integer('cost_type'),
    source: integer('source'),
    sourceOrganization: varchar('source_organization', { length: 100 }),
    sourceOffice: varchar('source_office', { length: 64 }),
    diseaseId: integer('disease_id')
      .notNull()
      .references(() => sysDisease.id),
    tcmDiagnosis: varchar('tcm_diagnosis', { length: 100 }),
    functioningId: integer('functioning_id')
      .notNull()
      .references(() => sysFunctioning.id),
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id),
    doctorId: integer('doctor_id').references(() => users.id),
    therapistId: integer('therapist_id').references(() => users.id),
    registerTime: ts('register_time').notNull().defaultNow(),
    endTime: ts('end_time'),
    dischargeTime: ts('discharge_time'),
    /** the previous course this one was reopened from */
    basedOnId: integer('based_on_id'),
    ...audit(),
  },
  (t) => [
    index('pat_treatment_patient_idx').on(t.patientId),
    index('pat_treatment_org_status_time_idx').on(t.organizationId, t.status, t.registerTime, t.id),
    // the hospital system's numbers of a course (the treatment record's lookup, migration 0068)
    index('pat_treatment_outpatient_no_idx')
      .on(t.organizationId, t.outpatientNo)
      .where(sql`${t.outpatientNo} is not null`),
    index('pat_treatment_inpatient_no_idx')
      .on(t.organizationId, t.inpatientNo)
      .where(sql`${t.inpatientNo} is not null`),
    index('pat_treatment_visit_no_idx')
      .on(t.organizationId, t.visitNo)
      .where(sql`${t.visitNo} is not null`),
    uniqueIndex('pat_treatment_active_uq')
      .on(t.patientId)
      .where(sql`${t.status} = 1`),
  ],
);

/**
 * A prescribed treatment project of a course (spec section 3, Treatment project). Status 1 in progress,
 * 2 completed, 3 disabled. Amounts follow `projectAmounts` of the shared treatment rules.
 */
export const treatmentProjects = pgTable(
  'pat_treatment_project',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    treatmentId: integer('treatment_id')
      .notNull()
      .references(() => treatments.id),
    templateId: integer('template_id').references(() => sysProjectTemplate.id),
    comboName: varchar('combo_name', { length: 50 }),
    name: varchar('name', { length: 50 }).notNull(),
    process: varchar('process', { length: 100 }),
    partId: integer('part_id').references(() => sysPart.id),
    notes: varchar('notes', { length: 100 }),
    treatOfficeId: integer('treat_office_id').references(() => offices.id),
    execOfficeId: integer('exec_office_id')
      .notNull()
      .references(() => offices.id),
    therapistId: integer('therapist_id').references(() => users.id),
    /** the therapist group the project is assigned to (instead of, or beside, one therapist) */
    teamId: integer('team_id').references(() => treatmentTeams.id),
    status: integer('status').notNull().default(1),
    disabledAt: ts('disabled_at'),
    quantity: integer('quantity').notNull(),
    unitName: varchar('unit_name', { length: 50 }),
    times: integer('times').notNull(),
    totalTimes: integer('total_times').notNull(),
    treatedTimes: integer('treated_times').notNull().default(0),
    duration: integer('duration').notNull(),
    unitPrice: numeric('unit_price', { precision: 7, scale: 2 }).notNull(),
    totalPrice: numeric('total_price', { precision: 12, scale: 2 }).notNull(),
    totalDosage: integer('total_dosage').notNull(),
    dailyTotalDosage: integer('daily_total_dosage').notNull(),
    remark: varchar('remark', { length: 20 }),
    /** shared `WorkdaySetting`: 0 every day, 1 Monday to Friday, 2 Monday to Saturday */
    workdaySetting: integer('workday_setting').notNull().default(0),
    bedside: boolean('bedside').notNull().default(false),
    frequency: varchar('frequency', { length: 5 }).notNull(),
    /** 1 long term, 2 short term */
    shortLong: integer('short_long').notNull().default(1),
    equipmentId: integer('equipment_id').references(() => sysEquipment.id),
    linkName: varchar('link_name', { length: 50 }),
    linkPrice: numeric('link_price', { precision: 7, scale: 2 }),
    /** 1 manual, 2 automatic */
    linkMethod: integer('link_method'),
    ...audit(),
  },
  (t) => [
    index('pat_treatment_project_treatment_idx').on(t.treatmentId),
    index('pat_treatment_project_unassigned_idx')
      .on(t.organizationId, t.execOfficeId)
      .where(sql`${t.therapistId} IS NULL AND ${t.teamId} IS NULL AND ${t.status} = 1`),
  ],
);

/**
 * The in-progress projects of active courses with neither a therapist nor a group, per organization and executing
 * department (the home card "unassigned", issue 23): kept by statement triggers on the projects and the courses
 * (migration 0044) in the writing transaction. Nobody writes it but them.
 */
export const unassignedCounts = pgTable(
  'pat_unassigned_count',
  {
    organizationId: integer('organization_id').notNull(),
    execOfficeId: integer('exec_office_id').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [uniqueIndex('pat_unassigned_count_uq').on(t.organizationId, t.execOfficeId)],
);

/** A combo template (组合套餐): a named set of project templates prescribed together. */
export const comboTemplates = pgTable(
  'sys_combo_template',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: varchar('name', { length: 50 }).notNull(),
    remark: varchar('remark', { length: 20 }),
    ...audit(),
  },
  (t) => [uniqueIndex('sys_combo_template_name_uq').on(t.organizationId, sql`lower(${t.name})`)],
);

export const comboTemplateItems = pgTable(
  'sys_combo_template_item',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    comboId: integer('combo_id')
      .notNull()
      .references(() => comboTemplates.id, { onDelete: 'cascade' }),
    templateId: integer('template_id')
      .notNull()
      .references(() => sysProjectTemplate.id),
    quantity: integer('quantity').notNull().default(1),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('sys_combo_template_item_combo_idx').on(t.comboId)],
);

/**
 * Per-organization counters of patient numbers (outpatient numbers, shared patients/numbering.ts): one row per
 * organization, counter and period, taken inside the registering transaction, so two registrations never share a
 * number and a rolled-back one gives its number back.
 */
export const patientCounters = pgTable(
  'pat_counter',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: varchar('name', { length: 20 }).notNull(),
    period: varchar('period', { length: 8 }).notNull(),
    last: integer('last').notNull(),
  },
  (t) => [uniqueIndex('pat_counter_uq').on(t.organizationId, t.name, t.period)],
);
