import dayjs from 'dayjs';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  scheduleTopic,
  schedulingEndpoints,
  type Board,
  type EndpointInput,
  type ScheduleViewFilter,
  type SelectorOption,
} from '@rehab/shared';
import { clinicTodayText } from '../../lib/clinic-day';
import { callEndpoint, endpointKey, endpointQuery, invalidateEndpoints, useEndpointQuery } from '../../lib/endpoints';
import { useDoorbell } from '../../lib/live-messages';
import { useSession } from '../../lib/session';

export type {
  Board,
  CheckResult,
  Leave,
  Proposal,
  Recommendation,
  SelectorOption,
  SubstituteProposal,
} from '@rehab/shared';
export type BoardSlot = Board['slots'][number];
export type BoardTherapist = Board['therapists'][number];
export type BoardBooking = Board['list'][number];
export type OpenOrder = Board['unscheduled'][number];
export type BookingInput = EndpointInput<typeof S.save>['body']['list'][number];
export type UpdateInput = EndpointInput<typeof S.update>['body'];

const S = schedulingEndpoints;

/** The query-key prefixes of every scheduling call: refreshed together after a change or a doorbell. */
export const SCHEDULING_KEYS = [['schedulingManagement'], endpointKey(S.leaveList), endpointKey(S.shiftList)] as const;
export const invalidateScheduling = (queryClient: QueryClient) => invalidateEndpoints(queryClient, SCHEDULING_KEYS);

/** The board and the views fetch again by themselves only this seldom: the doorbell is the way, this the fallback. */
export const SCHEDULE_FALLBACK_MS = 5 * 60_000;
/**
 * Keeps the scheduling screens live: when the organization's schedule doorbell rings (a booking, a leave, a shift or
 * an order's state changed, by anyone) or the live channel comes back, the scheduling queries on screen refetch.
 */
export function useLiveSchedule() {
  const { organization } = useSession();
  const queryClient = useQueryClient();
  useDoorbell(organization ? scheduleTopic(organization.id) : null, () => void invalidateScheduling(queryClient));
}

/** POST getTodayAllScheduling: the board of a day, live (useLiveSchedule). */
export const useBoard = (date: string) => {
  useLiveSchedule();
  return useEndpointQuery(
    S.board,
    { body: { date } },
    { select: (r) => r.data, placeholderData: keepPreviousData, refetchInterval: SCHEDULE_FALLBACK_MS },
  );
};

/** POST getSchedulingSelector: option list by type (1 projects, 2 patients, 3 equipment, 4 therapists). */
export const useSelector = (type: 1 | 2 | 3 | 4, date?: string, enabled = true) =>
  useEndpointQuery(
    S.selector,
    { body: { type, date } },
    { select: (r): SelectorOption[] => r.data.list, enabled, staleTime: 60_000 },
  );

/** The schedule view's list: `viewList` (project view) or `viewMasterList` (equipment-and-therapist view). */
export const scheduleViewQuery = (master: boolean, filter: Partial<ScheduleViewFilter>) =>
  endpointQuery(master ? S.viewMaster : S.view, { body: filter }, { select: (r) => r.data });

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

/** The schedule view's day: the URL's ?date=YYYY-MM-DD when it is a real day, else the clinic's today. */
export function viewDay(given: string | null | undefined): string {
  return given && /^\d{4}-\d{2}-\d{2}$/.test(given) && dayjs(given).format('YYYY-MM-DD') === given
    ? given
    : clinicTodayText();
}

/**
 * The filter the schedule view (/schedulingView) sends: the chosen ids of its mode, unfinished orders by default
 * (executeStatus 0) and the therapist group shown (therapistTeamFilter 1). The route's loader asks for the
 * default one while the page's code downloads, so both must build it here.
 */
export function scheduleViewFilter(
  master: boolean,
  date: string,
  ids: { patientId?: number; projectId?: number; equipmentId?: number; therapistId?: number } = {},
  executeStatus: 0 | 1 | 2 = 0,
  showTeam = true,
): Partial<ScheduleViewFilter> {
  return {
    date,
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
  return () => invalidateScheduling(qc);
}

export function useRecommend() {
  return useMutation({
    mutationFn: async (date: string) => (await callEndpoint(S.recommend, { body: { date } })).data,
  });
}

export function useApplyRecommend() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (body: { date: string; patientId?: number }) =>
      (await callEndpoint(S.applyRecommend, { body })).data,
    onSettled: invalidate,
  });
}

export function useSaveScheduling() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (list: BookingInput[]) => (await callEndpoint(S.save, { body: { list } })).data,
    onSettled: invalidate,
  });
}

export function useCheckUpdate() {
  return useMutation({
    mutationFn: async (body: UpdateInput) => (await callEndpoint(S.checkUpdate, { body })).data,
  });
}

export function useUpdateScheduling() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (body: UpdateInput) => (await callEndpoint(S.update, { body })).data,
    onSettled: invalidate,
  });
}

export function useDeleteScheduling() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (ids: number[]) => (await callEndpoint(S.delete, { body: { ids } })).data,
    onSettled: invalidate,
  });
}

/** POST /sys/therapistLeave/list: a page of leaves. */
export const useLeaves = (query: { page: number; limit: number; withSubstitute?: boolean; current?: boolean }) =>
  useEndpointQuery(S.leaveList, { body: query }, { select: (r) => r.data, placeholderData: keepPreviousData });

export function useSaveLeave() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (body: EndpointInput<typeof S.leaveSave>['body']) =>
      (await callEndpoint(S.leaveSave, { body })).data,
    onSettled: invalidate,
  });
}

export function useDeleteLeaves() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (ids: number[]) => (await callEndpoint(S.leaveDelete, { body: { ids } })).data,
    onSettled: invalidate,
  });
}

export function useSetSubstitute() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (body: { id: number; substituteId: number | null }) =>
      (await callEndpoint(S.leaveSubstitute, { body })).data,
    onSettled: invalidate,
  });
}

export function useApplySubstitute() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: number) => (await callEndpoint(S.leaveApplySubstitute, { body: { id } })).data,
    onSettled: invalidate,
  });
}
