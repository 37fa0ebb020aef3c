import {
  PatientPerm,
  PlanPerm,
  caseTemplateApplySchema,
  caseTemplateSaveSchema,
  idParamSchema,
  linkagePageSchema,
  linkageSaveSchema,
  planIdsSchema,
  prescriptionTemplateSaveSchema,
  recommendSchema,
  templatePageSchema,
  toPage,
  visitPageSchema,
  type Locale,
} from '@rehab/shared';
import { defineRoute, type RouteDef } from '../../http/route';
import type { SessionContext } from '../../http/session';
import type { Scope } from './patients.service';
import {
  applyCase,
  deleteCases,
  deleteLinkages,
  deletePrescriptions,
  getCase,
  getLinkage,
  getPrescription,
  listCases,
  listLinkages,
  listPrescriptions,
  recommendPlan,
  saveCase,
  saveLinkage,
  savePrescription,
} from './plans.service';
import { visitDetailsPage } from './visits.service';

const scopeOf = (session: SessionContext, locale: Locale): Scope => ({
  organizationId: session.organizationId!,
  userId: session.userId,
  locale,
});

/**
 * Project linkage and the recommended plan, case templates and prescription templates (spec section 7, Patients:
 * casetemplate save and list; the rest of the paths are not shown and follow the same pattern).
 */
export const planRoutes: RouteDef[] = [
  // --- project linkage (/maintainTreat/linkageProject) ----------------------------------------------------------
  defineRoute({
    method: 'POST',
    url: '/sys/projectLinkage/list',
    access: { permission: PlanPerm.linkageList },
    body: linkagePageSchema,
    handler: async ({ app, session, locale, body }) => {
      const { list, total } = await listLinkages(app.db, scopeOf(session, locale), body);
      return { data: toPage(list, total, body.page, body.limit) };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/sys/projectLinkage/info/:id',
    access: { permission: PlanPerm.linkageList },
    params: idParamSchema,
    handler: async ({ app, session, locale, params }) => ({
      data: await getLinkage(app.db, scopeOf(session, locale), params.id),
    }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/projectLinkage/save',
    access: { permission: PlanPerm.linkageSave },
    body: linkageSaveSchema,
    handler: async ({ app, session, locale, body }) => ({
      data: await saveLinkage(app.db, scopeOf(session, locale), body),
    }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/projectLinkage/delete',
    access: { permission: PlanPerm.linkageDelete },
    body: planIdsSchema,
    handler: async ({ app, session, locale, body }) => {
      await deleteLinkages(app.db, scopeOf(session, locale), body.ids);
    },
  }),
  /** The recommended plan of a course (/patient/project/system-recommend-detail/:patientId/:treatmentId). */
  defineRoute({
    method: 'POST',
    url: '/sys/patient/recommendPlan',
    access: { permission: PatientPerm.recipe },
    body: recommendSchema,
    handler: async ({ app, session, locale, body }) => ({
      data: await recommendPlan(app.db, scopeOf(session, locale), body.patientId, body.treatmentId),
    }),
  }),

  // --- case templates ---------------------------------------------------------------------------------------------
  defineRoute({
    method: 'POST',
    url: '/sys/casetemplate/list',
    access: { permission: PlanPerm.caseList },
    body: templatePageSchema,
    handler: async ({ app, session, locale, body }) => {
      const { list, total } = await listCases(app.db, scopeOf(session, locale), body);
      return { data: toPage(list, total, body.page, body.limit) };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/sys/casetemplate/info/:id',
    access: { permission: PlanPerm.caseList },
    params: idParamSchema,
    handler: async ({ app, session, locale, params }) => ({
      data: await getCase(app.db, scopeOf(session, locale), params.id),
    }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/casetemplate/save',
    access: { permission: PlanPerm.caseSave },
    body: caseTemplateSaveSchema,
    handler: async ({ app, session, locale, body }) => ({
      data: await saveCase(app.db, scopeOf(session, locale), body),
    }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/casetemplate/delete',
    access: { permission: PlanPerm.caseSave },
    body: planIdsSchema,
    handler: async ({ app, session, locale, body }) => {
      await deleteCases(app.db, scopeOf(session, locale), body.ids);
    },
  }),
  /** A case template written onto an active course (changes the patient's course, so the update permission). */
  defineRoute({
    method: 'POST',
    url: '/sys/casetemplate/apply',
    access: { permission: PatientPerm.update },
    body: caseTemplateApplySchema,
    handler: async ({ app, session, locale, body }) => {
      await applyCase(app.db, scopeOf(session, locale), body.id, body.treatmentId);
    },
  }),

  // --- prescription templates -------------------------------------------------------------------------------------
  defineRoute({
    method: 'POST',
    url: '/sys/prescriptiontemplate/list',
    access: { permission: PlanPerm.prescriptionList },
    body: templatePageSchema,
    handler: async ({ app, session, locale, body }) => {
      const { list, total } = await listPrescriptions(app.db, scopeOf(session, locale), body);
      return { data: toPage(list, total, body.page, body.limit) };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/sys/prescriptiontemplate/info/:id',
    access: { permission: PlanPerm.prescriptionList },
    params: idParamSchema,
    handler: async ({ app, session, locale, params }) => ({
      data: await getPrescription(app.db, scopeOf(session, locale), params.id),
    }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/prescriptiontemplate/save',
    access: { permission: PlanPerm.prescriptionSave },
    body: prescriptionTemplateSaveSchema,
    handler: async ({ app, session, locale, body }) => ({
      data: await savePrescription(app.db, scopeOf(session, locale), body),
    }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/prescriptiontemplate/delete',
    access: { permission: PlanPerm.prescriptionSave },
    body: planIdsSchema,
    handler: async ({ app, session, locale, body }) => {
      await deletePrescriptions(app.db, scopeOf(session, locale), body.ids);
    },
  }),

  // --- outpatient visits (/outpatient/detail) -------------------------------------------------------------------
  defineRoute({
    method: 'POST',
    url: '/sys/patient/queryVisitDetailsPage',
    access: { permission: PatientPerm.list },
    body: visitPageSchema,
    handler: async ({ app, session, locale, body }) => {
      const { list, total } = await visitDetailsPage(
        app.db,
        scopeOf(session, locale),
        body.patientId,
        body.page,
        body.limit,
      );
      return { data: toPage(list, total, body.page, body.limit) };
    },
  }),
];
