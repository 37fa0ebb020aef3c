import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MeetingInfo, MeetingListRow, MeetingSaveInput, MeetingUpdateInput, Page } from '@rehab/shared';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';

const KEY = 'meetings';

export type MeetingListParams = { userType: number; keyword?: string; status?: number; page: number; limit: number };
export type MeetingPatientOption = {
  patientId: number;
  treatmentId: number;
  name: string;
  sex: number;
  inpatientNo: string | null;
  outpatientNo: string | null;
  bedNo: string | null;
};
export type StaffOption = { id: number; name: string };

/** POST /sys/meeting/list: one page of meetings of the chosen list (all, I host, I take part, I applied). */
export function useMeetingList(params: MeetingListParams) {
  const { organization } = useSession();
  return useQuery({
    queryKey: [KEY, 'list', organization?.id, params],
    queryFn: async () => (await api.post<{ data: Page<MeetingListRow> }>('/sys/meeting/list', params)).data,
    placeholderData: keepPreviousData,
  });
}

/** GET /sys/meeting/info/:id */
export function useMeetingInfo(id: number | null) {
  return useQuery({
    queryKey: [KEY, 'info', id],
    queryFn: async () => (await api.get<{ data: MeetingInfo }>(`/sys/meeting/info/${id}`)).data,
    enabled: id !== null,
    retry: false,
  });
}

export function useMeetingStaff() {
  const { organization } = useSession();
  return useQuery({
    queryKey: [KEY, 'staff', organization?.id],
    queryFn: async () => (await api.get<{ data: StaffOption[] }>('/sys/meeting/staff')).data,
    staleTime: 60_000,
  });
}

export function useMeetingPatients(keyword: string, enabled: boolean) {
  const { organization } = useSession();
  return useQuery({
    queryKey: [KEY, 'patients', organization?.id, keyword],
    queryFn: async () =>
      (await api.post<{ data: MeetingPatientOption[] }>('/sys/meeting/patients', keyword ? { keyword } : {})).data,
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Every change of a meeting: the call and its body; lists and the detail refresh afterwards. */
export type MeetingChange =
  | { call: 'save'; body: MeetingSaveInput }
  | { call: 'update'; body: MeetingUpdateInput }
  | { call: 'cancel'; body: { id: number; reason?: string } }
  | { call: 'confirm'; body: { id: number } }
  | { call: 'leave'; body: { id: number; reason: string } }
  | { call: 'presence'; body: { id: number; records: { userId: number; present: boolean }[] } }
  | { call: 'saveReport' | 'submitReport'; body: { id: number; content: string } }
  | { call: 'review'; body: { id: number; approve: boolean; opinion?: string } };

export function useMeetingChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: MeetingChange) =>
      (await api.post<{ data?: { id: number } }>(`/sys/meeting/${change.call}`, change.body)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: [KEY] }),
  });
}
