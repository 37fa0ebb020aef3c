import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AdminUserInfo,
  AdminUserRow,
  NameLang,
  Page,
  UserListQuery,
  UserPostOptions,
  UserSaveInput,
} from '@rehab/shared';
import { api } from '../../../lib/api';
import { useAdminMutation } from './admin-query';

const USERS = ['admin', 'users'];

/** GET /sys/user/list */
export const useUserList = (query: UserListQuery & Record<string, unknown>) =>
  useQuery({
    queryKey: [...USERS, 'list', query],
    queryFn: async () => (await api.get<{ data: Page<AdminUserRow> }>('/sys/user/list', query)).data,
    placeholderData: keepPreviousData,
  });

/** GET /sys/user/info/{id}/{organizationId}: the user with every membership the caller may see. */
export const useUserInfo = (id: number | null, organizationId: number) =>
  useQuery({
    queryKey: [...USERS, 'info', id, organizationId],
    queryFn: async () => (await api.get<{ data: AdminUserInfo }>(`/sys/user/info/${id}/${organizationId}`)).data,
    enabled: id !== null,
  });

export const useSaveUser = () =>
  useAdminMutation<UserSaveInput & { id?: number }>((v) => `/sys/user/${v.id ? 'update' : 'save'}`, [USERS]);
export const useUserStatus = () =>
  useAdminMutation<{ id: number; status: number }>(() => '/sys/user/updateStatus', [USERS]);
export const useResetPassword = () => useAdminMutation<{ id: number }>(() => '/sys/user/resetPassword', [USERS]);
export const useUserGrade = () =>
  useAdminMutation<{ id: number; type: number }>(() => '/sys/user/upAndDownGrade', [USERS]);
export const useRemoveUser = () =>
  useAdminMutation<{ id: number }>(
    () => '/sys/user/delete',
    [USERS],
    (v) => [v.id],
  );

export type OnlineState = { online: boolean; sessionCount: number; lastSeenAt: string | null };
export const checkOnline = async (id: number) =>
  (await api.post<{ data: OnlineState }>('/sys/user/checkOnlineUser', { id })).data;

export type Option = { id: number; name: string; nameLang: NameLang; parentId?: number | null };
export type RoleOption = { roleId: number; roleName: string; roleNameLang: NameLang };

/** GET /sys/role/select: roles usable in an organization. */
export const useRoleOptions = (organizationId: number | undefined) =>
  useQuery({
    queryKey: ['admin', 'roles', 'select', organizationId ?? 0],
    queryFn: async () => (await api.get<{ data: RoleOption[] }>('/sys/role/select', { organizationId })).data,
    staleTime: 30_000,
  });

/** GET /sys/office/listBox: departments of an organization. */
export const useOfficeOptions = (organizationId: number | undefined) =>
  useQuery({
    queryKey: ['admin', 'offices', 'box', organizationId ?? 0],
    queryFn: async () => (await api.get<{ data: Option[] }>('/sys/office/listBox', { organizationId })).data,
    staleTime: 30_000,
  });

/** GET /sys/user/postOptions: the post types and post small types of an organization (names in the UI language). */
export const usePostOptions = (organizationId: number | undefined, language: string) =>
  useQuery({
    queryKey: ['admin', 'posts', 'options', organizationId ?? 0, language],
    queryFn: async () => (await api.get<{ data: UserPostOptions }>('/sys/user/postOptions', { organizationId })).data,
    staleTime: 30_000,
  });

/** Every user matching the list's filters, for the export: the list read 1000 rows a call. */
export async function fetchAllUsers(filters: UserListQuery & Record<string, unknown>): Promise<AdminUserRow[]> {
  const limit = 1000;
  const rows: AdminUserRow[] = [];
  for (let page = 1; ; page++) {
    const data = (await api.get<{ data: Page<AdminUserRow> }>('/sys/user/list', { ...filters, page, limit })).data;
    rows.push(...data.list);
    if (data.list.length < limit || rows.length >= data.totalCount) return rows;
  }
}
