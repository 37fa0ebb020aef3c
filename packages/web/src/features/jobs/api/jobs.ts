import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { jobsEndpoints, type EndpointInput, type JobRunResult, type JobSaveInput } from '@rehab/shared';
import { callEndpoint, endpointKey, invalidateEndpoints, useEndpointQuery } from '../../../lib/endpoints';

export type JobListParams = EndpointInput<typeof jobsEndpoints.list>['query'];
export type JobLogParams = EndpointInput<typeof jobsEndpoints.logs>['query'];

/** Every query of the jobs and their runs (`/sys/schedule/…`, `/sys/scheduleLog/…`): what a change refreshes. */
const JOB_KEYS = [endpointKey(jobsEndpoints.list).slice(0, 2), endpointKey(jobsEndpoints.logs).slice(0, 2)];

/** One page of the scheduled jobs. */
export const useJobList = (params: JobListParams) =>
  useEndpointQuery(jobsEndpoints.list, { query: params }, { select: (r) => r.data, placeholderData: keepPreviousData });

/** The job kinds the server knows. */
export const useJobBeans = () =>
  useEndpointQuery(jobsEndpoints.beans, {}, { select: (r) => r.data, staleTime: Infinity });

/** One page of the runs, newest first. */
export const useJobLogs = (params: JobLogParams, enabled: boolean) =>
  useEndpointQuery(
    jobsEndpoints.logs,
    { query: params },
    { select: (r) => r.data, placeholderData: keepPreviousData, enabled },
  );

/** Saves a new job, or updates the one with the jobId; the list refreshes. */
export function useSaveJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ jobId, ...values }: JobSaveInput & { jobId?: number }) =>
      (jobId
        ? await callEndpoint(jobsEndpoints.update, { body: { jobId, ...values } })
        : await callEndpoint(jobsEndpoints.save, { body: values })
      ).data,
    onSuccess: () => invalidateEndpoints(queryClient, JOB_KEYS),
  });
}

export type JobAction = 'delete' | 'pause' | 'resume' | 'run';

/** Deletes, pauses, resumes or runs the chosen jobs; the list and the log refresh. Only a run answers results. */
export function useJobAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, ids }: { action: JobAction; ids: number[] }): Promise<JobRunResult[]> => {
      if (action === 'run') return (await callEndpoint(jobsEndpoints.run, { body: ids })).data;
      await callEndpoint(jobsEndpoints[action], { body: ids });
      return [];
    },
    onSuccess: () => invalidateEndpoints(queryClient, JOB_KEYS),
  });
}
