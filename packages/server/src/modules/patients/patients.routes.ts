import { asc, and, eq } from 'drizzle-orm';
import {
  PatientPerm,
  RoleId,
  assignSchema,
  comboPageSchema,
  comboSaveSchema,
  courseActionSchema,
  diagnosisSearchSchema,
  dischargeSchema,
  idParamSchema,
  patientPageSchema,
  patientRegisterSchema,
  patientUpdateSchema,
  projectIdsSchema,
  recipeQuerySchema,
  reopenSchema,
  saveRecipeSchema,
  unassignedCountSchema,
  updateProjectSchema,
  type Locale,
} from '@rehab/shared';
import { z } from 'zod';
import { sysDisease, sysFunctioning, sysProjectTemplate, sysUnit } from '../master-data/master-data.tables';
import { defineRoute, type RouteDef } from '../../http/route';
import { scopedRoutes } from '../../http/scoped-routes';
import { offices } from '../offices/offices.tables';
import { organizations } from '../organizations/organizations.tables';
import { treatmentCardPdf } from './treatment-card';
import type { SessionContext } from '../../http/session';
import { sendJsonBytes } from '../../http/json-bytes';
import { deleteCombos, getCombo, listCombos, saveCombo } from './combo.service';
import {
  assignTherapist,
  cancelRegistration,
  closeCourse,
  getPatient,
  getProject,
  patientListJson,
  listProjects,
  registerPatient,
  reopenCourse,
  saveRecipe,
  searchDiagnosis,
  setProjectsStatus,
  staffOf,
  teamsOf,
  treatmentCardData,
  unassignedCount,
  updatePatient,
  updateProject,
  type Scope,
} from './patients.service';

const scopeOf = (session: SessionContext, locale: Locale): Scope => ({
  organizationId: session.organizationId!,
  userId: session.userId,
  locale,
});

const r = scopedRoutes(scopeOf);
const idsBody = z.strictObject({ ids: z.array(idParamSchema.shape.id).min(1).max(100) });

/** Patients, courses and treatment projects (spec section 7, Patients) and the reference searches they use. */
export const patientRoutes: RouteDef[] = [
  // --- reference searches (50 rows, spec section 9) -------------------------------------------------------------
  defineRoute({
    method: 'POST',
    url: '/sys/diseases/getDiseaseList',
    access: 'organization',
    body: diagnosisSearchSchema,
    handler: async ({ app, session, locale, body }) => ({
      data: await searchDiagnosis(app.db, sysDisease, scopeOf(session, locale), body.keyword, body.limit),
    }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/functioning/getFunctioningList',
    access: 'organization',
    body: diagnosisSearchSchema,
    handler: async ({ app, session, locale, body }) => ({
      data: await searchDiagnosis(app.db, sysFunctioning, scopeOf(session, locale), body.keyword, body.limit),
    }),
  }),
  /** Enabled project templates with their prescription defaults, for the prescribing form. */
  defineRoute({
    method: 'GET',
    url: '/sys/projecttemplate/selectBox',
    access: 'organization',
    handler: async ({ app, session, locale }) => {
      const t = sysProjectTemplate;
      const rows = await app.db
        .select({ template: t, unitName: sysUnit.name, unitNameEn: sysUnit.nameEn })
        .from(t)
        .leftJoin(sysUnit, eq(sysUnit.id, t.unitId))
        .where(and(eq(t.organizationId, session.organizationId!), eq(t.status, 1)))
        .orderBy(asc(t.sort), asc(t.id))
        .limit(5000);
      return {
        data: rows.map(({ template, unitName, unitNameEn }) => {
          const r = template as Record<string, never>;
          return {
            id: r.id,
            name: (locale === 'en' && r.nameEn) || r.name,
            projectType: r.projectType,
            unitPrice: Number(r.unitPrice),
            unitName: (locale === 'en' && unitNameEn) || unitName,
            duration: r.duration,
            frequency: r.frequency,
            times: r.times,
            shortLong: r.shortLong,
            bedside: r.bedside,
            equipmentId: r.equipmentId,
            linkName: r.linkName,
            linkPrice: r.linkPrice === null ? null : Number(r.linkPrice),
            linkMethod: r.linkMethod,
          };
        }),
      };
    },
  }),
  /** Therapists, doctors and offices of the organization for the pickers. */
  defineRoute({
    method: 'GET',
    url: '/sys/patient/staff',
    access: 'organization',
    handler: async ({ app, session, locale }) => {
      const scope = scopeOf(session, locale);
      return {
        data: {
          therapists: await staffOf(app.db, scope, RoleId.therapist),
          teams: await teamsOf(app.db, scope),
          doctors: await staffOf(app.db, scope, RoleId.doctor),
          offices: (
            await app.db
              .select()
              .from(offices)
              .where(eq(offices.organizationId, scope.organizationId))
              .orderBy(asc(offices.orderNum), asc(offices.id))
          ).map((o) => ({ id: o.id, name: o.nameLang[locale] ?? o.name })),
        },
      };
    },
  }),

  // --- patients and courses ---------------------------------------------------------------------------------------
  defineRoute({
    method: 'POST',
    url: '/sys/patient/queryOutPatientPage',
    access: { permission: PatientPerm.list },
    body: patientPageSchema,
    // pre-serialized: a page is kept as the bytes of its answer (patientListJson)
    handler: async ({ app, session, locale, body, reply, t }) =>
      sendJsonBytes(
        reply,
        await patientListJson(app.db, scopeOf(session, locale), body, t('common.success'), session.dataVersion),
      ),
  }),
  defineRoute({
    method: 'GET',
    url: '/sys/patient/outPatient/:id',
    access: { permission: PatientPerm.info },
    params: idParamSchema,
    handler: async ({ app, session, locale, params }) => ({
      data: await getPatient(app.db, scopeOf(session, locale), params.id),
    }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/patient/saveOutPatient',
    access: { permission: PatientPerm.save },
    body: patientRegisterSchema,
    handler: async ({ app, session, locale, body }) => ({
      data: await registerPatient(app.db, scopeOf(session, locale), body),
    }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/patient/updateOutPatient',
    access: { permission: PatientPerm.update },
    body: patientUpdateSchema,
    handler: async ({ app, session, locale, body }) => {
      const { id, treatmentId, ...values } = body;
      await updatePatient(app.db, scopeOf(session, locale), id, treatmentId, values);
    },
  }),
  /** A new course for a known patient from a previous one (reopen). */
  defineRoute({
    method: 'POST',
    url: '/sys/patient/registerOutPatient',
    access: { permission: PatientPerm.save },
    body: reopenSchema,
    handler: async ({ app, session, locale, body }) => ({
      data: await reopenCourse(app, scopeOf(session, locale), body.patientId, body.basedOnId),
    }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/patient/cancelRegister',
    access: { permission: PatientPerm.cancel },
    body: courseActionSchema,
    handler: async ({ app, session, locale, body }) => {
      await cancelRegistration(app, scopeOf(session, locale), body.treatmentId);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/patient/endTreatment',
    access: { permission: PatientPerm.endCourse },
    body: courseActionSchema,
    handler: async ({ app, session, locale, body }) => {
      await closeCourse(app, scopeOf(session, locale), body.treatmentId);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/patient/discharge',
    access: { permission: PatientPerm.discharge },
    body: dischargeSchema,
    handler: async ({ app, session, locale, body }) => {
      await closeCourse(app, scopeOf(session, locale), body.treatmentId, new Date(body.dischargeTime));
    },
  }),
  /** The treatment card of a course as a PDF (card number as a barcode). */
  defineRoute({
    method: 'GET',
    url: '/sys/patient/treatmentCard/:id',
    access: { permission: PatientPerm.info },
    params: idParamSchema,
    handler: async ({ app, session, locale, params, reply }) => {
      const scope = scopeOf(session, locale);
      const card = await treatmentCardData(app.db, scope, params.id);
      const [org] = await app.db
        .select()
        .from(organizations)
        .where(eq(organizations.id, scope.organizationId))
        .limit(1);
      const pdf = await treatmentCardPdf(card, locale, org?.nameLang[locale] ?? org?.name ?? '');
      await reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="treatment-card-${params.id}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/patient/unAssignedCount',
    access: 'organization',
    body: unassignedCountSchema,
    handler: async ({ app, session, body }) => ({
      data: { unAssignedCount: await unassignedCount(app.db, session.organizationId!, body.treatOfficeIds) },
    }),
  }),

  // --- treatment projects -----------------------------------------------------------------------------------------
  defineRoute({
    method: 'POST',
    url: '/sys/treatment/queryRecipeDetail',
    access: { permission: PatientPerm.recipe },
    body: recipeQuerySchema,
    handler: async ({ app, session, locale, body }) => ({
      data: await listProjects(app.db, scopeOf(session, locale), body.patientId, body.treatmentId, body.type),
    }),
  }),
  defineRoute({
    method: 'GET',
    url: '/sys/treatment/project/:id',
    access: { permission: PatientPerm.recipe },
    params: idParamSchema,
    handler: async ({ app, session, locale, params }) => ({
      data: await getProject(app.db, scopeOf(session, locale), params.id),
    }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/treatment/savRecipe',
    access: { permission: PatientPerm.prescribe },
    body: saveRecipeSchema,
    handler: async ({ app, session, locale, body }) => ({
      data: { ids: await saveRecipe(app, scopeOf(session, locale), body.treatmentId, body.projects) },
    }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/treatment/updateProject',
    access: { permission: PatientPerm.prescribe },
    body: updateProjectSchema,
    handler: async ({ app, session, locale, body }) => {
      const { id, ...values } = body;
      await updateProject(app, scopeOf(session, locale), id, values);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/treatment/endProjects',
    access: { permission: PatientPerm.endProject },
    body: projectIdsSchema,
    handler: async ({ app, session, locale, body }) => {
      await setProjectsStatus(app, scopeOf(session, locale), body.ids, 2);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/treatment/disableProjects',
    access: { permission: PatientPerm.endProject },
    body: projectIdsSchema,
    handler: async ({ app, session, locale, body }) => {
      await setProjectsStatus(app, scopeOf(session, locale), body.ids, 3);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/treatment/assignTherapist',
    access: { permission: PatientPerm.assign },
    body: assignSchema,
    handler: async ({ app, session, locale, body }) => {
      await assignTherapist(app, scopeOf(session, locale), body.ids, body);
    },
  }),

  // --- combo templates --------------------------------------------------------------------------------------------
  r.page('/sys/comboTemplate/pageInfo', PatientPerm.comboList, comboPageSchema, (app, s, q) =>
    listCombos(app.db, s, q),
  ),
  r.info('/sys/comboTemplate/info/:id', PatientPerm.comboList, (app, s, id) => getCombo(app.db, s, id)),
  r.data('/sys/comboTemplate/saveOrUpdate', PatientPerm.comboSave, comboSaveSchema, (app, s, v) =>
    saveCombo(app.db, s, v),
  ),
  r.action('/sys/comboTemplate/delete', PatientPerm.comboSave, idsBody, (app, s, b) => deleteCombos(app.db, s, b.ids)),
];
