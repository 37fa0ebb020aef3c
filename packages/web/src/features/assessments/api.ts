import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  assessmentsEndpoints,
  dashboardEndpoints,
  methodsEndpoints,
  type AssessAttachment,
  type AssessListType,
  type AssessSaveInput,
} from '@rehab/shared';
import { callEndpoint, downloadEndpoint, endpointKey, uploadEndpoint, useEndpointQuery } from '../../lib/endpoints';

const assess = assessmentsEndpoints;
/** Every query of the assessments module (lists, projects, courses, evaluators, patient reports). */
const ASSESS = ['sys', 'assess'];

export type AssessListQuery = {
  type: AssessListType;
  page: number;
  limit: number;
  keyword?: string;
  status?: number;
  phase?: number;
  treatmentId?: number;
  patientId?: number;
  unfinished?: boolean;
};

export const useAssessList = (q: AssessListQuery) =>
  useEndpointQuery(assess.list, { body: q }, { select: (r) => r.data, placeholderData: keepPreviousData });

/** The project with its draft or submitted record and attachments. */
export const useAssessInfo = (id: number) =>
  useEndpointQuery(assess.info, { params: { id } }, { select: (r) => r.data, enabled: id > 0, retry: false });

export const useAssessCourse = (treatmentId: number) =>
  useEndpointQuery(
    assess.course,
    { params: { id: treatmentId } },
    { select: (r) => r.data, enabled: treatmentId > 0, retry: false },
  );

export const useEvaluators = () =>
  useEndpointQuery(assess.evaluators, {}, { select: (r) => r.data, staleTime: 60_000 });

/** The organization's enabled methods, those of a phase when given. */
export const usePhaseMethods = (phase?: number) =>
  useEndpointQuery(methodsEndpoints.scales, { query: { phase } }, { select: (r) => r.data, staleTime: 30_000 });

export const usePatientReport = (patientId: number) =>
  useEndpointQuery(
    assess.patientReport,
    { params: { patientId } },
    { select: (r) => r.data, enabled: patientId > 0, retry: false },
  );

/** Mutations refresh every assessment query (lists, info, the home card count). */
function useAssessMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ASSESS });
      void qc.invalidateQueries({ queryKey: endpointKey(dashboardEndpoints.info) });
    },
  });
}

export const useCreateAssessments = () =>
  useAssessMutation((v: AssessSaveInput) => callEndpoint(assess.save, { body: v }));
export const useEndAssessment = () => useAssessMutation((id: number) => callEndpoint(assess.end, { body: { id } }));
export const useCancelAssessment = () =>
  useAssessMutation((id: number) => callEndpoint(assess.cancel, { body: { id } }));
export const useAuthorizeAssessment = () =>
  useAssessMutation((v: { id: number; evaluatorId: number }) => callEndpoint(assess.authorize, { body: v }));

type Answers = { id: number; answers: Record<string, string | number>; assessedAt?: string };
export const useStoreTemporarily = () =>
  useAssessMutation(async (v: Answers) => (await callEndpoint(assess.storeTemporarily, { body: v })).data);
export const useSubmitAssessment = () =>
  useAssessMutation(async (v: Answers) => (await callEndpoint(assess.submit, { body: v })).data);

export const useDeleteAttachment = () =>
  useAssessMutation((id: number) => callEndpoint(assess.deleteAttachment, { params: { id } }));

/** The PDF report of a submitted assessment (the token travels as a header, so files are fetched as blobs). */
export async function fetchReport(id: number): Promise<Blob> {
  return (await downloadEndpoint(assess.report, { params: { id } })).blob;
}

/** Saves a blob under a file name (a download, not a new tab). */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const reportFileName = (p: { id: number; reportName: string }) =>
  `${p.reportName.replace(/[\\/:*?"<>|]/g, '_')}-${p.id}.pdf`;

export async function downloadReport(p: { id: number; reportName: string }) {
  saveBlob(await fetchReport(p.id), reportFileName(p));
}

/** A report attachment's bytes (previewed or saved). */
export async function fetchAttachment(f: Pick<AssessAttachment, 'id'>): Promise<Blob> {
  return (await downloadEndpoint(assess.attachment, { params: { id: f.id } })).blob;
}

export async function downloadAttachment(f: AssessAttachment) {
  saveBlob(await fetchAttachment(f), f.name);
}

/** One attachment (multipart); the project's detail refreshes. */
export function useUploadAttachment(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return uploadEndpoint(assess.uploadAttachment, { params: { id: projectId } }, form);
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: endpointKey(assess.info, { params: { id: projectId } }) }),
  });
}

/** The report's electronic signature, verified by the server against the record as it is now (issue 19). */
export const useReportSignature = (id: number, enabled: boolean) =>
  useEndpointQuery(assess.signature, { params: { id } }, { select: (r) => r.data, enabled: enabled && id > 0 });

/** Signs the report with the caller's CA certificate; the signature state refreshes with the other queries. */
export const useSignReport = () =>
  useAssessMutation(async (id: number) => (await callEndpoint(assess.sign, { params: { id } })).data);
