import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { platformAdminEndpoints, type Endpoint, type EndpointInput } from '@rehab/shared';
import { callEndpoint, invalidateEndpoints, useEndpointQuery, type Invalidates } from '../../lib/endpoints';

const e = platformAdminEndpoints;
/** What a change of the administrators refreshes: their list and the promote candidates. */
const ACCOUNTS: Invalidates = [e.accounts, e.candidates];
/** What a new notice refreshes: the list and the details. */
const NOTICES: Invalidates = [e.notices, e.notice];

type BodyOf<E extends Endpoint> = EndpointInput<E>['body'];

/** A write call of these screens: sends the body and refreshes the queries under `invalidates`. */
function usePost<E extends Endpoint>(endpoint: E, invalidates: Invalidates) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<E>) => callEndpoint(endpoint, { body } as EndpointInput<E>),
    onSuccess: () => invalidateEndpoints(queryClient, invalidates),
  });
}

/** Organization administrators of every organization. */
export const useAdminAccounts = (query: EndpointInput<typeof e.accounts>['query']) =>
  useEndpointQuery(e.accounts, { query }, { select: (r) => r.data, placeholderData: keepPreviousData });

/** Members of an organization who could be promoted. */
export const useAdminCandidates = (organizationId: number | undefined, keyword: string) =>
  useEndpointQuery(
    e.candidates,
    { query: { organizationId: organizationId!, keyword: keyword || undefined } },
    { select: (r) => r.data, enabled: organizationId !== undefined, placeholderData: keepPreviousData },
  );

export const useSaveAdminAccount = () => usePost(e.saveAccount, ACCOUNTS);
export const useAdminAccountStatus = () => usePost(e.accountStatus, ACCOUNTS);
export const useResetAdminPassword = () => usePost(e.resetPassword, ACCOUNTS);
export const useRevokeAdmin = () => usePost(e.revoke, ACCOUNTS);

/** The platform notices sent, newest first. */
export const usePlatformNotices = (query: EndpointInput<typeof e.notices>['query']) =>
  useEndpointQuery(e.notices, { query }, { select: (r) => r.data, placeholderData: keepPreviousData });

/** A notice with its body and delivery per organization. */
export const usePlatformNotice = (id: number | null) =>
  useEndpointQuery(e.notice, { params: { id: id ?? 0 } }, { select: (r) => r.data, enabled: id !== null });

export const useSendPlatformNotice = () => usePost(e.sendNotice, NOTICES);

/** The platform roles (each screen asks with its own permission). */
export const usePlatformRoles = (screen: 'adminAccount' | 'operationMessage', enabled = true) =>
  useEndpointQuery(
    screen === 'adminAccount' ? e.accountRoles : e.noticeRoles,
    {},
    {
      select: (r) => r.data,
      staleTime: 60_000,
      enabled,
    },
  );
