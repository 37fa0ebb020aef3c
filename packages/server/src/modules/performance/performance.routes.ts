import { performanceEndpoints as endpoints, type Locale } from '@rehab/shared';
import type { RouteDef } from '../../http/route';
import type { SessionContext } from '../../http/session';
import { scopedRoutes } from '../../http/scoped-routes';
import { doctorDetail, doctorList, doctorMonth, doctorProjects, workloadDaily } from './performance.doctors';
import {
  adoptSettings,
  closeMonth,
  decideAdjustment,
  listAdjustments,
  listRules,
  listRuleTemplates,
  monthStatus,
  recompute,
  requestAdjustment,
  saveRule,
  scopeOf,
  therapistDetail,
  therapistMonth,
  therapistProjects,
} from './performance.service';
import { answerAppeal, fileAppeal, listAppeals, publishMonth } from './performance.appeals';
import { listQualities, saveQuality } from './performance.quality';
import { decideReopen, listReopens, requestReopen } from './performance.reopen';

const r = scopedRoutes((session: SessionContext, locale: Locale) => scopeOf(session, locale));

/**
 * Performance (绩效, issue 16; docs/decisions.md "Performance (issue 16)"). The organization is the session's; a
 * therapist reads only their own statement.
 */
export const performanceRoutes: RouteDef[] = [
  r.data(endpoints.rules, (app, scope) => listRules(app.db, scope)),
  r.data(endpoints.ruleSave, (app, scope, body) => saveRule(app, scope, body)),
  r.data(endpoints.ruleTemplates, (app, scope) => listRuleTemplates(app.db, scope)),
  r.data(endpoints.ruleAdopt, (app, scope, body) => adoptSettings(app, scope, body.effectiveFrom)),
  r.data(endpoints.recompute, (app, scope, body) => recompute(app, scope, body)),
  r.data(endpoints.monthStatus, (app, scope, body) => monthStatus(app.db, scope, body.month)),
  r.data(endpoints.monthClose, (app, scope, body) => closeMonth(app, scope, body.month)),
  r.data(endpoints.monthPublish, (app, scope, body) => publishMonth(app, scope, body.month)),
  r.data(endpoints.appeals, (app, scope, body) => listAppeals(app.db, scope, body)),
  r.data(endpoints.appealFile, (app, scope, body) => fileAppeal(app, scope, body)),
  r.data(endpoints.appealAccept, (app, scope, body) => answerAppeal(app, scope, body, true)),
  r.data(endpoints.appealReject, (app, scope, body) => answerAppeal(app, scope, body, false)),
  r.data(endpoints.qualities, (app, scope, body) => listQualities(app.db, scope, body)),
  r.data(endpoints.qualitySave, (app, scope, body) => saveQuality(app, scope, body)),
  r.data(endpoints.reopens, (app, scope, body) => listReopens(app.db, scope, body.month)),
  r.data(endpoints.reopenRequest, (app, scope, body) => requestReopen(app, scope, body)),
  r.data(endpoints.reopenApprove, (app, scope, body) => decideReopen(app, scope, body, true)),
  r.data(endpoints.reopenReject, (app, scope, body) => decideReopen(app, scope, body, false)),
  r.data(endpoints.therapists, (app, scope, body) => therapistMonth(app.db, scope, body)),
  r.data(endpoints.therapistProjects, (app, scope, body) => therapistProjects(app.db, scope, body)),
  r.data(endpoints.therapistDetail, (app, scope, body) => therapistDetail(app.db, scope, body), { patientRows: true }),
  r.data(endpoints.adjustments, (app, scope, body) => listAdjustments(app.db, scope, body)),
  r.data(endpoints.adjustmentRequest, (app, scope, body) => requestAdjustment(app, scope, body)),
  r.data(endpoints.adjustmentApprove, (app, scope, body) => decideAdjustment(app, scope, body, true)),
  r.data(endpoints.adjustmentReject, (app, scope, body) => decideAdjustment(app, scope, body, false)),
  r.data(endpoints.doctorList, (app, scope, body) => doctorMonth(app.db, scope, body)),
  r.data(endpoints.doctors, (app, scope) => doctorList(app.db, scope)),
  r.data(endpoints.doctorProjects, (app, scope, body) => doctorProjects(app.db, scope, body)),
  r.data(endpoints.doctorDetail, (app, scope, body) => doctorDetail(app.db, scope, body), { patientRows: true }),
  r.data(endpoints.workloadDaily, (app, scope, body) => workloadDaily(app.db, scope, body)),
];
