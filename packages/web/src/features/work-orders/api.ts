import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HandleStateInput, Page, ReferralListInput } from '@rehab/shared';
import { api } from '../../lib/api';

/** One work order as the lists answer it (POST /sys/referral/*). */
export type OrderRow = {
  id: number;
  patientId: number;
  treatmentId: number;
  projectId: number;
  treatDate: string;
  seq: number;
  status: 1 | 2 | 3 | 4;
  signed: boolean;
  photographed: boolean;
  completedAt: string | null;
  checkedInAt: string | null;
  invalidReason: string | null;
  remark: string | null;
  therapistId: number | null;
  teamId: number | null;
  authorizedTherapistId: number | null;
  authorizedTeamId: number | null;
  authorizerId: number | null;
  executorId: number | null;
  patientName: string;
  sex: number;
  phone: string;
  bedNumber: string | null;
  cardNo: string;
  patientType: number;
  projectName: string;
  frequency: string;
  duration: number;
  treatedTimes: number;
  totalTimes: number;
  execOfficeName: string;
  equipmentName: string | null;
  therapistName: string | null;
  treatmentTeamName: string | null;
  authorizedTherapistName: string | null;
  authorizedTeamName: string | null;
  authorizerName: string | null;
  executorName: string | null;
  treatRecord: string | null;
  equipmentId: number | null;
};

export type OrderHistory = {
  id: number;
  action: string;
  fromStatus: number | null;
  toStatus: number;
  reason: string | null;
  fileId: number | null;
  actorName: string | null;
  at: string;
};
export type OrderFile = {
  id: number;
  kind: 1 | 2;
  mime: string;
  size: number;
  withdrawnAt: string | null;
  createdAt: string;
  createdByName: string | null;
};
export type OrderDetail = OrderRow & { history: OrderHistory[]; files: OrderFile[] };
export type Team = { id: number; name: string; therapists: { id: number; name: string }[] };
export type Option = { id: number; name: string };

export const orderKeys = { all: ['work-orders'] as const };

/** A paged order list of one of the list calls. */
export function useOrderPage(url: string, body: Record<string, unknown>, enabled = true) {
  return useQuery({
    queryKey: [...orderKeys.all, url, body],
    queryFn: async () => (await api.post<{ data: Page<OrderRow> }>(`/sys/referral/${url}`, body)).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useOrderDetail(id: number) {
  return useQuery({
    queryKey: [...orderKeys.all, 'info', id],
    queryFn: async () => (await api.get<{ data: OrderDetail }>(`/sys/referral/info/${id}`)).data,
    enabled: id > 0,
  });
}

export function useTeams(enabled: boolean) {
  return useQuery({
    queryKey: [...orderKeys.all, 'teams'],
    queryFn: async () => (await api.post<{ data: Team[] }>('/sys/referral/getTreatmentTeamAndTherapists')).data,
    enabled,
    staleTime: 60_000,
  });
}

export function useSelectList(url: string, body: Record<string, unknown> = {}, enabled = true) {
  return useQuery({
    queryKey: [...orderKeys.all, 'select', url, body],
    queryFn: async () => (await api.post<{ data: Option[] }>(`/sys/referral/${url}`, body)).data,
    enabled,
    staleTime: 30_000,
  });
}

function useOrderMutation<V, R = unknown>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

export const useHandleState = () =>
  useOrderMutation((v: HandleStateInput) => api.put<{ data: { count: number } }>('/sys/referral/handleState', v));
export const useRemark = () =>
  useOrderMutation((v: { id: number; remark: string }) => api.put('/sys/referral/updateReferralRemark', v));
/** Option lists of the filters: queryComboBox (1 projects, 2 patients, 3 equipment, 4 therapists). */
export function useComboBox(type: 1 | 2 | 3 | 4, enabled = true) {
  return useQuery({
    queryKey: [...orderKeys.all, 'combo', type],
    queryFn: async () => (await api.post<{ data: Option[] }>('/sys/referral/queryComboBox', { type })).data,
    enabled,
    staleTime: 30_000,
  });
}
/** GET querySelectTh (type 1 every therapist, 2 those with orders today) or querySelectDoctor. */
export function useStaffSelect(who: 'Th' | 'Doctor', type: 1 | 2, enabled = true) {
  return useQuery({
    queryKey: [...orderKeys.all, 'staff', who, type],
    queryFn: async () => (await api.get<{ data: Option[] }>(`/sys/referral/querySelect${who}?type=${type}`)).data,
    enabled,
    staleTime: 60_000,
  });
}
export const useTreatmentEquipment = () =>
  useOrderMutation((v: { id: number; equipmentId: number | null }) => api.post('/sys/referral/TreatmentEquipment', v));
export const useTreatRecord = () =>
  useOrderMutation((v: { id: number; record: string }) => api.post('/sys/referral/editTreatRecord', v));
/** createReferralByExecutiveCode: today's orders of the scanned project (one created when it had none). */
export const useExecutiveCode = () =>
  useOrderMutation(
    async (v: { code: string }) =>
      (
        await api.post<{ data: { created: boolean; executiveCode: string; list: OrderRow[] } }>(
          '/sys/recoveryproject/createReferralByExecutiveCode',
          v,
        )
      ).data,
  );
export const useCheckIn = () => useOrderMutation((v: { ids: number[] }) => api.post('/sys/referral/checkIn', v));
export const useUpload = () =>
  useOrderMutation((v: { ids: number[]; kind: 1 | 2; file: Blob; name: string }) =>
    uploadConfirmation(v.ids, v.kind, v.file, v.name),
  );

/** PUT /sys/referral/uploadReferralConfirmation (multipart): signature (kind 1) or photo (kind 2). */
export async function uploadConfirmation(ids: number[], kind: 1 | 2, file: Blob, name: string) {
  const form = new FormData();
  form.append('file', file, name);
  return api.upload('/sys/referral/uploadReferralConfirmation', form, {
    method: 'PUT',
    query: { ids: ids.join(','), kind },
  });
}

/** A signature or photo as an object URL (the token travels as a header). */
export async function fileObjectUrl(id: number) {
  return URL.createObjectURL((await api.download(`/sys/referral/file/${id}`)).blob);
}

/** An Excel export of the server (exportReferralByPatient, exportIncompleteReferral), saved under a readable name. */
export async function downloadExport(url: string, body: ReferralListInput, fileName: string) {
  const { blob } = await api.download(`/sys/referral/${url}`, { method: 'POST', body });
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
