import { index, integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns';

/**
 * A scheduled job: a bean of the registry (jobs.beans.ts) with its parameters, run on a cron expression.
 * `last_fire_at` is the claim that makes a fire run once across server processes: the process whose
 * `UPDATE ... SET last_fire_at = <fire time> WHERE last_fire_at < <fire time>` changes the row runs it.
 */
export const scheduleJobs = pgTable('sys_schedule_job', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  beanName: varchar('bean_name', { length: 100 }).notNull(),
  params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
  cronExpression: varchar('cron_expression', { length: 100 }).notNull(),
  remark: varchar('remark', { length: 100 }).notNull().default(''),
  /** 0 running on its cron, 1 paused */
  status: integer('status').notNull().default(0),
  lastFireAt: ts('last_fire_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** One run of a job (cron fire or run once), kept until the job-log purge job removes it. */
export const scheduleJobLogs = pgTable(
  'sys_schedule_job_log',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    jobId: integer('job_id').notNull(),
    beanName: varchar('bean_name', { length: 100 }).notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    /** 0 succeeded, 1 failed */
    status: integer('status').notNull(),
    error: varchar('error', { length: 2000 }),
    result: varchar('result', { length: 500 }),
    /** duration in milliseconds */
    times: integer('times').notNull(),
    /** cron | manual */
    trigger: varchar('trigger', { length: 8 }).notNull(),
    /** the server process that ran it (host:pid:instance) */
    runner: varchar('runner', { length: 100 }),
    /** the fire time a cron run was claimed for */
    fireAt: ts('fire_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('sys_schedule_job_log_job_idx').on(t.jobId, t.createdAt),
    index('sys_schedule_job_log_time_idx').on(t.createdAt),
  ],
);
