import {
  idParamSchema,
  JobPerm,
  JobStatus,
  jobIdsSchema,
  jobListQuerySchema,
  jobLogListQuerySchema,
  jobSaveSchema,
  jobUpdateSchema,
  toPage,
} from '@rehab/shared';
import { defineRoute } from '../../http/route';
import { jobBeanInfos } from '../../kernel/job';
import {
  createJob,
  deleteJobs,
  getJob,
  getJobLog,
  listJobLogs,
  listJobs,
  runJobs,
  setJobStatus,
  updateJob,
} from './jobs.service';

/**
 * Scheduled jobs (spec section 7, Administration: schedule and scheduleLog). Jobs are platform-wide (they purge
 * sessions, codes and logs of every organization), so the screen is the super administrator's.
 */
export const jobRoutes = [
  defineRoute({
    method: 'GET',
    url: '/sys/schedule/list',
    access: { permission: JobPerm.list },
    query: jobListQuerySchema,
    handler: async ({ app, query }) => {
      const { list, total } = await listJobs(app, query);
      return { data: { ...toPage(list, total, query.page, query.limit), timezone: app.scheduler.timezone } };
    },
  }),
  /** The job kinds the server can run, with their default parameters and cron. */
  defineRoute({
    method: 'GET',
    url: '/sys/schedule/beans',
    access: { permission: JobPerm.list },
    handler: async ({ app }) => ({ data: jobBeanInfos(app.modules.jobs) }),
  }),
  defineRoute({
    method: 'GET',
    url: '/sys/schedule/info/:id',
    access: { permission: JobPerm.info },
    params: idParamSchema,
    handler: async ({ app, params }) => ({ data: await getJob(app, params.id) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/schedule/save',
    access: { permission: JobPerm.save },
    body: jobSaveSchema,
    handler: async ({ app, body }) => ({ data: await createJob(app, body) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/schedule/update',
    access: { permission: JobPerm.update },
    body: jobUpdateSchema,
    handler: async ({ app, body }) => {
      const { jobId, ...values } = body;
      return { data: await updateJob(app, jobId, values) };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/schedule/delete',
    access: { permission: JobPerm.delete },
    body: jobIdsSchema,
    handler: async ({ app, body }) => {
      await deleteJobs(app, body);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/schedule/pause',
    access: { permission: JobPerm.pause },
    body: jobIdsSchema,
    handler: async ({ app, body }) => {
      await setJobStatus(app, body, JobStatus.paused);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/schedule/resume',
    access: { permission: JobPerm.resume },
    body: jobIdsSchema,
    handler: async ({ app, body }) => {
      await setJobStatus(app, body, JobStatus.normal);
    },
  }),
  /** Run once, now, on this process; answers each run's outcome (also written to the job log). */
  defineRoute({
    method: 'POST',
    url: '/sys/schedule/run',
    access: { permission: JobPerm.run },
    body: jobIdsSchema,
    handler: async ({ app, body }) => ({ data: await runJobs(app, body) }),
  }),
  defineRoute({
    method: 'GET',
    url: '/sys/scheduleLog/list',
    access: { permission: JobPerm.log },
    query: jobLogListQuerySchema,
    handler: async ({ app, query }) => {
      const { list, total } = await listJobLogs(app, query);
      return { data: toPage(list, total, query.page, query.limit) };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/sys/scheduleLog/info/:id',
    access: { permission: JobPerm.log },
    params: idParamSchema,
    handler: async ({ app, params }) => ({ data: await getJobLog(app, params.id) }),
  }),
];
