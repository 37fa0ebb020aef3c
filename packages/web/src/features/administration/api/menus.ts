import { useQuery } from '@tanstack/react-query';
import type { AdminMenuNode, MenuSaveInput } from '@rehab/shared';
import { api } from '../../../lib/api';
import { useAdminMutation } from './admin-query';

const MENUS = ['admin', 'menus'];

export const useMenuTree = () =>
  useQuery({
    queryKey: [...MENUS, 'list'],
    queryFn: async () => (await api.get<{ data: AdminMenuNode[] }>('/sys/menu/list')).data,
  });

export const useSaveMenu = () =>
  useAdminMutation<MenuSaveInput & { menuId?: number }>(
    (v) => `/sys/menu/${v.menuId ? 'update' : 'save'}`,
    [MENUS, ['admin', 'roles']],
  );
export const useDeleteMenu = () =>
  useAdminMutation<{ menuId: number }>(
    (v) => `/sys/menu/delete/${v.menuId}`,
    [MENUS, ['admin', 'roles']],
    () => ({}),
  );
