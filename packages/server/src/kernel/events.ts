import type { UnitOfWork } from './unit-of-work';

/**
 * Domain events, by name. A module that publishes one adds it here by declaration merging, in its manifest:
 *
 *   declare module '../../kernel/events' {
 *     interface DomainEvents { 'patients.projectsPrescribed': { scope: Scope; projectIds: number[] } }
 *   }
 *
 * Subscribers run inside the publishing unit of work, in the order of the composition root: what they write commits
 * or rolls back with the change that caused it. Effects outside the database (doorbells, mail) go to `afterCommit`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DomainEvents {}

export type EventName = keyof DomainEvents;

export type EventHandler<E extends EventName> = (uow: UnitOfWork, payload: DomainEvents[E]) => Promise<void>;

/** One subscription of a module's manifest. */
export type Subscription = { [E in EventName]: { event: E; handler: EventHandler<E> } }[EventName];

/** Declares a subscription with its payload typed by the event's name. */
export function on<E extends EventName>(event: E, handler: EventHandler<E>): Subscription {
  return { event, handler } as unknown as Subscription;
}

/** The subscribers of each event, in the order of the composition root. */
export type EventRoutes = ReadonlyMap<string, readonly EventHandler<EventName>[]>;
