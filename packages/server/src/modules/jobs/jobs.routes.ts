import { JobStatus, jobsEndpoints as endpoints, toPage } from '@rehab/shared';
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
  defineRoute(endpoints.list, {
    handler: async ({ app, query }) => {
      const { list, total } = await listJobs(app, query);
      return { data: { ...toPage(list, total, query.page, query.limit), timezone: app.scheduler.timezone } };
    },
  }),
  /** The job kinds the server can run, with their default parameters and cron. */
  defineRoute(endpoints.beans, {
    handler: async ({ app }) => ({ data: jobBeanInfos(app.modules.jobs) }),
  }),
  defineRoute(endpoints.info, {
    handler: async ({ app, params }) => ({ data: await getJob(app, params.id) }),
  }),
  defineRoute(endpoints.save, {
    handler: async ({ app, body }) => ({ data: await createJob(app, body) }),
  }),
  defineRoute(endpoints.update, {
    handler: async ({ app, body }) => {
      const { jobId, ...values } = body;
      return { data: await updateJob(app, jobId, values) };
    },
  }),
  defineRoute(endpoints.delete, {
    handler: async ({ app, body }) => {
      await deleteJobs(app, body);
      return {};
    },
  }),
  defineRoute(endpoints.pause, {
    handler: async ({ app, body }) => {
      await setJobStatus(app, body, JobStatus.paused);
      return {};
    },
  }),
  defineRoute(endpoints.resume, {
    handler: async ({ app, body }) => {
      await setJobStatus(app, body, JobStatus.normal);
      return {};
    },
  }),
  /** Run once, now, on this process; answers each run's outcome (also written to the job log). */
  defineRoute(endpoints.run, {
    handler: async ({ app, body }) => ({ data: await runJobs(app, body) }),
  }),
  defineRoute(endpoints.logs, {
    handler: async ({ app, query }) => {
      const { list, total } = await listJobLogs(app, query);
      return { data: toPage(list, total, query.page, query.limit) };
    },
  }),
  defineRoute(endpoints.log, {
    handler: async ({ app, params }) => ({ data: await getJobLog(app, params.id) }),
  }),
];
