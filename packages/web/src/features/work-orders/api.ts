import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { workOrdersEndpoints, type EndpointInput, type HandleStateInput, type ReferralListInput } from '@rehab/shared';
import {
  callEndpoint,
  downloadEndpoint,
  invalidateEndpoints,
  uploadEndpoint,
  useEndpointQuery,
} from '../../lib/endpoints';
import { saveFile } from '../../lib/export-excel';

export type { OrderDetail, OrderFile, OrderHistory, OrderRow, OrderTeam as Team } from '@rehab/shared';
export type { OrderOption as Option } from '@rehab/shared';

const W = workOrdersEndpoints;

/** The list calls of orders (a page of `OrderRow`s) the order lists use. */
export type OrderPageEndpoint =
  | typeof W.list
  | typeof W.my
  | typeof W.doneByMe
  | typeof W.byPatient
  | typeof W.incomplete
  | typeof W.todayMaster
  | typeof W.todayDoctor
  | typeof W.todayTherapist;
/** The patient pickers of the order lists. */
export type PatientSelectEndpoint =
  | typeof W.incompletePatients
  | typeof W.completePatients
  | typeof W.overduePatients
  | typeof W.cancelPatients
  | typeof W.incompletePatientsUpToToday;
/** The project pickers of the order lists (optionally of one patient). */
export type ProjectSelectEndpoint = typeof W.projectsByPatient | typeof W.overdueProjects | typeof W.cancelProjects;
/** The Excel exports of the order lists. */
export type OrderExportEndpoint = typeof W.exportByPatient | typeof W.exportIncomplete | typeof W.exportMy;

/** Every work-order query: refreshed together after any change of an order. */
export const orderKeys = { all: [['sys', 'referral']] as const };

/** A paged order list of one of the list calls. */
export function useOrderPage(e: OrderPageEndpoint, body: Record<string, unknown>, enabled = true) {
  return useEndpointQuery(
    e as typeof W.list,
    { body: body as ReferralListInput },
    {
      select: (r) => r.data,
      placeholderData: keepPreviousData,
      enabled,
    },
  );
}

export function useOrderDetail(id: number) {
  return useEndpointQuery(W.info, { params: { id } }, { select: (r) => r.data, enabled: id > 0 });
}

export function useTeams(enabled: boolean) {
  return useEndpointQuery(W.teams, {}, { select: (r) => r.data, enabled, staleTime: 60_000 });
}

/** A patient picker's options. */
export function usePatientSelect(e: PatientSelectEndpoint | undefined, enabled = true) {
  return useEndpointQuery(
    e ?? W.incompletePatients,
    {},
    {
      select: (r) => r.data,
      enabled: enabled && Boolean(e),
      staleTime: 30_000,
    },
  );
}

/** A project picker's options (the patient's, when one is given). */
export function useProjectSelect(e: ProjectSelectEndpoint | undefined, patientId: number | undefined, enabled = true) {
  return useEndpointQuery(
    e ?? W.overdueProjects,
    { body: { patientId } },
    {
      select: (r) => r.data,
      enabled: enabled && Boolean(e),
      staleTime: 30_000,
    },
  );
}

function useOrderMutation<V, R = unknown>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => invalidateEndpoints(qc, orderKeys.all),
  });
}

export const useHandleState = () => useOrderMutation((v: HandleStateInput) => callEndpoint(W.handleState, { body: v }));
export const useRemark = () =>
  useOrderMutation((v: { id: number; remark: string }) => callEndpoint(W.remark, { body: v }));
/** Option lists of the filters: queryComboBox (1 projects, 2 patients, 3 equipment, 4 therapists). */
export function useComboBox(type: 1 | 2 | 3 | 4, enabled = true) {
  return useEndpointQuery(W.comboBox, { body: { type } }, { select: (r) => r.data, enabled, staleTime: 30_000 });
}
/** GET querySelectTh (type 1 every therapist, 2 those with orders today) or querySelectDoctor. */
export function useStaffSelect(who: 'Th' | 'Doctor', type: 1 | 2, enabled = true) {
  return useEndpointQuery(
    who === 'Th' ? W.therapistSelect : W.doctorSelect,
    { query: { type } },
    { select: (r) => r.data, enabled, staleTime: 60_000 },
  );
}
export const useTreatmentEquipment = () =>
  useOrderMutation((v: { id: number; equipmentId: number | null }) => callEndpoint(W.equipment, { body: v }));
export const useTreatRecord = () =>
  useOrderMutation((v: { id: number; record: string }) => callEndpoint(W.treatRecord, { body: v }));
/** createReferralByExecutiveCode: today's orders of the scanned project (one created when it had none). */
export const useExecutiveCode = () =>
  useOrderMutation(async (v: { code: string }) => (await callEndpoint(W.createByCode, { body: v })).data);
export const useCheckIn = () => useOrderMutation((v: { ids: number[] }) => callEndpoint(W.checkIn, { body: v }));
export const useUpload = () =>
  useOrderMutation((v: { ids: number[]; kind: 1 | 2; file: Blob; name: string }) =>
    uploadConfirmation(v.ids, v.kind, v.file, v.name),
  );

/** PUT /sys/referral/uploadReferralConfirmation (multipart): signature (kind 1) or photo (kind 2). */
export async function uploadConfirmation(ids: number[], kind: 1 | 2, file: Blob, name: string) {
  const form = new FormData();
  form.append('file', file, name);
  return uploadEndpoint(W.upload, { query: { ids: ids.join(','), kind } }, form);
}

/** A signature or photo as an object URL (the token travels as a header). */
export async function fileObjectUrl(id: number) {
  return URL.createObjectURL((await downloadEndpoint(W.file, { params: { id } })).blob);
}

/** An Excel export of the server (exportReferralByPatient, exportIncompleteReferral, exportMyReferral), saved under a readable name. */
export async function downloadExport(
  e: OrderExportEndpoint,
  body: EndpointInput<OrderExportEndpoint>['body'],
  fileName: string,
) {
  const { blob } = await downloadEndpoint(e, { body });
  saveFile(blob, fileName);
}
