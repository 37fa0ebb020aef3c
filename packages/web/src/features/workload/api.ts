import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  endpoints,
  type DailyWorkload,
  type TeamSaveInput,
  type TeamUpdateInput,
  type TherapistRow,
  type VisualBoard,
  type WorkplaceToday,
} from '@rehab/shared';
import { api } from '../../lib/api';
import { callEndpoint, invalidateEndpoints, useEndpointQuery, type Invalidates } from '../../lib/endpoints';
import { useSession } from '../../lib/session';

/** Staff who can be group members: the organization's therapists, doctors and nurses. */
export type StaffOption = { userId: number; name: string; roleId: number };

export type TeamSearch = { name?: string; status?: number; officeId?: number };

const useOrg = () => useSession().organization?.id ?? 0;

const teams = endpoints.teams;

/** One page of the therapist groups. */
export const useTeams = (search: TeamSearch, page: number, limit: number) =>
  useEndpointQuery(teams.page, { body: { ...search, page, limit } }, { select: (r) => r.data });

/** The enabled groups. */
export const useTeamOptions = () => useEndpointQuery(teams.select, {}, { select: (r) => r.data, staleTime: 60_000 });

/** GET /sys/therapist/list */
export const useTherapists = () => {
  const org = useOrg();
  return useQuery({
    queryKey: ['workload', 'therapists', org],
    queryFn: async () => (await api.get<{ data: TherapistRow[] }>('/sys/therapist/list')).data,
  });
};

/** Therapists, doctors and nurses of the organization (POST /sys/user/getDoctor with each role). */
export const useTreatingStaff = () => {
  const org = useOrg();
  return useQuery({
    queryKey: ['workload', 'treating-staff', org],
    queryFn: async () => {
      const lists = await Promise.all(
        [10, 11, 12].map(
          async (roleId) => (await api.post<{ data: StaffOption[] }>('/sys/user/getDoctor', { roleId })).data,
        ),
      );
      const seen = new Map<number, StaffOption>();
      for (const s of lists.flat()) if (!seen.has(s.userId)) seen.set(s.userId, s);
      return [...seen.values()];
    },
    staleTime: 60_000,
  });
};

/** What a change to the groups shows in: the group queries and the workload screens (therapists with their groups). */
const TEAM_QUERIES: Invalidates = [['sys', 'treatmentTeam'], ['workload']];

export function useSaveTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TeamSaveInput | TeamUpdateInput) =>
      'id' in input ? callEndpoint(teams.update, { body: input }) : callEndpoint(teams.save, { body: input }),
    onSuccess: () => invalidateEndpoints(queryClient, TEAM_QUERIES),
  });
}

export function useDeleteTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(teams.delete, { body: [id] }),
    onSuccess: () => invalidateEndpoints(queryClient, TEAM_QUERIES),
  });
}

/** GET /sys/workload/today */
export const useWorkplace = (officeId?: number) => {
  const org = useOrg();
  return useQuery({
    queryKey: ['workload', 'today', org, officeId],
    queryFn: async () => (await api.get<{ data: WorkplaceToday }>('/sys/workload/today', { officeId })).data,
    refetchInterval: 60_000,
  });
};

export type DailySearch = {
  startDate: string;
  endDate: string;
  therapistId?: number;
  teamId?: number;
  officeId?: number;
};

/** POST /sys/workload/daily */
export const useDailyWorkload = (search: DailySearch) => {
  const org = useOrg();
  return useQuery({
    queryKey: ['workload', 'daily', org, search],
    queryFn: async () => (await api.post<{ data: DailyWorkload }>('/sys/workload/daily', search)).data,
  });
};

/** How often the visual board refreshes by itself. */
export const BOARD_REFRESH_MS = 30_000;

/** GET /sys/workload/board, refreshed every 30 s. */
export const useBoard = (officeId?: number) => {
  const org = useOrg();
  return useQuery({
    queryKey: ['workload', 'board', org, officeId],
    queryFn: async () => (await api.get<{ data: VisualBoard }>('/sys/workload/board', { officeId })).data,
    refetchInterval: BOARD_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
};
