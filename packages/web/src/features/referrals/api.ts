import { keepPreviousData } from '@tanstack/react-query';
import { referralsEndpoints, type EndpointInput } from '@rehab/shared';
import { useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';

export type ReferralListQuery = EndpointInput<typeof referralsEndpoints.list>['query'];

/** Everything a step changes: the lists and the detail. */
const all = [['sys', 'patientReferral']] as const;

export const useReferrals = (query: ReferralListQuery) =>
  useEndpointQuery(referralsEndpoints.list, { query }, { select: (r) => r.data, placeholderData: keepPreviousData });

export const useReferral = (id: number) =>
  useEndpointQuery(
    referralsEndpoints.info,
    { params: { id } },
    { select: (r) => r.data, enabled: id > 0, retry: false },
  );

export const useReferralPatients = (keyword: string) =>
  useEndpointQuery(
    referralsEndpoints.patients,
    { query: keyword ? { keyword } : {} },
    { select: (r) => r.data, placeholderData: keepPreviousData },
  );

export const useReferralMaterials = (patientId: number | undefined) =>
  useEndpointQuery(
    referralsEndpoints.materials,
    { query: { patientId: patientId ?? 0 } },
    { select: (r) => r.data, enabled: Boolean(patientId) },
  );

export const useReferralTargets = () => useEndpointQuery(referralsEndpoints.targets, {}, { select: (r) => r.data });

export const useRequestReferral = () => useEndpointMutation(referralsEndpoints.request, { invalidates: all });

/** The steps on a referral's id, each its own call. */
export const useReferralSteps = () => ({
  receive: useEndpointMutation(referralsEndpoints.receive, { invalidates: all }),
  accept: useEndpointMutation(referralsEndpoints.accept, { invalidates: all }),
  reject: useEndpointMutation(referralsEndpoints.reject, { invalidates: all }),
  arrive: useEndpointMutation(referralsEndpoints.arrive, { invalidates: all }),
  complete: useEndpointMutation(referralsEndpoints.complete, { invalidates: all }),
  cancel: useEndpointMutation(referralsEndpoints.cancel, { invalidates: all }),
});

/** What accepting a transfer would do (the receiving side, while it may accept): read each time the dialog opens. */
export const useTransferPreview = (id: number, enabled: boolean) =>
  useEndpointQuery(
    referralsEndpoints.transferPreview,
    { params: { id } },
    { select: (r) => r.data, enabled: enabled && id > 0, retry: false, gcTime: 0 },
  );
