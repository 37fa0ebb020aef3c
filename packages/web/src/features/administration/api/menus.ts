import { menusEndpoints, type MenuSaveInput } from '@rehab/shared';
import { callEndpoint, useEndpointQuery } from '../../../lib/endpoints';
import { useAdminMutation } from './admin-query';
import { ROLES } from './roles';

/** What a menu change refreshes: the menu tree and every role query (the grantable menus). */
const MENUS = [menusEndpoints.list, ...ROLES];

export const useMenuTree = () => useEndpointQuery(menusEndpoints.list, {}, { select: (r) => r.data });

export const useSaveMenu = () =>
  useAdminMutation(
    ({ menuId, ...body }: MenuSaveInput & { menuId?: number }) =>
      menuId
        ? callEndpoint(menusEndpoints.update, { body: { ...body, menuId } })
        : callEndpoint(menusEndpoints.save, { body }),
    MENUS,
  );
export const useDeleteMenu = () =>
  useAdminMutation((v: { menuId: number }) => callEndpoint(menusEndpoints.remove, { params: { id: v.menuId } }), MENUS);
