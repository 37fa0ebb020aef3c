import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminAccountCandidate,
  AdminAccountListQuery,
  AdminAccountRow,
  AdminAccountSaveInput,
  NameLang,
  Page,
  PlatformNoticeInfo,
  PlatformNoticeListQuery,
  PlatformNoticeRow,
  PlatformNoticeSendInput,
} from '@rehab/shared';
import { api } from '../../lib/api';

const ACCOUNTS = ['platformAdmin', 'adminAccounts'];
const NOTICES = ['platformAdmin', 'notices'];

/** A write call of these screens: POSTs the body and refreshes the queries under `invalidate`. */
function usePost<V>(url: string, invalidate: string[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: V) => (await api.post<{ data?: unknown }>(url, values)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invalidate }),
  });
}

/** GET /sys/adminAccount/list: organization administrators of every organization. */
export const useAdminAccounts = (query: AdminAccountListQuery & Record<string, unknown>) =>
  useQuery({
    queryKey: [...ACCOUNTS, 'list', query],
    queryFn: async () => (await api.get<{ data: Page<AdminAccountRow> }>('/sys/adminAccount/list', query)).data,
    placeholderData: keepPreviousData,
  });

/** GET /sys/adminAccount/candidates: members of an organization who could be promoted. */
export const useAdminCandidates = (organizationId: number | undefined, keyword: string) =>
  useQuery({
    queryKey: [...ACCOUNTS, 'candidates', organizationId, keyword],
    queryFn: async () =>
      (
        await api.get<{ data: AdminAccountCandidate[] }>('/sys/adminAccount/candidates', {
          organizationId,
          keyword: keyword || undefined,
        })
      ).data,
    enabled: organizationId !== undefined,
    placeholderData: keepPreviousData,
  });

export const useSaveAdminAccount = () => usePost<AdminAccountSaveInput>('/sys/adminAccount/save', ACCOUNTS);
export const useAdminAccountStatus = () =>
  usePost<{ userId: number; status: number }>('/sys/adminAccount/status', ACCOUNTS);
export const useResetAdminPassword = () => usePost<{ userId: number }>('/sys/adminAccount/resetPassword', ACCOUNTS);
export const useRevokeAdmin = () =>
  usePost<{ userId: number; organizationId: number }>('/sys/adminAccount/revoke', ACCOUNTS);

/** GET /sys/operationMessage/list: the platform notices sent, newest first. */
export const usePlatformNotices = (query: PlatformNoticeListQuery & Record<string, unknown>) =>
  useQuery({
    queryKey: [...NOTICES, 'list', query],
    queryFn: async () => (await api.get<{ data: Page<PlatformNoticeRow> }>('/sys/operationMessage/list', query)).data,
    placeholderData: keepPreviousData,
  });

/** GET /sys/operationMessage/info/{id}: a notice with its body and delivery per organization. */
export const usePlatformNotice = (id: number | null) =>
  useQuery({
    queryKey: [...NOTICES, 'info', id],
    queryFn: async () => (await api.get<{ data: PlatformNoticeInfo }>(`/sys/operationMessage/info/${id}`)).data,
    enabled: id !== null,
  });

export const useSendPlatformNotice = () => usePost<PlatformNoticeSendInput>('/sys/operationMessage/send', NOTICES);

export type PlatformRole = { id: number; name: string; nameLang: NameLang };

/** GET /sys/{adminAccount|operationMessage}/roles: the platform roles (the screen's own permission). */
export const usePlatformRoles = (screen: 'adminAccount' | 'operationMessage', enabled = true) =>
  useQuery({
    queryKey: ['platformAdmin', 'roles', screen],
    queryFn: async () => (await api.get<{ data: PlatformRole[] }>(`/sys/${screen}/roles`)).data,
    staleTime: 60_000,
    enabled,
  });
