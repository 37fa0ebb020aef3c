import { keepPreviousData } from '@tanstack/react-query';
import { heartbeatsEndpoints as e, type EndpointInput } from '@rehab/shared';
import { useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';

/** The wall refreshes every 10 s: the checker's period, so a change shows within one more period. */
const LIVE = 10_000;

export type MonitorQuery = EndpointInput<typeof e.pageInfo>['body'];

export const useMonitors = (body: MonitorQuery) =>
  useEndpointQuery(
    e.pageInfo,
    { body },
    { select: (r) => r.data, placeholderData: keepPreviousData, refetchInterval: LIVE },
  );

export const useIncidents = (body: EndpointInput<typeof e.incidents>['body']) =>
  useEndpointQuery(
    e.incidents,
    { body },
    { select: (r) => r.data, placeholderData: keepPreviousData, refetchInterval: LIVE },
  );

export const useRecipients = (enabled: boolean) =>
  useEndpointQuery(e.recipients, {}, { select: (r) => r.data, enabled, staleTime: 60_000 });

const WALL = [e.pageInfo, e.incidents];
export const useSaveMonitor = () => useEndpointMutation(e.save, { invalidates: WALL });
export const useUpdateMonitor = () => useEndpointMutation(e.update, { invalidates: WALL });
export const useDeleteMonitor = () => useEndpointMutation(e.delete, { invalidates: WALL });
export const useAcknowledge = () => useEndpointMutation(e.acknowledge, { invalidates: WALL });
