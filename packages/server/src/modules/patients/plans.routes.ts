import { plansEndpoints as endpoints, type Locale } from '@rehab/shared';
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
  saveCourseCase,
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
  r.page(endpoints.linkagePage, (app, s, q) => listLinkages(app.db, s, q)),
  r.info(endpoints.linkageInfo, (app, s, id) => getLinkage(app.db, s, id)),
  r.data(endpoints.linkageSave, (app, s, v) => saveLinkage(app.db, s, v)),
  r.action(endpoints.linkageDelete, (app, s, b) => deleteLinkages(app.db, s, b.ids)),
  /** The recommended plan of a course (/patient/project/system-recommend-detail/:patientId/:treatmentId). */
  r.data(endpoints.recommend, (app, s, b) => recommendPlan(app.db, s, b.patientId, b.treatmentId)),

  // --- case templates ---------------------------------------------------------------------------------------------
  r.page(endpoints.casePage, (app, s, q) => listCases(app.db, s, q)),
  r.info(endpoints.caseInfo, (app, s, id) => getCase(app.db, s, id)),
  r.data(endpoints.caseSave, (app, s, v) => saveCase(app.db, s, v)),
  r.action(endpoints.caseDelete, (app, s, b) => deleteCases(app.db, s, b.ids)),
  /** A case template written onto an active course (changes the patient's course, so the update permission). */
  r.action(endpoints.caseApply, (app, s, b) => applyCase(app.db, s, b.id, b.treatmentId)),
  /** The case of an active course, written from the patient detail's case form. */
  r.action(endpoints.courseCase, (app, s, b) => saveCourseCase(app.db, s, b)),

  // --- prescription templates -------------------------------------------------------------------------------------
  r.page(endpoints.prescriptionPage, (app, s, q) => listPrescriptions(app.db, s, q)),
  r.info(endpoints.prescriptionInfo, (app, s, id) => getPrescription(app.db, s, id)),
  r.data(endpoints.prescriptionSave, (app, s, v) => savePrescription(app.db, s, v)),
  r.action(endpoints.prescriptionDelete, (app, s, b) => deletePrescriptions(app.db, s, b.ids)),

  // --- outpatient visits (/outpatient/detail) -------------------------------------------------------------------
  r.page(endpoints.visitPage, (app, s, q) => visitDetailsPage(app.db, s, q.patientId, q.page, q.limit)),
];
