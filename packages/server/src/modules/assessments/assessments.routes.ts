import {
  assessmentsEndpoints as endpoints,
  toFhirQuestionnaireResponse,
  toPage,
  translate,
  type Locale,
} from '@rehab/shared';
import type { FastifyRequest } from 'fastify';
import { organizationsByIds } from '../organizations';
import { defineRoute, type RouteDef } from '../../http/route';
import { sendXlsx } from '../../http/xlsx';
import { assessListXlsx } from './assessments.export';
import type { SessionContext } from '../../http/session';
import { deleteAttachment, sendAttachment, storeAttachment } from './assessment-files';
import { assessmentReportPdf } from './assessment-report';
import { reportSignature, signReport } from './assessment-signature';
import { autoSignActive, caOn } from '../signatures';
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

/** The most rows an export writes. */
const EXPORT_LIMIT = 10_000;

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
  defineRoute(endpoints.list, {
    handler: async ({ app, session, locale, body }) => {
      const { list, total } = await listProjects(app, scopeOf(session, locale), body);
      return { data: toPage(list, total, body.page, body.limit) };
    },
  }),
  /** The list as an Excel file with its filters; patient data leaving the system: access log (issue 22). */
  defineRoute(endpoints.exportList, {
    handler: async ({ app, session, locale, body, reply, auditRead }) => {
      const { list } = await listProjects(app, scopeOf(session, locale), { ...body, page: 1, limit: EXPORT_LIMIT });
      auditRead({ kind: 'export', patientId: body.patientId ?? null, rows: list.length, filters: body });
      await sendXlsx(
        reply,
        await assessListXlsx(list, locale),
        translate(locale, 'listExport.assessTitle'),
        'assessments',
      );
    },
  }),
  defineRoute(endpoints.info, {
    handler: async ({ app, session, locale, params }) => ({
      data: await projectInfo(app, scopeOf(session, locale), params.id),
    }),
  }),
  /** The organization's members with evaluation authority (assessor and authorize pickers). */
  defineRoute(endpoints.evaluators, {
    handler: async ({ app, session, locale }) => ({ data: await evaluators(app, scopeOf(session, locale)) }),
  }),
  /** The course (and patient) of /patient/assess-project/:projectId, whose id is the course's. */
  defineRoute(endpoints.course, {
    handler: async ({ app, session, locale, params }) => ({
      data: await courseInfo(app, scopeOf(session, locale), params.id),
    }),
  }),
  defineRoute(endpoints.save, {
    handler: async ({ app, session, locale, body }) => ({
      data: await createProjects(app, scopeOf(session, locale), body),
    }),
  }),
  defineRoute(endpoints.end, {
    handler: async ({ app, session, locale, body }) => {
      await closeProject(app, scopeOf(session, locale), body.id, 'end');
      return {};
    },
  }),
  defineRoute(endpoints.cancel, {
    handler: async ({ app, session, locale, body }) => {
      await closeProject(app, scopeOf(session, locale), body.id, 'cancel');
      return {};
    },
  }),
  defineRoute(endpoints.authorize, {
    handler: async ({ app, session, locale, body }) => {
      await authorizeProject(app, scopeOf(session, locale), body.id, body.evaluatorId);
      return {};
    },
  }),
  /**
   * Store temporarily (暂存): partial answers, each checked; evaluation authority is checked in the handler so that
   * the refusal says 'This account does not have evaluation authority!'.
   */
  defineRoute(endpoints.storeTemporarily, {
    handler: async ({ app, session, locale, body }) => ({
      data: await recordAnswers(app, scopeOf(session, locale), body.id, body.answers, false),
    }),
  }),
  /** Submit: every required item, scored on the server with the shared scoring (the client's total is not read). */
  defineRoute(endpoints.submit, {
    handler: async ({ app, session, locale, body }) => {
      const scope = scopeOf(session, locale);
      const data = await recordAnswers(app, scope, body.id, body.answers, true, body.assessedAt);
      // within the evaluator's authorized auto-sign window the report is signed for them as it is submitted (issue
      // 19); should that fail (a certificate ended in between), the submission stands and the report waits unsigned
      if (await autoSignActive(app.db, scope.organizationId, scope.userId, caOn(session))) {
        await signReport(app, scope, body.id, true).catch((error: unknown) =>
          app.log.warn({ err: error, assessment: body.id }, 'auto-sign of a submitted report failed'),
        );
      }
      return { data };
    },
  }),
  /** The PDF report of a submitted assessment. */
  defineRoute(endpoints.report, {
    handler: async ({ app, session, locale, params, reply, auditRead }) => {
      const scope = scopeOf(session, locale);
      const { info, def } = await submittedAssessment(app, scope, params.id);
      auditRead({ kind: 'report', patientId: info.patientId, subject: `assessment ${params.id}` });
      const [org] = await organizationsByIds(app.db, [scope.organizationId]);
      // the signature line shows the report's electronic signature as it verifies now (issue 19), if there is one
      const { state } = await reportSignature(app, scope, params.id, caOn(session));
      const pdf = await assessmentReportPdf(
        info,
        def,
        locale,
        org?.nameLang[locale] ?? org?.name ?? '',
        state.signature,
      );
      await reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="assessment-${params.id}-${def.code}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  }),
  /** Signs the submitted report with the caller's CA certificate (the organization's CA integration on). */
  defineRoute(endpoints.sign, {
    handler: async ({ app, session, locale, params }) => ({
      data: await signReport(app, scopeOf(session, locale), params.id, caOn(session)),
    }),
  }),
  /** The report's signature, verified against the record as it is now (a read of patient data: audited). */
  defineRoute(endpoints.signature, {
    handler: async ({ app, session, locale, params, auditRead }) => {
      const { state, patientId } = await reportSignature(app, scopeOf(session, locale), params.id, caOn(session));
      auditRead({ kind: 'record', patientId, subject: `assessment signature ${params.id}` });
      return { data: state };
    },
  }),
  defineRoute(endpoints.uploadAttachment, {
    handler: async ({ app, session, locale, params, req }) => ({
      data: await storeAttachment(app, scopeOf(session, locale), params.id, req),
    }),
  }),
  defineRoute(endpoints.attachment, {
    handler: async ({ app, session, locale, params, reply, auditRead }) => {
      auditRead({ kind: 'file', subject: `assessment attachment ${params.id}` });
      await sendAttachment(app, scopeOf(session, locale), params.id, reply);
    },
  }),
  defineRoute(endpoints.deleteAttachment, {
    handler: async ({ app, session, locale, params }) => {
      await deleteAttachment(app, scopeOf(session, locale), params.id);
      return {};
    },
  }),
  /** Each scale's submitted totals of a patient across phases (the patient report chart). */
  defineRoute(endpoints.patientReport, {
    handler: async ({ app, session, locale, params, auditRead }) => {
      const data = await patientReport(app, scopeOf(session, locale), params.patientId);
      auditRead({ kind: 'report', patientId: params.patientId, subject: 'assessment totals' });
      return { data };
    },
  }),
  /** A submitted assessment as a FHIR R4 QuestionnaireResponse (bare resource, application/fhir+json). */
  defineRoute(endpoints.fhirQuestionnaireResponse, {
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
