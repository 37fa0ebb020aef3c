import type { RouteDef } from '../http/route';
import type { EventHandler, EventName, EventRoutes } from './events';
import type { JobBean } from './job';
import { parentsFirst, type BuiltinMenu } from './menu';
import type {
  DashboardCounter,
  DeviceResolver,
  LiveTopicGuard,
  ModuleManifest,
  UsageCounter,
  UsageTarget,
} from './module';
import type { DeviceKind } from '@rehab/shared';

/** What the application derives from its modules: read-only, built once at start from the composition root. */
export type ComposedModules = {
  readonly manifests: readonly ModuleManifest[];
  readonly routes: readonly RouteDef[];
  readonly benchRoutes: readonly RouteDef[];
  /** parents before children, otherwise in composition order */
  readonly menus: readonly BuiltinMenu[];
  readonly jobs: readonly JobBean[];
  readonly counters: readonly DashboardCounter[];
  readonly events: EventRoutes;
  /** who checks each kind of device's token (one module a kind) */
  readonly devices: Readonly<Partial<Record<DeviceKind, DeviceResolver>>>;
  /** the live-channel topic prefixes the modules publish on, with who may listen to each */
  readonly liveTopics: Readonly<Record<string, LiveTopicGuard>>;
  /** who counts the rows referring to each kind of row, in composition order */
  readonly usages: Readonly<Partial<Record<UsageTarget, readonly UsageCounter[]>>>;
  /** the modules with demo data, in the order it is made: composition order, each after its demoAfter */
  readonly demoOrder: readonly ModuleManifest[];
  findJob(name: string): JobBean | undefined;
};

/**
 * Checks the manifests (unique names, dependencies listed earlier, events published by a module before it is
 * subscribed to, unique job names and menu keys) and derives the application's tables of routes, menus, jobs,
 * counters and event routes from them.
 */
export function composeModules(manifests: readonly ModuleManifest[]): ComposedModules {
  const seen = new Set<string>();
  const published = new Map<string, string>();
  for (const m of manifests) {
    if (seen.has(m.name)) throw new Error(`module ${m.name} is listed twice`);
    for (const d of m.dependsOn) {
      if (!seen.has(d)) throw new Error(`module ${m.name} depends on ${d}, which is not listed before it`);
    }
    for (const e of m.publishes ?? []) published.set(e, m.name);
    for (const s of m.subscribes ?? []) {
      if (!published.has(s.event))
        throw new Error(`module ${m.name} subscribes to ${s.event}, which no module before it publishes`);
    }
    seen.add(m.name);
  }
  const jobs = manifests.flatMap((m) => m.jobs ?? []);
  const jobNames = new Set<string>();
  for (const j of jobs) {
    if (jobNames.has(j.name)) throw new Error(`job ${j.name} is declared twice`);
    jobNames.add(j.name);
  }
  const menus = manifests.flatMap((m) => m.menus ?? []);
  const menuKeys = new Set<string>();
  for (const menu of menus) {
    if (menuKeys.has(menu.key)) throw new Error(`menu ${menu.key} is declared twice`);
    menuKeys.add(menu.key);
  }
  const events = new Map<string, EventHandler<EventName>[]>();
  for (const m of manifests) {
    for (const s of m.subscribes ?? []) {
      const list = events.get(s.event) ?? [];
      list.push(s.handler as EventHandler<EventName>);
      events.set(s.event, list);
    }
  }
  const devices: Partial<Record<DeviceKind, DeviceResolver>> = {};
  for (const m of manifests) {
    for (const [kind, resolve] of Object.entries(m.devices ?? {}) as [DeviceKind, DeviceResolver][]) {
      if (devices[kind]) throw new Error(`device kind ${kind} is checked by two modules`);
      devices[kind] = resolve;
    }
  }
  const liveTopics: Record<string, LiveTopicGuard> = {};
  for (const m of manifests) {
    for (const [prefix, guard] of Object.entries(m.liveTopics ?? {})) {
      if (Object.keys(liveTopics).some((p) => p.startsWith(prefix) || prefix.startsWith(p)))
        throw new Error(`live topics ${prefix} overlap another module's`);
      liveTopics[prefix] = guard;
    }
  }
  const usages: Partial<Record<UsageTarget, UsageCounter[]>> = {};
  for (const m of manifests) {
    for (const [target, counter] of Object.entries(m.usages ?? {}) as [UsageTarget, UsageCounter][])
      (usages[target] ??= []).push(counter);
  }
  const demoOrder: ModuleManifest[] = [];
  const pending = manifests.filter((m) => m.demo);
  while (pending.length) {
    const i = pending.findIndex((m) =>
      (m.demoAfter ?? []).every((d) => demoOrder.some((x) => x.name === d) || !pending.some((x) => x.name === d)),
    );
    if (i < 0) throw new Error(`demo data: a cycle of demoAfter among ${pending.map((m) => m.name).join(', ')}`);
    demoOrder.push(...pending.splice(i, 1));
  }
  return Object.freeze({
    demoOrder,
    manifests,
    routes: manifests.flatMap((m) => m.routes ?? []),
    benchRoutes: manifests.flatMap((m) => m.benchRoutes ?? []),
    menus: parentsFirst(menus),
    jobs,
    counters: manifests.flatMap((m) => m.counters ?? []),
    events,
    devices,
    liveTopics,
    usages,
    findJob: (name: string) => jobs.find((j) => j.name === name),
  });
}
