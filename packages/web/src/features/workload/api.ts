import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  teamsEndpoints,
  workloadEndpoints,
  type EndpointInput,
  type RoleStaff,
  type TeamSaveInput,
  type TeamUpdateInput,
} from '@rehab/shared';
import { callEndpoint, endpointKey, invalidateEndpoints, useEndpointQuery } from '../../lib/endpoints';
import { useSession } from '../../lib/session';

/** Staff who can be group members: the organization's therapists, doctors and nurses. */
export type StaffOption = RoleStaff;

/**
 * Refreshes every workload query: the group lists (`['workload']`) and the calls of the workload endpoints
 * (therapists, staff, workplace, daily, board), after a group changes or a clock-in.
 */
export const invalidateWorkload = (queryClient: QueryClient) =>
  invalidateEndpoints(queryClient, [['workload'], ['sys', 'treatmentTeam'], ...Object.values(workloadEndpoints)]);

export type TeamSearch = { name?: string; status?: number; officeId?: number };

const useOrg = () => useSession().organization?.id ?? 0;

const teams = teamsEndpoints;

/** One page of the therapist groups. */
export const useTeams = (search: TeamSearch, page: number, limit: number) =>
  useEndpointQuery(teams.page, { body: { ...search, page, limit } }, { select: (r) => r.data });

/** The enabled groups. */
export const useTeamOptions = () => useEndpointQuery(teams.select, {}, { select: (r) => r.data, staleTime: 60_000 });

/** GET /sys/therapist/list */
export const useTherapists = () => {
  const org = useOrg();
  return useEndpointQuery(workloadEndpoints.therapists, {}, { keySuffix: [org], select: (r) => r.data });
};

/** Therapists, doctors and nurses of the organization (POST /sys/user/getDoctor with each role). */
export const useTreatingStaff = () => {
  const org = useOrg();
  return useQuery({
    queryKey: [...endpointKey(workloadEndpoints.getDoctor), 'treating-staff', org],
    queryFn: async () => {
      const lists = await Promise.all(
        [10, 11, 12].map(
          async (roleId) => (await callEndpoint(workloadEndpoints.getDoctor, { body: { roleId } })).data,
        ),
      );
      const seen = new Map<number, StaffOption>();
      for (const s of lists.flat()) if (!seen.has(s.userId)) seen.set(s.userId, s);
      return [...seen.values()];
    },
    staleTime: 60_000,
  });
};

export function useSaveTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TeamSaveInput | TeamUpdateInput) =>
      'id' in input ? callEndpoint(teams.update, { body: input }) : callEndpoint(teams.save, { body: input }),
    onSuccess: () => invalidateWorkload(queryClient),
  });
}

export function useDeleteTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(teams.delete, { body: [id] }),
    onSuccess: () => invalidateWorkload(queryClient),
  });
}

/** GET /sys/workload/today */
export const useWorkplace = (officeId?: number) => {
  const org = useOrg();
  return useEndpointQuery(
    workloadEndpoints.today,
    { query: { officeId } },
    { keySuffix: [org], select: (r) => r.data, refetchInterval: 60_000 },
  );
};

export type DailySearch = EndpointInput<typeof workloadEndpoints.daily>['body'];

/** POST /sys/workload/daily */
export const useDailyWorkload = (search: DailySearch) => {
  const org = useOrg();
  return useEndpointQuery(workloadEndpoints.daily, { body: search }, { keySuffix: [org], select: (r) => r.data });
};

/** How often the visual board refreshes by itself. */
export const BOARD_REFRESH_MS = 30_000;

/** GET /sys/workload/board, refreshed every 30 s. */
export const useBoard = (officeId?: number) => {
  const org = useOrg();
  return useEndpointQuery(
    workloadEndpoints.board,
    { query: { officeId } },
    { keySuffix: [org], select: (r) => r.data, refetchInterval: BOARD_REFRESH_MS, refetchIntervalInBackground: false },
  );
};
