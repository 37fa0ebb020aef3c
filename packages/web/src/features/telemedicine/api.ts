import { keepPreviousData } from '@tanstack/react-query';
import { remoteEndpoints, type EndpointInput } from '@rehab/shared';
import { useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';

export type RecordsQuery = EndpointInput<typeof remoteEndpoints.records>['query'];

/** Everything a step changes: the lists, the pool and the detail (and its report). */
const all = [
  ['sys', 'remoteDiagnosis'],
  ['sys', 'reportMedicalRecord'],
] as const;

export const useRecords = (query: RecordsQuery) =>
  useEndpointQuery(remoteEndpoints.records, { query }, { select: (r) => r.data, placeholderData: keepPreviousData });

export const useTakeover = (enabled: boolean) =>
  useEndpointQuery(remoteEndpoints.takeover, {}, { select: (r) => r.data, enabled });

export const useConsultation = (id: number) =>
  useEndpointQuery(remoteEndpoints.info, { params: { id } }, { select: (r) => r.data, enabled: id > 0, retry: false });

export const useRemotePatients = (keyword: string, enabled: boolean) =>
  useEndpointQuery(
    remoteEndpoints.patients,
    { query: keyword ? { keyword } : {} },
    { select: (r) => r.data, enabled, placeholderData: keepPreviousData },
  );

export const useMaterials = (patientId: number | undefined) =>
  useEndpointQuery(
    remoteEndpoints.materials,
    { query: { patientId: patientId ?? 0 } },
    { select: (r) => r.data, enabled: Boolean(patientId) },
  );

export const useTargets = (enabled: boolean) =>
  useEndpointQuery(remoteEndpoints.organizations, {}, { select: (r) => r.data, enabled });

export const useInitiate = () => useEndpointMutation(remoteEndpoints.initiate, { invalidates: all });

/** The steps on a consultation's id, each its own call. */
export const useStep = () => ({
  submit: useEndpointMutation(remoteEndpoints.submit, { invalidates: all }),
  approve: useEndpointMutation(remoteEndpoints.approve, { invalidates: all }),
  receive: useEndpointMutation(remoteEndpoints.receive, { invalidates: all }),
  accept: useEndpointMutation(remoteEndpoints.accept, { invalidates: all }),
  start: useEndpointMutation(remoteEndpoints.start, { invalidates: all }),
  reject: useEndpointMutation(remoteEndpoints.reject, { invalidates: all }),
  cancel: useEndpointMutation(remoteEndpoints.cancel, { invalidates: all }),
  revise: useEndpointMutation(remoteEndpoints.reviseReport, { invalidates: all }),
  countersign: useEndpointMutation(remoteEndpoints.countersign, { invalidates: all }),
  saveReport: useEndpointMutation(remoteEndpoints.saveReport, { invalidates: all }),
  sign: useEndpointMutation(remoteEndpoints.signReport, { invalidates: all }),
});

export const useRemoteSettings = () => useEndpointQuery(remoteEndpoints.settings, {}, { select: (r) => r.data });

export const useSaveRemoteSettings = () =>
  useEndpointMutation(remoteEndpoints.saveSettings, { invalidates: [remoteEndpoints.settings] });
