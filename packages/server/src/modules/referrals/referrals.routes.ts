import { referralsEndpoints as endpoints, toPage, type ReferralActionName } from '@rehab/shared';
import { defineRoute } from '../../http/route';
import type { OrgSession } from '../../http/session';
import { materialCandidates, remotePatients } from '../telemedicine';
import {
  listReferrals,
  referralDetail,
  referralStep,
  referralTargets,
  requestReferral,
  transferPreview,
} from './referrals.service';

/** A step of a referral on its id, with the reason of the body when the step has one. */
const step = (e: (typeof endpoints)['receive' | 'accept' | 'arrive' | 'complete'], action: ReferralActionName) =>
  defineRoute(e, {
    handler: async ({ app, session, params, locale }) => referralStep(app, session, params.id, action, null, locale),
  });

/**
 * Referral of a patient (issue 17; docs/decisions.md "Referral and transfer (issue 17)"). The sending organization
 * is the session's; who sees a referral is the cross-organization access model's (telemedicine face): a referral the
 * caller may not see answers code 1 'Referral not found', as an unknown id does.
 */
export const referralRoutes = [
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
  defineRoute(endpoints.targets, {
    handler: async ({ app, session, locale }) => ({ data: await referralTargets(app, session as OrgSession, locale) }),
  }),
  defineRoute(endpoints.request, {
    handler: async ({ app, session, body, locale }) => ({
      data: await requestReferral(app, session as OrgSession, body, locale),
    }),
  }),
  defineRoute(endpoints.list, {
    handler: async ({ app, session, query, locale, auditRead }) => {
      const { list, total } = await listReferrals(app, session as OrgSession, query, locale);
      if (list.length)
        auditRead({ kind: 'list', subject: `referrals ${query.box}`, rows: list.length, filters: query });
      return { data: toPage(list, total, query.page, query.limit) };
    },
  }),
  defineRoute(endpoints.info, {
    handler: async ({ app, session, params, locale, auditRead }) => {
      const { patientId, ...data } = await referralDetail(app, session, params.id, locale);
      auditRead({ kind: 'record', patientId, subject: `referral ${params.id}` });
      return { data };
    },
  }),
  defineRoute(endpoints.transferPreview, {
    handler: async ({ app, session, params, locale, auditRead }) => {
      const { patientId, ...data } = await transferPreview(app, session, params.id, locale);
      auditRead({ kind: 'record', patientId, subject: `referral ${params.id}` });
      return { data };
    },
  }),
  step(endpoints.receive, 'receive'),
  step(endpoints.accept, 'accept'),
  step(endpoints.arrive, 'arrive'),
  step(endpoints.complete, 'complete'),
  defineRoute(endpoints.reject, {
    handler: async ({ app, session, params, body, locale }) =>
      referralStep(app, session, params.id, 'reject', body.reason, locale),
  }),
  defineRoute(endpoints.cancel, {
    handler: async ({ app, session, params, body, locale }) =>
      referralStep(app, session, params.id, 'cancel', body.reason || null, locale),
  }),
];
