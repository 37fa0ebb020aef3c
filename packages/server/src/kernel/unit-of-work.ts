import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client';
import type { Clock } from './clock';
import type { DomainEvents, EventName, EventRoutes } from './events';

/**
 * One use case in one transaction: the handle, the instant it happens at, the events it publishes (their subscribers
 * write in the same transaction) and the effects to run once it has committed (doorbells, system messages pushed to
 * live channels). A use case that fails rolls back with its subscribers' writes and runs no effect.
 */
export type UnitOfWork = {
  tx: Tx;
  /** the instant of this use case, read once from the clock */
  readonly now: Date;
  clock: Clock;
  /** runs `effect` after the transaction has committed (never when it rolls back); a failing effect is logged */
  afterCommit(effect: () => unknown): void;
  /** publishes a domain event: every subscriber runs now, inside this transaction */
  emit<E extends EventName>(event: E, payload: DomainEvents[E]): Promise<void>;
};

/** What a unit of work needs of the application: the database, the clock, the event routes and a log. */
export type UnitOfWorkHost = {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  modules: { events: EventRoutes };
};

/**
 * Runs `work` as one unit of work. Inside another unit of work (`outer`), it joins it: same transaction, same
 * instant, its effects run when the outer one commits.
 */
export async function runUnitOfWork<T>(
  host: UnitOfWorkHost,
  work: (uow: UnitOfWork) => Promise<T>,
  outer?: UnitOfWork,
): Promise<T> {
  if (outer) return work(outer);
  const effects: (() => unknown)[] = [];
  const now = host.clock.now();
  const result = await host.db.transaction(async (tx) => {
    const uow: UnitOfWork = {
      tx,
      now,
      clock: host.clock,
      afterCommit: (effect) => void effects.push(effect),
      emit: async (event, payload) => {
        for (const handler of host.modules.events.get(event) ?? []) await handler(uow, payload as never);
      },
    };
    return work(uow);
  });
  for (const effect of effects) {
    try {
      await effect();
    } catch (err) {
      host.log.warn({ err: (err as Error).message }, 'after-commit effect failed');
    }
  }
  return result;
}
