/**
 * The shape of a scheduled job kind and its declaration helper, in a file of their own so that modules declaring
 * beans (work orders, ...) and the registry in jobs.beans.ts that lists them import them without a cycle.
 */
import type { z } from 'zod';
import type { JobBeanInfo } from '@rehab/shared';
import type { AppContext } from '../../context';

/** What a job's handler gets: the server's context, its parameters (already checked) and the fire time. */
export type JobRunContext<P> = { app: AppContext; params: P; now: Date };

/**
 * A kind of job the scheduler can run: the bean name a job row names, labels for the screen, the parameter schema
 * (checked when a job is saved and again before each run) and the handler. The handler answers a short summary for
 * the job log (e.g. how many rows it removed) and throws on failure.
 */
export type JobBean<S extends z.ZodType = z.ZodType> = {
  name: string;
  label: JobBeanInfo['label'];
  description: JobBeanInfo['description'];
  params: S;
  defaultCron: string;
  run: (ctx: JobRunContext<z.output<S>>) => Promise<JobResult | void>;
};

/**
 * What a run reports: named counts (`{ removed: 12 }`), stored as JSON in the job log and shown by the screen in the
 * user's language (locale key `jobs:log.result.<name>`).
 */
export type JobResult = Record<string, number>;

/** Declares a bean with its parameter type inferred from the schema. */
export const defineJobBean = <S extends z.ZodType>(bean: JobBean<S>): JobBean => bean as unknown as JobBean;
