import { endpoints, type MenuSaveInput } from '@rehab/shared';
import { callEndpoint, useEndpointQuery } from '../../../lib/endpoints';
import { useAdminMutation } from './admin-query';
import { ROLES } from './roles';

/** What a menu change refreshes: the menu tree and every role query (the grantable menus). */
const MENUS = [endpoints.menus.list, ...ROLES];

export const useMenuTree = () => useEndpointQuery(endpoints.menus.list, {}, { select: (r) => r.data });

export const useSaveMenu = () =>
  useAdminMutation(
    ({ menuId, ...body }: MenuSaveInput & { menuId?: number }) =>
      menuId
        ? callEndpoint(endpoints.menus.update, { body: { ...body, menuId } })
        : callEndpoint(endpoints.menus.save, { body }),
    MENUS,
  );
export const useDeleteMenu = () =>
  useAdminMutation(
    (v: { menuId: number }) => callEndpoint(endpoints.menus.remove, { params: { id: v.menuId } }),
    MENUS,
  );
