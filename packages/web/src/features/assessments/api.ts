import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AssessAttachment,
  AssessListType,
  AssessPatientReport,
  AssessProjectInfo,
  AssessProjectRow,
  AssessSaveInput,
  MethodScaleEntry,
  Page,
} from '@rehab/shared';
import { api, request } from '../../lib/api';

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

/** POST /sys/assess/list */
export const useAssessList = (q: AssessListQuery) =>
  useQuery({
    queryKey: ['assess', 'list', q],
    queryFn: async () => (await api.post<{ data: Page<AssessProjectRow> }>('/sys/assess/list', q)).data,
    placeholderData: keepPreviousData,
  });

/** GET /sys/assess/info/:id: the project with its draft or submitted record and attachments. */
export const useAssessInfo = (id: number) =>
  useQuery({
    queryKey: ['assess', 'info', id],
    queryFn: async () => (await api.get<{ data: AssessProjectInfo }>(`/sys/assess/info/${id}`)).data,
    enabled: id > 0,
    retry: false,
  });

export type AssessCourse = {
  treatmentId: number;
  status: number;
  patientType: number;
  patientId: number;
  patientName: string;
  sex: number;
  age: number | null;
};

export const useAssessCourse = (treatmentId: number) =>
  useQuery({
    queryKey: ['assess', 'course', treatmentId],
    queryFn: async () => (await api.get<{ data: AssessCourse }>(`/sys/assess/course/${treatmentId}`)).data,
    enabled: treatmentId > 0,
    retry: false,
  });

export const useEvaluators = () =>
  useQuery({
    queryKey: ['assess', 'evaluators'],
    queryFn: async () => (await api.get<{ data: { id: number; name: string }[] }>('/sys/assess/evaluators')).data,
    staleTime: 60_000,
  });

/** The organization's enabled methods, those of a phase when given. */
export const usePhaseMethods = (phase?: number) =>
  useQuery({
    queryKey: ['methods', 'scales', phase ?? 0],
    queryFn: async () =>
      (await api.get<{ data: MethodScaleEntry[] }>('/sys/method/getScaleByOrganizationId', { phase })).data,
    staleTime: 30_000,
  });

export const usePatientReport = (patientId: number) =>
  useQuery({
    queryKey: ['assess', 'patientReport', patientId],
    queryFn: async () => (await api.get<{ data: AssessPatientReport }>(`/sys/assess/patientReport/${patientId}`)).data,
    enabled: patientId > 0,
    retry: false,
  });

/** Mutations refresh every assessment query (lists, info, the home card count). */
function useAssessMutation<V>(fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['assess'] });
      void qc.invalidateQueries({ queryKey: ['home-counts'] });
    },
  });
}

export const useCreateAssessments = () =>
  useAssessMutation((v: AssessSaveInput) => api.post<{ data: { ids: number[] } }>('/sys/assess/save', v));
export const useEndAssessment = () => useAssessMutation((id: number) => api.post('/sys/assess/end', { id }));
export const useCancelAssessment = () => useAssessMutation((id: number) => api.post('/sys/assess/cancel', { id }));
export const useAuthorizeAssessment = () =>
  useAssessMutation((v: { id: number; evaluatorId: number }) => api.post('/sys/assess/authorize', v));

export type RecordResult = {
  id: number;
  status: number;
  total: number | null;
  band: { min: number; max: number; labelZh: string; labelEn: string } | null;
};
export const useStoreTemporarily = () =>
  useAssessMutation(
    async (v: { id: number; answers: Record<string, string | number> }) =>
      (await api.post<{ data: RecordResult }>('/sys/assess/storeTemporarily', v)).data,
  );
export const useSubmitAssessment = () =>
  useAssessMutation(
    async (v: { id: number; answers: Record<string, string | number> }) =>
      (await api.post<{ data: RecordResult }>('/sys/assess/submit', v)).data,
  );

export const useDeleteAttachment = () =>
  useAssessMutation((id: number) => api.post(`/sys/assess/attachment/delete/${id}`));

/** A file answer of the API (the token travels as a header, so downloads are fetched as blobs). */
export async function fetchFile(path: string): Promise<Blob> {
  return (await api.download(path)).blob;
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
  saveBlob(await fetchFile(`/sys/assess/report/${p.id}`), reportFileName(p));
}

export async function downloadAttachment(f: AssessAttachment) {
  saveBlob(await fetchFile(`/sys/assess/attachment/${f.id}`), f.name);
}

/** POST /sys/assess/attachment/upload/:id (multipart). */
export function useUploadAttachment(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api.upload(`/sys/assess/attachment/upload/${projectId}`, form);
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['assess', 'info', projectId] }),
  });
}

export { request };
