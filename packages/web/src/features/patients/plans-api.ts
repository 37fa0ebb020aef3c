import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CaseTemplateSaveInput, LinkageSaveInput, Page, PrescriptionTemplateSaveInput } from '@rehab/shared';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';
import type { TemplateOption } from './api';

/** A project linkage: the project templates recommended for a disease, a function diagnosis or both. */
export type LinkageRow = {
  id: number;
  diseaseId: number | null;
  diseaseName: string | null;
  functioningId: number | null;
  functioningName: string | null;
  remark: string | null;
  projects: { templateId: number; name: string }[];
};

export type RecommendedProject = TemplateOption & {
  templateId: number;
  basis: 'both' | 'disease' | 'functioning';
  inProgress: boolean;
};

export type RecommendedPlan = {
  patientId: number;
  treatmentId: number;
  courseActive: boolean;
  diseaseName: string;
  functioningName: string;
  officeId: number;
  projects: RecommendedProject[];
};

export type CaseTemplateRow = {
  id: number;
  name: string;
  chiefComplaint: string | null;
  diseaseId: number | null;
  diseaseName: string | null;
  functioningId: number | null;
  functioningName: string | null;
  tcmDiagnosis: string | null;
  specialNotes: string | null;
  updatedAt: string;
};

export type PrescriptionTemplateRow = {
  id: number;
  name: string;
  remark: string | null;
  updatedAt: string;
  items: (TemplateOption & { templateId: number; quantity: number })[];
};

const KEY = 'patient-plans';

/** A mutation that refreshes the plan queries (and the patients', whose courses a template may change). */
function usePlanMutation<V, R = unknown>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: [KEY] });
      await client.invalidateQueries({ queryKey: ['patients'] });
    },
  });
}

export function useLinkages(params: { diseaseId?: number; functioningId?: number }, page: number, limit: number) {
  const { organization } = useSession();
  return useQuery({
    queryKey: [KEY, 'linkages', organization?.id, params, page, limit],
    queryFn: async () =>
      (await api.post<{ data: Page<LinkageRow> }>('/sys/projectLinkage/list', { ...params, page, limit })).data,
    placeholderData: keepPreviousData,
  });
}

export const useSaveLinkage = () =>
  usePlanMutation(
    async (v: LinkageSaveInput) => (await api.post<{ data: LinkageRow }>('/sys/projectLinkage/save', v)).data,
  );
export const useDeleteLinkages = () =>
  usePlanMutation((ids: number[]) => api.post('/sys/projectLinkage/delete', { ids }));

export function useRecommendedPlan(patientId: number, treatmentId: number) {
  return useQuery({
    // under the patient queries: prescribing refreshes what is in progress
    queryKey: ['patients', 'recommend', patientId, treatmentId],
    queryFn: async () =>
      (await api.post<{ data: RecommendedPlan }>('/sys/patient/recommendPlan', { patientId, treatmentId })).data,
  });
}

/** Case templates (the spec's dictionary list fetches them with page 1, limit 9999). */
export function useCaseTemplates(enabled = true) {
  const { organization } = useSession();
  return useQuery({
    queryKey: [KEY, 'cases', organization?.id],
    queryFn: async () =>
      (await api.post<{ data: Page<CaseTemplateRow> }>('/sys/casetemplate/list', { page: 1, limit: 9999 })).data.list,
    enabled,
  });
}

export function usePrescriptionTemplates(enabled = true) {
  const { organization } = useSession();
  return useQuery({
    queryKey: [KEY, 'prescriptions', organization?.id],
    queryFn: async () =>
      (
        await api.post<{ data: Page<PrescriptionTemplateRow> }>('/sys/prescriptiontemplate/list', {
          page: 1,
          limit: 9999,
        })
      ).data.list,
    enabled,
  });
}

export const useSaveCaseTemplate = () =>
  usePlanMutation(async (v: CaseTemplateSaveInput) => (await api.post('/sys/casetemplate/save', v)) as unknown);
export const useDeleteCaseTemplates = () =>
  usePlanMutation((ids: number[]) => api.post('/sys/casetemplate/delete', { ids }));
export const useApplyCaseTemplate = () =>
  usePlanMutation((v: { id: number; treatmentId: number }) => api.post('/sys/casetemplate/apply', v));
export const useSavePrescriptionTemplate = () =>
  usePlanMutation((v: PrescriptionTemplateSaveInput) => api.post('/sys/prescriptiontemplate/save', v));
export const useDeletePrescriptionTemplates = () =>
  usePlanMutation((ids: number[]) => api.post('/sys/prescriptiontemplate/delete', { ids }));
