import { keepPreviousData, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import {
  patientsEndpoints,
  prescriptionsEndpoints,
  type ComboSaveInput,
  type Endpoint,
  type EndpointInput,
  type EndpointResponse,
  type PatientPageQuery,
  type PatientRegisterInput,
  type PrescriptionPageQuery,
  type ProjectInput,
} from '@rehab/shared';
import {
  callEndpoint,
  downloadEndpoint,
  invalidateEndpoints,
  useEndpointQuery,
  type Invalidates,
} from '../../lib/endpoints';

export type { ComboRow, Course, PatientDetail, PatientRow, PrescriptionRow, ProjectRow } from '@rehab/shared';

const e = patientsEndpoints;

/**
 * The queries a change to a patient, a course or a project can show in: every call under /sys/patient (list, detail,
 * visits, recommended plan) and /sys/treatment (projects, prescriptions).
 */
export const PATIENT_QUERIES: readonly QueryKey[] = [
  ['sys', 'patient'],
  ['sys', 'treatment'],
];

/** A page endpoint: a page query in, `{ data: Page<row> }` out. */
type PageEndpoint = Endpoint & { body: NonNullable<Endpoint['body']> };
type RowOf<E extends PageEndpoint> = EndpointResponse<E> extends { data: { list: (infer R)[] } } ? R : never;

/** Every row of a filtered list, page by page of 1000 (the Excel exports), at most `max`. */
export async function fetchAllPages<E extends PageEndpoint>(
  endpoint: E,
  filter: Omit<EndpointInput<E>['body'], 'page' | 'limit'>,
  max = 10_000,
): Promise<RowOf<E>[]> {
  const rows: RowOf<E>[] = [];
  for (let page = 1; rows.length < max; page++) {
    // the generic endpoint hides its input and answer types from the compiler: they are the page's
    const answer = await callEndpoint(endpoint, { body: { ...filter, page, limit: 1000 } } as never);
    const { list, totalPage } = (answer as unknown as { data: { list: RowOf<E>[]; totalPage: number } }).data;
    rows.push(...list);
    if (page >= totalPage) break;
  }
  return rows;
}

export const usePatientList = (params: PatientPageQuery) =>
  useEndpointQuery(e.page, { body: params }, { select: (r) => r.data, placeholderData: keepPreviousData });

/** Every row of a filtered patient list (the Excel export). */
export const fetchAllPatients = (params: PatientPageQuery) => fetchAllPages(e.page, params);

export const usePatient = (id: number) => useEndpointQuery(e.info, { params: { id } }, { select: (r) => r.data });

export const useProjects = (patientId: number, treatmentId: number) =>
  useEndpointQuery(
    e.projects,
    { body: { patientId, treatmentId, type: 2 } },
    { select: (r) => r.data, enabled: treatmentId > 0 },
  );

export const useProject = (id: number) => useEndpointQuery(e.project, { params: { id } }, { select: (r) => r.data });

export const useStaff = () => useEndpointQuery(e.staff, {}, { select: (r) => r.data, staleTime: 60_000 });

export const useTemplates = () => useEndpointQuery(e.templateOptions, {}, { select: (r) => r.data, staleTime: 60_000 });

export const useCombos = (enabled: boolean) =>
  useEndpointQuery(e.comboPage, { body: { page: 1, limit: 999 } }, { select: (r) => r.data.list, enabled });

/** One page of the combo templates (/maintainTreat/comboTemplate). */
export const useComboPage = (name: string | undefined, page: number, limit: number) =>
  useEndpointQuery(
    e.comboPage,
    { body: { name, page, limit } },
    { select: (r) => r.data, placeholderData: keepPreviousData },
  );
export const useSaveCombo = () =>
  usePatientMutation((body: ComboSaveInput) => callEndpoint(e.comboSave, { body }), [e.comboPage]);
export const useDeleteCombos = () =>
  usePatientMutation((ids: number[]) => callEndpoint(e.comboDelete, { body: { ids } }), [e.comboPage]);

/** One page of the prescribed projects (/mypatient/prescription/manage). */
export const usePrescriptionList = (query: PrescriptionPageQuery) =>
  useEndpointQuery(
    prescriptionsEndpoints.page,
    { body: query },
    { select: (r) => r.data, placeholderData: keepPreviousData },
  );

/** Disease or function diagnosis search (50 rows, spec section 9). */
export const useDiagnosisSearch = (kind: 'disease' | 'functioning', keyword: string) =>
  useEndpointQuery(
    kind === 'disease' ? e.diseaseSearch : e.functioningSearch,
    { body: { keyword: keyword || undefined } },
    { select: (r) => r.data, placeholderData: keepPreviousData },
  );

/** A mutation that refreshes the given queries (every patient query by default) when it succeeds. */
export function usePatientMutation<V, R = unknown>(
  fn: (v: V) => Promise<R>,
  invalidates: Invalidates = PATIENT_QUERIES,
) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => invalidateEndpoints(client, invalidates) });
}

export const useRegister = () =>
  usePatientMutation(async (body: PatientRegisterInput) => (await callEndpoint(e.register, { body })).data);
export const useUpdatePatient = () =>
  usePatientMutation((body: PatientRegisterInput & { id: number; treatmentId: number }) =>
    callEndpoint(e.update, { body }),
  );

export type CourseAction =
  | { action: 'cancelRegister' | 'endTreatment'; treatmentId: number }
  | { action: 'discharge'; treatmentId: number; dischargeTime: string };
export const useCourseAction = () =>
  usePatientMutation(({ action, ...body }: CourseAction) =>
    'dischargeTime' in body
      ? callEndpoint(e.discharge, { body })
      : callEndpoint(action === 'cancelRegister' ? e.cancelRegistration : e.endCourse, { body }),
  );
export const useReopen = () =>
  usePatientMutation(
    async (body: { patientId: number; basedOnId: number }) => (await callEndpoint(e.reopen, { body })).data,
  );
export const usePrescribe = () =>
  usePatientMutation((body: { treatmentId: number; projects: ProjectInput[] }) => callEndpoint(e.prescribe, { body }));
export const useProjectStatus = () =>
  usePatientMutation(({ ids, status }: { ids: number[]; status: 'end' | 'disable' }) =>
    callEndpoint(status === 'end' ? e.endProjects : e.disableProjects, { body: { ids } }),
  );
export const useAssign = () =>
  usePatientMutation((body: { ids: number[]; therapistId?: number; teamId?: number }) =>
    callEndpoint(e.assignTherapist, { body }),
  );

/** The treatment card PDF, opened in a new tab (the token travels as a header, so fetch it as a blob). */
export async function openTreatmentCard(treatmentId: number) {
  const win = window.open('', '_blank');
  const file = await downloadEndpoint(e.treatmentCard, { params: { id: treatmentId } }).catch((error: unknown) => {
    win?.close();
    throw error;
  });
  const url = URL.createObjectURL(file.blob);
  if (win) win.location.href = url;
  else window.location.href = url;
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return url;
}
