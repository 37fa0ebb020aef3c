import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JobBeanInfo, JobLogRow, JobPage, JobRow, JobSaveInput, Page } from '@rehab/shared';
import { api } from '../../../lib/api';

export type JobListParams = { page: number; limit: number; beanName?: string };
export type JobLogParams = { page: number; limit: number; jobId?: number; status?: 0 | 1 };

/** GET /sys/schedule/list: one page of the scheduled jobs. */
export const useJobList = (params: JobListParams) =>
  useQuery({
    queryKey: ['jobs', 'list', params],
    queryFn: async () => (await api.get<{ data: JobPage }>('/sys/schedule/list', params)).data,
    placeholderData: keepPreviousData,
  });

/** GET /sys/schedule/beans: the job kinds the server knows. */
export const useJobBeans = () =>
  useQuery({
    queryKey: ['jobs', 'beans'],
    queryFn: async () => (await api.get<{ data: JobBeanInfo[] }>('/sys/schedule/beans')).data,
    staleTime: Infinity,
  });

/** GET /sys/scheduleLog/list: one page of the runs, newest first. */
export const useJobLogs = (params: JobLogParams, enabled: boolean) =>
  useQuery({
    queryKey: ['jobs', 'logs', params],
    queryFn: async () => (await api.get<{ data: Page<JobLogRow> }>('/sys/scheduleLog/list', params)).data,
    placeholderData: keepPreviousData,
    enabled,
  });

/** POST /sys/schedule/save, or update with a jobId; the list refreshes. */
export function useSaveJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: JobSaveInput & { jobId?: number }) =>
      (await api.post<{ data: JobRow }>(`/sys/schedule/${values.jobId ? 'update' : 'save'}`, values)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['jobs'] }),
  });
}

export type JobAction = 'delete' | 'pause' | 'resume' | 'run';
export type RunResult = { jobId: number; status: 0 | 1; error: string | null; result: string | null; times: number };

/** POST /sys/schedule/{delete|pause|resume|run} with the chosen ids; the list and the log refresh. */
export function useJobAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, ids }: { action: JobAction; ids: number[] }) =>
      (await api.post<{ data?: RunResult[] }>(`/sys/schedule/${action}`, ids)).data ?? [],
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['jobs'] }),
  });
}
