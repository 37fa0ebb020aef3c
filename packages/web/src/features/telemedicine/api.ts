import { keepPreviousData } from '@tanstack/react-query';
import { remoteEndpoints, type EndpointInput, type ProposalKind } from '@rehab/shared';
import { downloadEndpoint, useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';
import { saveFile } from '../../lib/export-excel';

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

export const useCallInfo = (id: number) =>
  useEndpointQuery(remoteEndpoints.callInfo, { params: { id } }, { select: (r) => r.data, enabled: id > 0 });

export const useCallIce = (id: number, enabled: boolean) =>
  useEndpointQuery(remoteEndpoints.callIce, { params: { id } }, { select: (r) => r.data, enabled, staleTime: 0 });

/** Joining, admitting and leaving change the call and (the expert's join starts it) the consultation. */
export const useCallSteps = () => ({
  join: useEndpointMutation(remoteEndpoints.callJoin, { invalidates: all }),
  admit: useEndpointMutation(remoteEndpoints.callAdmit, { invalidates: all }),
  leave: useEndpointMutation(remoteEndpoints.callLeave, { invalidates: all }),
});

/** The expert's proposals of one kind on a consultation, and what the reader may do with them. */
export const useProposals = (id: number, kind: ProposalKind) =>
  useEndpointQuery(
    remoteEndpoints.proposals,
    { params: { id }, query: { kind } },
    { select: (r) => r.data, enabled: id > 0, retry: false },
  );

/** The inviting organization's templates or methods the expert proposes from. */
export const useProposalCatalogue = (id: number, kind: ProposalKind, enabled: boolean) =>
  useEndpointQuery(
    remoteEndpoints.proposalCatalogue,
    { params: { id }, query: { kind } },
    { select: (r) => r.data, enabled: enabled && id > 0 },
  );

/** Proposing, withdrawing, accepting (which writes the patient's course) and declining. */
export const useProposalSteps = () => {
  const proposals = { invalidates: [remoteEndpoints.proposals] };
  const course = { invalidates: [remoteEndpoints.proposals, ['sys', 'treatment'], ['sys', 'assess']] };
  return {
    propose: useEndpointMutation(remoteEndpoints.propose, proposals),
    withdraw: useEndpointMutation(remoteEndpoints.withdrawProposal, proposals),
    accept: useEndpointMutation(remoteEndpoints.acceptProposal, course),
    decline: useEndpointMutation(remoteEndpoints.declineProposal, proposals),
  };
};

/**
 * The report as a PDF (the version in force, or the unsigned draft marked so), saved under the server's name
 * (会诊报告-<id>-v<n>.pdf in Chinese, consultation-report-<id>-v<n>.pdf in English).
 */
export async function downloadReportPdf(id: number) {
  const { blob, fileName } = await downloadEndpoint(remoteEndpoints.reportPdf, { params: { id } });
  saveFile(blob, fileName ?? `consultation-report-${id}.pdf`);
}
