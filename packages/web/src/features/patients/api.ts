import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page, PatientPageQuery, PatientRegisterInput, ProjectInput } from '@rehab/shared';
import { api, request } from '../../lib/api';
import { useSession } from '../../lib/session';

/** One course row of the patient list (POST /sys/patient/queryOutPatientPage). */
export type PatientRow = {
  patientId: number;
  treatmentId: number;
  name: string;
  sex: number;
  birthday: string | null;
  age: number | null;
  idNumber: string | null;
  phone: string;
  patientType: number;
  status: number;
  outpatientNo: string | null;
  inpatientNo: string | null;
  bedNo: string | null;
  officeId: number;
  officeName: string;
  diseaseName: string;
  functioningName: string;
  doctorName: string | null;
  therapistName: string | null;
  registerTime: string;
  endTime: string | null;
  dischargeTime: string | null;
  projectCount: number;
  unassignedCount: number;
};

export type Course = PatientRow & Record<string, unknown> & { id: number };

export type PatientDetail = Record<string, unknown> & {
  id: number;
  name: string;
  sex: number;
  age: number | null;
  idNumber: string | null;
  phone: string;
  courses: Course[];
};

export type ProjectRow = {
  id: number;
  name: string;
  status: number;
  frequency: string;
  times: number;
  totalTimes: number;
  treatedTimes: number;
  quantity: number;
  unitName: string | null;
  duration: number;
  unitPrice: number;
  totalPrice: number;
  totalDosage: number;
  dailyTotalDosage: number;
  shortLong: number;
  bedside: boolean;
  workdaySetting: number;
  therapistId: number | null;
  therapistName: string | null;
  teamId: number | null;
  teamName: string | null;
  templateId: number | null;
  execOfficeId: number;
  execOfficeName: string;
  equipmentName: string | null;
  linkName: string | null;
  linkPrice: number | null;
  linkMethod: number | null;
  comboName: string | null;
  patientId: number;
  treatmentId: number;
  createdAt: string;
  disabledAt: string | null;
};

export type TemplateOption = {
  id: number;
  name: string;
  unitPrice: number;
  unitName: string | null;
  duration: number;
  frequency: string;
  times: number;
  shortLong: number;
  bedside: boolean;
  equipmentId: number | null;
  linkName: string | null;
  linkPrice: number | null;
  linkMethod: number | null;
};

export type ComboRow = {
  id: number;
  name: string;
  items: (TemplateOption & { templateId: number; quantity: number })[];
};
export type Option = { id: number; name: string; code?: string | null };

const KEY = 'patients';

export function usePatientList(params: PatientPageQuery) {
  const { organization } = useSession();
  return useQuery({
    queryKey: [KEY, 'list', organization?.id, params],
    queryFn: async () => (await api.post<{ data: Page<PatientRow> }>('/sys/patient/queryOutPatientPage', params)).data,
    placeholderData: keepPreviousData,
  });
}

/** Every row of a filtered list, page by page (the Excel export). */
export async function fetchAllPatients(params: PatientPageQuery, max = 10_000): Promise<PatientRow[]> {
  const rows: PatientRow[] = [];
  for (let page = 1; rows.length < max; page++) {
    const res = await api.post<{ data: Page<PatientRow> }>('/sys/patient/queryOutPatientPage', {
      ...params,
      page,
      limit: 1000,
    });
    rows.push(...res.data.list);
    if (page >= res.data.totalPage) break;
  }
  return rows;
}

export function usePatient(id: number) {
  return useQuery({
    queryKey: [KEY, 'detail', id],
    queryFn: async () => (await api.get<{ data: PatientDetail }>(`/sys/patient/outPatient/${id}`)).data,
  });
}

export function useProjects(patientId: number, treatmentId: number) {
  return useQuery({
    queryKey: [KEY, 'projects', treatmentId],
    queryFn: async () =>
      (
        await api.post<{ data: ProjectRow[] }>('/sys/treatment/queryRecipeDetail', {
          patientId,
          treatmentId,
          type: 2,
        })
      ).data,
    enabled: treatmentId > 0,
  });
}

export function useProject(id: number) {
  return useQuery({
    queryKey: [KEY, 'project', id],
    queryFn: async () => (await api.get<{ data: ProjectRow }>(`/sys/treatment/project/${id}`)).data,
  });
}

export function useStaff() {
  const { organization } = useSession();
  return useQuery({
    queryKey: [KEY, 'staff', organization?.id],
    queryFn: async () =>
      (
        await api.get<{ data: { therapists: Option[]; doctors: Option[]; offices: Option[]; teams: Option[] } }>(
          '/sys/patient/staff',
        )
      ).data,
    staleTime: 60_000,
  });
}

export function useTemplates() {
  const { organization } = useSession();
  return useQuery({
    queryKey: [KEY, 'templates', organization?.id],
    queryFn: async () => (await api.get<{ data: TemplateOption[] }>('/sys/projecttemplate/selectBox')).data,
    staleTime: 60_000,
  });
}

export function useCombos(enabled: boolean) {
  const { organization } = useSession();
  return useQuery({
    queryKey: [KEY, 'combos', organization?.id],
    queryFn: async () =>
      (await api.post<{ data: Page<ComboRow> }>('/sys/comboTemplate/pageInfo', { page: 1, limit: 999 })).data.list,
    enabled,
  });
}

/** Disease or function diagnosis search (50 rows, spec section 9). */
export function useDiagnosisSearch(kind: 'disease' | 'functioning', keyword: string) {
  const { organization } = useSession();
  const url = kind === 'disease' ? '/sys/diseases/getDiseaseList' : '/sys/functioning/getFunctioningList';
  return useQuery({
    queryKey: [KEY, kind, organization?.id, keyword],
    queryFn: async () => (await api.post<{ data: Option[] }>(url, { keyword: keyword || undefined })).data,
    placeholderData: keepPreviousData,
  });
}

/** A mutation that refreshes every patient query when it succeeds. */
function usePatientMutation<V, R = unknown>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: [KEY] }) });
}

export const useRegister = () =>
  usePatientMutation(
    async (v: PatientRegisterInput) =>
      (await api.post<{ data: { patientId: number; treatmentId: number } }>('/sys/patient/saveOutPatient', v)).data,
  );
export const useUpdatePatient = () =>
  usePatientMutation((v: PatientRegisterInput & { id: number; treatmentId: number }) =>
    api.post('/sys/patient/updateOutPatient', v),
  );
export const useCourseAction = () =>
  usePatientMutation(
    ({
      action,
      ...body
    }: {
      action: 'cancelRegister' | 'endTreatment' | 'discharge';
      treatmentId: number;
      dischargeTime?: string;
    }) => api.post(`/sys/patient/${action}`, body),
  );
export const useReopen = () =>
  usePatientMutation(
    async (v: { patientId: number; basedOnId: number }) =>
      (await api.post<{ data: { patientId: number; treatmentId: number } }>('/sys/patient/registerOutPatient', v)).data,
  );
export const usePrescribe = () =>
  usePatientMutation((v: { treatmentId: number; projects: ProjectInput[] }) => api.post('/sys/treatment/savRecipe', v));
export const useProjectStatus = () =>
  usePatientMutation(({ ids, status }: { ids: number[]; status: 'end' | 'disable' }) =>
    api.post(status === 'end' ? '/sys/treatment/endProjects' : '/sys/treatment/disableProjects', { ids }),
  );
export const useAssign = () =>
  usePatientMutation((v: { ids: number[]; therapistId?: number; teamId?: number }) =>
    api.post('/sys/treatment/assignTherapist', v),
  );

/** The treatment card PDF, opened in a new tab (the token travels as a header, so fetch it as a blob). */
export async function openTreatmentCard(treatmentId: number) {
  const win = window.open('', '_blank');
  const file = await api.download(`/sys/patient/treatmentCard/${treatmentId}`).catch((error: unknown) => {
    win?.close();
    throw error;
  });
  const url = URL.createObjectURL(file.blob);
  if (win) win.location.href = url;
  else window.location.href = url;
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return url;
}

export { request };
