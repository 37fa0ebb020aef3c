/**
 * The shape of a scheduled job kind and its declaration helper: a module declares its jobs in its manifest, the
 * composition root lists them for the scheduler (modules/jobs).
 */
import type { z } from 'zod';
import type { JobBeanInfo } from '@rehab/shared';
import type { AppContext } from '../context';

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

export const DAY = 86_400_000;

/** The instant `ms` before `now`. */
export const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

/** Number of rows a delete removed, on both drivers (node-postgres: rowCount; PGlite: affectedRows). */
export function removed(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}

/** The kinds of job as the screen offers them, with the parameters' defaults. */
export function jobBeanInfos(beans: readonly JobBean[]): JobBeanInfo[] {
  return beans.map((b) => {
    const parsed = b.params.safeParse({});
    return {
      name: b.name,
      label: b.label,
      description: b.description,
      defaultParams: parsed.success ? (parsed.data as Record<string, unknown>) : {},
      defaultCron: b.defaultCron,
    };
  });
}
