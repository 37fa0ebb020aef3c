import { remoteEndpoints as endpoints, toPage } from '@rehab/shared';
import { defineRoute } from '../../http/route';
import type { OrgSession } from '../../http/session';
import {
  consultationDetail,
  countersign,
  initiate,
  listConsultations,
  materialCandidates,
  queryReport,
  recordCameraGroup,
  relatedTargets,
  remotePatients,
  saveReport,
  saveSettings,
  settingsOf,
  signReport,
  step,
  takeoverPool,
} from './telemedicine.service';
import {
  acceptProposal,
  declineProposal,
  listProposals,
  propose,
  proposalCatalogue,
  withdrawProposal,
} from './proposals.service';
import { consultationReportPdf } from './consultation-report';
import { admitToCall, callIce, callInfo, joinCall, leaveCall, signalCall } from './call.service';

/**
 * Remote consultation (issue 17; docs/decisions.md "Issue 17"). The sending organization is the session's; who sees
 * a consultation is the cross-organization access model's (cross-org-access.ts): a consultation the caller may not
 * see answers code 1 'Remote consultation record not found', as an unknown id does.
 */
export const telemedicineRoutes = [
  defineRoute(endpoints.patients, {
    handler: async ({ app, session, query }) => ({
      data: await remotePatients(app, session as OrgSession, query.keyword || undefined),
    }),
  }),
  defineRoute(endpoints.materials, {
    handler: async ({ app, session, query, locale }) => ({
      data: await materialCandidates(app, session as OrgSession, query.patientId, locale),
    }),
  }),
  defineRoute(endpoints.organizations, {
    handler: async ({ app, session, locale }) => ({ data: await relatedTargets(app, session as OrgSession, locale) }),
  }),
  defineRoute(endpoints.initiate, {
    handler: async ({ app, session, body, locale }) => ({
      data: await initiate(app, session as OrgSession, body, locale),
    }),
  }),
  defineRoute(endpoints.records, {
    handler: async ({ app, session, query, locale }) => {
      const { list, total } = await listConsultations(app, session as OrgSession, query, locale);
      return { data: toPage(list, total, query.page, query.limit) };
    },
  }),
  defineRoute(endpoints.takeover, {
    handler: async ({ app, session, locale }) => ({ data: await takeoverPool(app, session as OrgSession, locale) }),
  }),
  defineRoute(endpoints.info, {
    handler: async ({ app, session, params, locale }) => ({
      data: await consultationDetail(app, session, params.id, locale),
    }),
  }),
  defineRoute(endpoints.submit, {
    handler: async ({ app, session, params, locale }) => step(app, session, params.id, 'submit', {}, locale),
  }),
  defineRoute(endpoints.approve, {
    handler: async ({ app, session, params, locale }) => step(app, session, params.id, 'approve', {}, locale),
  }),
  defineRoute(endpoints.receive, {
    handler: async ({ app, session, params, locale }) => step(app, session, params.id, 'receive', {}, locale),
  }),
  defineRoute(endpoints.accept, {
    handler: async ({ app, session, params, body, locale }) =>
      step(app, session, params.id, 'accept', { scheduledAt: new Date(body.scheduledAt) }, locale),
  }),
  defineRoute(endpoints.start, {
    handler: async ({ app, session, params, locale }) => step(app, session, params.id, 'start', {}, locale),
  }),
  defineRoute(endpoints.reject, {
    handler: async ({ app, session, params, body, locale }) =>
      step(app, session, params.id, 'reject', { reason: body.reason }, locale),
  }),
  defineRoute(endpoints.cancel, {
    handler: async ({ app, session, params, body, locale }) =>
      step(app, session, params.id, 'cancel', { reason: body.reason || null }, locale),
  }),
  defineRoute(endpoints.recordCameraGroup, {
    handler: async ({ app, session, params }) => recordCameraGroup(app, session, params),
  }),
  defineRoute(endpoints.settings, {
    handler: async ({ app, session }) => ({ data: await settingsOf(app.db, (session as OrgSession).organizationId) }),
  }),
  defineRoute(endpoints.saveSettings, {
    handler: async ({ app, session, body }) => saveSettings(app, session as OrgSession, body),
  }),
  defineRoute(endpoints.saveReport, {
    handler: async ({ app, session, body, locale }) => saveReport(app, session, body, locale),
  }),
  defineRoute(endpoints.queryReport, {
    handler: async ({ app, session, body }) => ({
      data: JSON.parse(JSON.stringify(await queryReport(app, session, body.consultationId))),
    }),
  }),
  /** The report in force as a PDF (the unsigned draft marked so), for whoever may read the report. */
  defineRoute(endpoints.reportPdf, {
    handler: async ({ app, session, params, locale, reply, auditRead }) => {
      const { pdf, patientId, fileName, asciiName } = await consultationReportPdf(app, session, params.id, locale);
      // the receiving side's read is in tm_access_read; the patient id is named only in the sender's own log
      auditRead({ kind: 'report', patientId, subject: `consultation report ${params.id}` });
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        )
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  }),
  defineRoute(endpoints.signReport, {
    handler: async ({ app, session, params, body, locale }) =>
      signReport(app, session, params.id, body.signature, locale),
  }),
  defineRoute(endpoints.reviseReport, {
    handler: async ({ app, session, params, locale }) => step(app, session, params.id, 'revise', {}, locale),
  }),
  defineRoute(endpoints.countersign, {
    handler: async ({ app, session, params, locale }) => countersign(app, session, params.id, locale),
  }),
  defineRoute(endpoints.proposals, {
    handler: async ({ app, session, params, query, locale }) => ({
      data: await listProposals(app, session, params.id, query.kind, locale),
    }),
  }),
  defineRoute(endpoints.proposalCatalogue, {
    handler: async ({ app, session, params, query, locale }) => ({
      data: await proposalCatalogue(app, session, params.id, query.kind, locale),
    }),
  }),
  defineRoute(endpoints.propose, {
    handler: async ({ app, session, params, body }) => ({ data: await propose(app, session, params.id, body) }),
  }),
  defineRoute(endpoints.withdrawProposal, {
    handler: async ({ app, session, params, locale }) => withdrawProposal(app, session, params.id, locale),
  }),
  defineRoute(endpoints.acceptProposal, {
    handler: async ({ app, session, params, body, locale }) => ({
      data: await acceptProposal(app, session, params.id, body, locale),
    }),
  }),
  defineRoute(endpoints.declineProposal, {
    handler: async ({ app, session, params, body, locale }) =>
      declineProposal(app, session, params.id, body.reason, locale),
  }),
  defineRoute(endpoints.callInfo, {
    handler: async ({ app, session, params }) => ({ data: await callInfo(app, session, params.id) }),
  }),
  defineRoute(endpoints.callIce, {
    handler: async ({ app, session, params }) => ({ data: await callIce(app, session, params.id) }),
  }),
  defineRoute(endpoints.callJoin, {
    handler: async ({ app, session, params }) => joinCall(app, session, params.id),
  }),
  defineRoute(endpoints.callAdmit, {
    handler: async ({ app, session, params, body }) => admitToCall(app, session, params.id, body.userId),
  }),
  defineRoute(endpoints.callLeave, {
    handler: async ({ app, session, params }) => leaveCall(app, session, params.id),
  }),
  defineRoute(endpoints.callSignal, {
    handler: async ({ app, session, params, body }) => signalCall(app, session, params.id, body),
  }),
];
