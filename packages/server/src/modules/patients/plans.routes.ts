import {
  PatientPerm,
  PlanPerm,
  caseTemplateApplySchema,
  caseTemplateSaveSchema,
  linkagePageSchema,
  linkageSaveSchema,
  planIdsSchema,
  prescriptionTemplateSaveSchema,
  recommendSchema,
  templatePageSchema,
  visitPageSchema,
  type Locale,
} from '@rehab/shared';
import { type RouteDef } from '../../http/route';
import { scopedRoutes } from '../../http/scoped-routes';
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
const r = scopedRoutes(scopeOf);

/**
 * Project linkage and the recommended plan, case templates and prescription templates (spec section 7, Patients:
 * casetemplate save and list; the rest of the paths are not shown and follow the same pattern).
 */
export const planRoutes: RouteDef[] = [
  // --- project linkage (/maintainTreat/linkageProject) ----------------------------------------------------------
  r.page('/sys/projectLinkage/list', PlanPerm.linkageList, linkagePageSchema, (app, s, q) =>
    listLinkages(app.db, s, q),
  ),
  r.info('/sys/projectLinkage/info/:id', PlanPerm.linkageList, (app, s, id) => getLinkage(app.db, s, id)),
  r.data('/sys/projectLinkage/save', PlanPerm.linkageSave, linkageSaveSchema, (app, s, v) => saveLinkage(app.db, s, v)),
  r.action('/sys/projectLinkage/delete', PlanPerm.linkageDelete, planIdsSchema, (app, s, b) =>
    deleteLinkages(app.db, s, b.ids),
  ),
  /** The recommended plan of a course (/patient/project/system-recommend-detail/:patientId/:treatmentId). */
  r.data('/sys/patient/recommendPlan', PatientPerm.recipe, recommendSchema, (app, s, b) =>
    recommendPlan(app.db, s, b.patientId, b.treatmentId),
  ),

  // --- case templates ---------------------------------------------------------------------------------------------
  r.page('/sys/casetemplate/list', PlanPerm.caseList, templatePageSchema, (app, s, q) => listCases(app.db, s, q)),
  r.info('/sys/casetemplate/info/:id', PlanPerm.caseList, (app, s, id) => getCase(app.db, s, id)),
  r.data('/sys/casetemplate/save', PlanPerm.caseSave, caseTemplateSaveSchema, (app, s, v) => saveCase(app.db, s, v)),
  r.action('/sys/casetemplate/delete', PlanPerm.caseSave, planIdsSchema, (app, s, b) => deleteCases(app.db, s, b.ids)),
  /** A case template written onto an active course (changes the patient's course, so the update permission). */
  r.action('/sys/casetemplate/apply', PatientPerm.update, caseTemplateApplySchema, (app, s, b) =>
    applyCase(app.db, s, b.id, b.treatmentId),
  ),

  // --- prescription templates -------------------------------------------------------------------------------------
  r.page('/sys/prescriptiontemplate/list', PlanPerm.prescriptionList, templatePageSchema, (app, s, q) =>
    listPrescriptions(app.db, s, q),
  ),
  r.info('/sys/prescriptiontemplate/info/:id', PlanPerm.prescriptionList, (app, s, id) =>
    getPrescription(app.db, s, id),
  ),
  r.data('/sys/prescriptiontemplate/save', PlanPerm.prescriptionSave, prescriptionTemplateSaveSchema, (app, s, v) =>
    savePrescription(app.db, s, v),
  ),
  r.action('/sys/prescriptiontemplate/delete', PlanPerm.prescriptionSave, planIdsSchema, (app, s, b) =>
    deletePrescriptions(app.db, s, b.ids),
  ),

  // --- outpatient visits (/outpatient/detail) -------------------------------------------------------------------
  r.page('/sys/patient/queryVisitDetailsPage', PatientPerm.list, visitPageSchema, (app, s, q) =>
    visitDetailsPage(app.db, s, q.patientId, q.page, q.limit),
  ),
];
