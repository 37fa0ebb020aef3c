import { useEffect, useRef } from 'react';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { scheduleTopic, type Page, type ScheduleEntry, type ScheduleViewFilter } from '@rehab/shared';
import { api } from '../../lib/api';
import { useLiveTopic } from '../../lib/live-messages';
import { useSession } from '../../lib/session';

export type BoardSlot = { id: number; startTime: string; endTime: string; status: 'undo' | 'active' | 'done' };
export type BoardTherapist = {
  therapistId: number;
  therapistName: string;
  onLeave: boolean;
  leaveReason: string | null;
  substituteId: number | null;
  substituteName: string | null;
};
export type BoardBooking = {
  id: number;
  scheduleId: number;
  slotId: number | null;
  startTime: string;
  endTime: string;
  patientId: number;
  patientName: string;
  bedNumber: string | null;
  sex: number;
  projectName: string;
  equipmentId: number | null;
  equipmentName: string | null;
  therapistId: number;
  therapistName: string;
  treatmentTeamName: string | null;
  status: number;
};
export type OpenOrder = {
  workOrderId: number;
  patientId: number;
  patientName: string;
  bedNumber: string | null;
  sex: number;
  projectName: string;
  therapistId: number | null;
  therapistName: string | null;
  equipmentId: number | null;
  equipmentName: string | null;
};
export type Board = {
  date: string;
  today: string;
  slots: BoardSlot[];
  therapists: BoardTherapist[];
  list: BoardBooking[];
  unscheduled: OpenOrder[];
  unscheduledCount: number;
  sufficient: boolean;
};
export type Proposal = {
  workOrderId: number;
  slotId: number;
  startTime: string;
  endTime: string;
  therapistId: number;
  therapistName: string;
  equipmentId: number | null;
  equipmentName: string | null;
  patientId: number;
  patientName: string;
  projectName: string;
  date?: string;
};
export type Recommendation = {
  date: string;
  list: Proposal[];
  unplaced: {
    workOrderId: number;
    reason: 'noTherapist' | 'onLeave' | 'noFreeSlot';
    patientName: string;
    projectName: string;
  }[];
  sufficient: boolean;
};
export type BookingInput = { workOrderId: number; slotId: number; therapistId: number; equipmentId?: number | null };
export type UpdateInput = { id: number; slotId: number; therapistId: number; equipmentId?: number | null };
export type CheckResult = {
  ok: boolean;
  conflicts: { kind: string; id: number; name: string; slot: string; msg: string }[];
};
export type SelectorOption = Partial<
  Record<'patientId' | 'projectId' | 'equipmentId' | 'therapistId', number> &
    Record<'patientName' | 'projectName' | 'equipmentName' | 'therapistName', string>
>;
export type Leave = {
  id: number;
  therapistId: number;
  therapistName: string;
  startDate: string;
  endDate: string;
  reason: string;
  substituteId: number | null;
  substituteName: string | null;
  current: boolean;
};
export type SubstituteProposal = { substituteId: number | null; proposals: Proposal[]; unplaced: number } | null;

const M = '/schedulingManagement';

/** The board and the views fetch again by themselves only this seldom: the doorbell is the way, this the fallback. */
export const SCHEDULE_FALLBACK_MS = 5 * 60_000;
/** Doorbells within this time (a leave's substitute books day after day) refetch once. */
const DOORBELL_SETTLE_MS = 300;

/**
 * Keeps the scheduling screens live: when the organization's schedule doorbell rings (a booking, a leave, a shift or
 * an order's state changed, by anyone) or the live channel comes back, the scheduling queries on screen refetch.
 */
export function useLiveSchedule() {
  const { organization } = useSession();
  const queryClient = useQueryClient();
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current);
    },
    [],
  );
  const refresh = () => {
    if (pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      void queryClient.invalidateQueries({ queryKey: ['scheduling'] });
    }, DOORBELL_SETTLE_MS);
  };
  useLiveTopic(organization ? scheduleTopic(organization.id) : null, { onMessage: refresh, onReconnect: refresh });
}

/** POST getTodayAllScheduling: the board of a day, live (useLiveSchedule). */
export const useBoard = (date: string) => {
  useLiveSchedule();
  return useQuery({
    queryKey: ['scheduling', 'board', date],
    queryFn: async () => (await api.post<{ data: Board }>(`${M}/getTodayAllScheduling`, { date })).data,
    placeholderData: keepPreviousData,
    refetchInterval: SCHEDULE_FALLBACK_MS,
  });
};

/** POST getSchedulingSelector: option list by type (1 projects, 2 patients, 3 equipment, 4 therapists). */
export const useSelector = (type: 1 | 2 | 3 | 4, date?: string, enabled = true) =>
  useQuery({
    queryKey: ['scheduling', 'selector', type, date ?? ''],
    queryFn: async () =>
      (await api.post<{ data: { list: SelectorOption[] } }>(`${M}/getSchedulingSelector`, { type, date })).data.list,
    enabled,
    staleTime: 60_000,
  });

/** The schedule view's list: `viewList` (project view) or `viewMasterList` (equipment-and-therapist view). */
export const scheduleViewQuery = (master: boolean, filter: Partial<ScheduleViewFilter>) =>
  queryOptions({
    queryKey: ['scheduling', 'view', master, filter],
    queryFn: async () =>
      (
        await api.post<{ data: { date: string; list: ScheduleEntry[] } }>(
          `${M}/${master ? 'viewMasterList' : 'viewList'}`,
          filter,
        )
      ).data,
  });

/** The schedule view's list, live (useLiveSchedule). */
export const useScheduleView = (master: boolean, filter: Partial<ScheduleViewFilter>, enabled = true) => {
  useLiveSchedule();
  return useQuery({
    ...scheduleViewQuery(master, filter),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: SCHEDULE_FALLBACK_MS,
  });
};

/**
 * The filter the schedule view (/schedulingView) sends: the chosen ids of its mode, unfinished orders by default
 * (executeStatus 0) and the therapist group shown (therapistTeamFilter 1). The route's loader asks for the
 * default one while the page's code downloads, so both must build it here.
 */
export function scheduleViewFilter(
  master: boolean,
  ids: { patientId?: number; projectId?: number; equipmentId?: number; therapistId?: number } = {},
  executeStatus: 0 | 1 | 2 = 0,
  showTeam = true,
): Partial<ScheduleViewFilter> {
  return {
    ...(master
      ? { patientId: ids.patientId, equipmentId: ids.equipmentId, therapistId: ids.therapistId }
      : { patientId: ids.patientId, projectId: ids.projectId }),
    expired: false,
    executeStatus,
    therapistTeamFilter: showTeam ? 1 : 0,
  };
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ['scheduling'] });
}

export function useRecommend() {
  return useMutation({
    mutationFn: async (date: string) =>
      (await api.post<{ data: Recommendation }>(`${M}/getTodayAllSchedulingRecommend`, { date })).data,
  });
}

export function useApplyRecommend() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (body: { date: string; patientId?: number }) =>
      (await api.post<{ data: { booked: number; unplaced: number } }>(`${M}/applyRecommend`, body)).data,
    onSettled: invalidate,
  });
}

export function useSaveScheduling() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (list: BookingInput[]) =>
      (await api.post<{ data: unknown }>(`${M}/saveScheduling`, { list })).data,
    onSettled: invalidate,
  });
}

export function useCheckUpdate() {
  return useMutation({
    mutationFn: async (body: UpdateInput) =>
      (await api.post<{ data: CheckResult }>(`${M}/checkUpdateScheduling`, body)).data,
  });
}

export function useUpdateScheduling() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (body: UpdateInput) => (await api.post<{ data: unknown }>(`${M}/updateScheduling`, body)).data,
    onSettled: invalidate,
  });
}

export function useDeleteScheduling() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (ids: number[]) => (await api.post<{ data: unknown }>(`${M}/deleteScheduling`, { ids })).data,
    onSettled: invalidate,
  });
}

/** POST /sys/therapistLeave/list: a page of leaves. */
export const useLeaves = (query: { page: number; limit: number; withSubstitute?: boolean; current?: boolean }) =>
  useQuery({
    queryKey: ['scheduling', 'leaves', query],
    queryFn: async () => (await api.post<{ data: Page<Leave> }>('/sys/therapistLeave/list', query)).data,
    placeholderData: keepPreviousData,
  });

export function useSaveLeave() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (body: Record<string, unknown>) =>
      (
        await api.post<{ data: { id: number; removed: number; proposal: SubstituteProposal } }>(
          '/sys/therapistLeave/save',
          body,
        )
      ).data,
    onSettled: invalidate,
  });
}

export function useDeleteLeaves() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (ids: number[]) =>
      (await api.post<{ data: unknown }>('/sys/therapistLeave/delete', { ids })).data,
    onSettled: invalidate,
  });
}

export function useSetSubstitute() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (body: { id: number; substituteId: number | null }) =>
      (await api.post<{ data: { id: number; proposal: SubstituteProposal } }>('/sys/therapistLeave/substitute', body))
        .data,
    onSettled: invalidate,
  });
}

export function useApplySubstitute() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.post<{ data: { booked: number; unplaced: number } }>('/sys/therapistLeave/applySubstitute', { id }))
        .data,
    onSettled: invalidate,
  });
}
