import { eq } from 'drizzle-orm';
import {
  AssessPerm,
  assessAnswersSchema,
  assessAuthorizeSchema,
  assessIdSchema,
  assessListSchema,
  assessPatientParamSchema,
  assessSaveSchema,
  idParamSchema,
  toFhirQuestionnaireResponse,
  type Locale,
} from '@rehab/shared';
import type { FastifyRequest } from 'fastify';
import { organizations } from '../organizations/organizations.tables';
import { defineRoute, type RouteDef } from '../../http/route';
import { scopedRoutes } from '../../http/scoped-routes';
import type { SessionContext } from '../../http/session';
import { deleteAttachment, sendAttachment, storeAttachment } from './assessment-files';
import { assessmentReportPdf } from './assessment-report';
import {
  authorizeProject,
  closeProject,
  courseInfo,
  createProjects,
  evaluators,
  listProjects,
  patientReport,
  projectInfo,
  recordAnswers,
  submittedAssessment,
  type AssessScope,
} from './assessments.service';

const scopeOf = (session: SessionContext, locale: Locale): AssessScope => ({
  organizationId: session.organizationId!,
  userId: session.userId,
  locale,
  permissions: session.permissions,
});
const r = scopedRoutes(scopeOf);

/** The address the browser used, for absolute links in FHIR resources. */
function baseUrlOf(req: FastifyRequest) {
  const proto = (req.headers['x-forwarded-proto'] as string | undefined)?.split(',')[0]?.trim() || req.protocol;
  return `${proto}://${req.headers.host ?? 'localhost'}`;
}

/**
 * Assessment projects, their records, reports and attachments (issue 6; spec section 1 assessments, section 4 states,
 * section 5 rules). Paths under /api/sys/assess, in the manner of section 7; listed in docs/decisions.md.
 */
export const assessmentRoutes: RouteDef[] = [
  r.page('/sys/assess/list', AssessPerm.list, assessListSchema, listProjects),
  r.info('/sys/assess/info/:id', AssessPerm.info, projectInfo),
  /** The organization's members with evaluation authority (assessor and authorize pickers). */
  defineRoute({
    method: 'GET',
    url: '/sys/assess/evaluators',
    access: { permission: AssessPerm.list },
    handler: async ({ app, session, locale }) => ({ data: await evaluators(app, scopeOf(session, locale)) }),
  }),
  /** The course (and patient) of /patient/assess-project/:projectId, whose id is the course's. */
  r.info('/sys/assess/course/:id', AssessPerm.list, courseInfo),
  r.data('/sys/assess/save', AssessPerm.save, assessSaveSchema, createProjects),
  r.action('/sys/assess/end', AssessPerm.end, assessIdSchema, (app, s, b) => closeProject(app, s, b.id, 'end')),
  r.action('/sys/assess/cancel', AssessPerm.cancel, assessIdSchema, (app, s, b) =>
    closeProject(app, s, b.id, 'cancel'),
  ),
  r.action('/sys/assess/authorize', AssessPerm.authorize, assessAuthorizeSchema, (app, s, b) =>
    authorizeProject(app, s, b.id, b.evaluatorId),
  ),
  /**
   * Store temporarily (暂存): partial answers, each checked; evaluation authority is checked in the handler so that
   * the refusal says 'This account does not have evaluation authority!'.
   */
  r.data('/sys/assess/storeTemporarily', AssessPerm.info, assessAnswersSchema, (app, s, b) =>
    recordAnswers(app, s, b.id, b.answers, false),
  ),
  /** Submit: every required item, scored on the server with the shared scoring (the client's total is not read). */
  r.data('/sys/assess/submit', AssessPerm.info, assessAnswersSchema, (app, s, b) =>
    recordAnswers(app, s, b.id, b.answers, true),
  ),
  /** The PDF report of a submitted assessment. */
  defineRoute({
    method: 'GET',
    url: '/sys/assess/report/:id',
    access: { permission: AssessPerm.report },
    params: idParamSchema,
    handler: async ({ app, session, locale, params, reply }) => {
      const scope = scopeOf(session, locale);
      const { info, def } = await submittedAssessment(app, scope, params.id);
      const [org] = await app.db
        .select()
        .from(organizations)
        .where(eq(organizations.id, scope.organizationId))
        .limit(1);
      const pdf = await assessmentReportPdf(info, def, locale, org?.nameLang[locale] ?? org?.name ?? '');
      await reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="assessment-${params.id}-${def.code}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/assess/attachment/upload/:id',
    access: { permission: AssessPerm.upload },
    params: idParamSchema,
    handler: async ({ app, session, locale, params, req }) => ({
      data: await storeAttachment(app, scopeOf(session, locale), params.id, req),
    }),
  }),
  defineRoute({
    method: 'GET',
    url: '/sys/assess/attachment/:id',
    access: { permission: AssessPerm.report },
    params: idParamSchema,
    handler: async ({ app, session, locale, params, reply }) => {
      await sendAttachment(app, scopeOf(session, locale), params.id, reply);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/assess/attachment/delete/:id',
    access: { permission: AssessPerm.upload },
    params: idParamSchema,
    handler: async ({ app, session, locale, params }) => {
      await deleteAttachment(app, scopeOf(session, locale), params.id);
    },
  }),
  /** Each scale's submitted totals of a patient across phases (the patient report chart). */
  defineRoute({
    method: 'GET',
    url: '/sys/assess/patientReport/:patientId',
    access: { permission: AssessPerm.list },
    params: assessPatientParamSchema,
    handler: async ({ app, session, locale, params }) => ({
      data: await patientReport(app, scopeOf(session, locale), params.patientId),
    }),
  }),
  /** A submitted assessment as a FHIR R4 QuestionnaireResponse (bare resource, application/fhir+json). */
  defineRoute({
    method: 'GET',
    url: '/fhir/QuestionnaireResponse/:id',
    access: { permission: AssessPerm.info },
    params: idParamSchema,
    handler: async ({ app, session, locale, params, reply, req }) => {
      const { info, record, def } = await submittedAssessment(app, scopeOf(session, locale), params.id);
      const resource = toFhirQuestionnaireResponse({
        id: info.id,
        def,
        locale,
        questionnaireUrl: `${baseUrlOf(req)}/api/fhir/Questionnaire/${def.code}`,
        patientId: info.patientId,
        patientName: info.patientName,
        treatmentId: info.treatmentId,
        authorId: record.submittedById ?? info.assessorId,
        authorName: record.submittedByName ?? info.assessorName,
        submittedAt: record.submittedAt ?? info.createdAt,
        answers: record.answers,
        total: info.total,
        band: info.band,
      });
      await reply.type('application/fhir+json; charset=utf-8').send(resource);
    },
  }),
];
