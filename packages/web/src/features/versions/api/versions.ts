import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { versionsEndpoints, type EndpointInput, type VersionSaveInput } from '@rehab/shared';
import { callEndpoint, invalidateEndpoints, useEndpointQuery } from '../../../lib/endpoints';

export type VersionListParams = EndpointInput<typeof versionsEndpoints.page>['body'];

/** One page of the versions (platform-wide). */
export const useVersionList = (params: VersionListParams) =>
  useEndpointQuery(
    versionsEndpoints.page,
    { body: params },
    { select: (r) => r.data, placeholderData: keepPreviousData },
  );

/** Saves a new version, or updates the one with the id; every versions query (list, current) refreshes. */
export function useSaveVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...values }: VersionSaveInput & { id?: number }) =>
      (id
        ? await callEndpoint(versionsEndpoints.update, { body: { id, ...values } })
        : await callEndpoint(versionsEndpoints.save, { body: values })
      ).data,
    onSuccess: () => invalidateEndpoints(queryClient, [versionsEndpoints.page, versionsEndpoints.current]),
  });
}
