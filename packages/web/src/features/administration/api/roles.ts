import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminMenuNode, Page, RoleInfo, RoleRow, RoleSaveInput } from '@rehab/shared';
import { api } from '../../../lib/api';
import { useAdminMutation } from './admin-query';

const ROLES = ['admin', 'roles'];

export const useRoleList = (query: { page: number; limit: number; roleName?: string }) =>
  useQuery({
    queryKey: [...ROLES, 'list', query],
    queryFn: async () => (await api.get<{ data: Page<RoleRow> }>('/sys/role/list', query)).data,
    placeholderData: keepPreviousData,
  });

export const useRoleInfo = (id: number | null) =>
  useQuery({
    queryKey: [...ROLES, 'info', id],
    queryFn: async () => (await api.get<{ data: RoleInfo }>(`/sys/role/info/${id}`)).data,
    enabled: id !== null,
  });

/** GET /sys/role/menuTree: the menus the caller may grant. */
export const useGrantableMenus = (enabled: boolean) =>
  useQuery({
    queryKey: [...ROLES, 'menuTree'],
    queryFn: async () => (await api.get<{ data: AdminMenuNode[] }>('/sys/role/menuTree')).data,
    enabled,
  });

export const useSaveRole = () =>
  useAdminMutation<RoleSaveInput & { roleId?: number }>((v) => `/sys/role/${v.roleId ? 'update' : 'save'}`, [ROLES]);
export const useDeleteRole = () =>
  useAdminMutation<{ roleId: number }>(
    () => '/sys/role/delete',
    [ROLES],
    (v) => [v.roleId],
  );
