import type { Db, TxOrDb } from '../db/client';
import type { UnitOfWorkHost } from './unit-of-work';
import type { RouteDef } from '../http/route';
import type { EventName, Subscription } from './events';
import type { JobBean } from './job';
import type { BuiltinMenu } from './menu';
import type { DeviceKind } from '@rehab/shared';
import type { AppContext } from '../context';
import type { DeviceContext, SessionContext } from '../http/session';

/** Checks a device's token: the device it belongs to while valid, else null (unknown, revoked, expired). */
export type DeviceResolver = (app: AppContext, token: string) => Promise<DeviceContext | null>;

/**
 * Who may listen to a topic of the live channel under a module's prefix: the session as a request sees it (current
 * organization, permissions) and the whole topic. The broker refuses the subscription when it answers false.
 */
export type LiveTopicGuard = (app: AppContext, session: SessionContext, topic: string) => Promise<boolean>;

/** The rows a lower module owns that higher modules may refer to, and that it deletes only while unused. */
export type UsageTarget = 'team';

/**
 * How a module counts its rows that refer to another module's row (the target's id), so that the owner can refuse
 * a delete and say what uses it: each figure with the message key (of the shared catalogue) that names it.
 */
export type UsageCounter = (db: TxOrDb, id: number) => Promise<{ key: string; count: number }[]>;

/** Who asks for a home counter: the session's organization, office and user. */
export type CounterScope = { organizationId: number; officeId: number | null; userId: number };

/** A field of the home counters answer (/sys/index/info) and how a module counts it. */
export type DashboardCounter = {
  field: 'msgCount' | 'nonprogrammable' | 'asCount' | 'undoneTotal' | 'doneTotal' | 'unAssignedCount';
  count: (db: Db, scope: CounterScope) => Promise<number>;
};

/** What a module's demo data gets: the database, the instant the demo is made at, and a host for units of work. */
export type DemoContext = {
  db: Db;
  now: Date;
  host: UnitOfWorkHost;
  /** the ids of the organizations made so far, in the order they were made (the demo hangs on them) */
  organizationIds(): Promise<number[]>;
};

/**
 * What a server module brings, declared in its `<name>.module.ts`. The composition root (src/modules.ts) lists the
 * manifests in dependency order; the route table, the menus, the scheduled jobs, the home counters, the start-up
 * data, the demo data and the event routes are all derived from it. Nothing registers itself by being imported.
 */
export type ModuleManifest = {
  /** the module's folder name under src/modules */
  name: string;
  /** the modules whose public face this one uses: each comes earlier in the composition root */
  dependsOn: readonly string[];
  /** the tables the module owns (its `*.tables.ts` exports); nobody else reads or writes them */
  tables?: Record<string, unknown>;
  /** its endpoints (spec section 7 paths, served under /api) */
  routes?: readonly RouteDef[];
  /** endpoints served only to the benchmark (BENCH_BARE_ROUTES=1) */
  benchRoutes?: readonly RouteDef[];
  /** its built-in menus: screens and their buttons (and directories it opens) */
  menus?: readonly BuiltinMenu[];
  /** the kinds of scheduled job it brings, its own clean-ups included */
  jobs?: readonly JobBean[];
  /** the home counters it answers */
  counters?: readonly DashboardCounter[];
  /** what every database needs, run at each start in composition order (idempotent) */
  setup?: (db: Db) => Promise<void>;
  /** demo data, run once on an empty database with SEED_DEMO on, in composition order (but see demoAfter) */
  demo?: (ctx: DemoContext) => Promise<void>;
  /** modules, possibly above this one, whose demo data this one's needs first (master data needs organizations) */
  demoAfter?: readonly string[];
  /** the domain events it publishes (declared in kernel/events DomainEvents by its manifest) */
  publishes?: readonly EventName[];
  /** the events it reacts to, inside the publisher's unit of work */
  subscribes?: readonly Subscription[];
  /** the kinds of unattended device whose tokens it checks (routes with `access.device` of that kind let them in) */
  devices?: Partial<Record<DeviceKind, DeviceResolver>>;
  /**
   * The live-channel topics it publishes on, by prefix, each with who may listen (messages/live-broker asks it);
   * the server publishes there with `app.live.publishTo`.
   */
  liveTopics?: Readonly<Record<string, LiveTopicGuard>>;
  /** how it counts its rows that refer to a lower module's row (a group named by a project), asked before a delete */
  usages?: Partial<Record<UsageTarget, UsageCounter>>;
};

/** Declares a module; a function only so that the manifest is checked against the type where it is written. */
export const defineModule = (manifest: ModuleManifest): ModuleManifest => manifest;
