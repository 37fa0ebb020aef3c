import type { Endpoint } from './endpoint';
import { schedulingEndpoints } from './scheduling.contracts';
import { versionsEndpoints } from './versions.contracts';
import { workOrdersEndpoints } from './work-orders.contracts';
import { checkinEndpoints, workloadEndpoints } from './workload.contracts';

export * from './endpoint';
export { versionsEndpoints };
export { schedulingEndpoints };
export { workOrdersEndpoints };
export { checkinEndpoints, workloadEndpoints };

/**
 * Every endpoint declared as a contract, by module (`endpoints.versions.page`). The module name is the OpenAPI tag
 * and the section of /api/docs. Modules not listed here still declare their routes on the server only.
 */
export const endpoints = {
  versions: versionsEndpoints,
  checkin: checkinEndpoints,
  workload: workloadEndpoints,
  scheduling: schedulingEndpoints,
  workOrders: workOrdersEndpoints,
};

export type EndpointModule = keyof typeof endpoints;

/** Every contract with the module it belongs to, in declaration order. */
export function endpointsByModule(): { module: EndpointModule; name: string; endpoint: Endpoint }[] {
  return Object.entries(endpoints).flatMap(([module, group]) =>
    Object.entries(group).map(([name, endpoint]) => ({
      module: module as EndpointModule,
      name,
      endpoint: endpoint as Endpoint,
    })),
  );
}

/** Every contract. */
export function allEndpoints(): Endpoint[] {
  return endpointsByModule().map((e) => e.endpoint);
}
