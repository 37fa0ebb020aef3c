import { keepPreviousData } from '@tanstack/react-query';
import { rolesEndpoints, type RoleSaveInput } from '@rehab/shared';
import { callEndpoint, useEndpointQuery } from '../../../lib/endpoints';
import { useAdminMutation } from './admin-query';

/** What a role change refreshes: every role query (list, forms, menu tree, the user form's choices). */
export const ROLES = [['sys', 'role']];

export const useRoleList = (query: { page: number; limit: number; roleName?: string }) =>
  useEndpointQuery(rolesEndpoints.list, { query }, { select: (r) => r.data, placeholderData: keepPreviousData });

export const useRoleInfo = (id: number | null) =>
  useEndpointQuery(rolesEndpoints.info, { params: { id: id ?? 0 } }, { select: (r) => r.data, enabled: id !== null });

/** The menus the caller may grant. */
export const useGrantableMenus = (enabled: boolean) =>
  useEndpointQuery(rolesEndpoints.menuTree, {}, { select: (r) => r.data, enabled });

export const useSaveRole = () =>
  useAdminMutation(
    ({ roleId, ...body }: RoleSaveInput & { roleId?: number }) =>
      roleId
        ? callEndpoint(rolesEndpoints.update, { body: { ...body, roleId } })
        : callEndpoint(rolesEndpoints.save, { body }),
    ROLES,
  );
export const useDeleteRole = () =>
  useAdminMutation((v: { roleId: number }) => callEndpoint(rolesEndpoints.remove, { body: [v.roleId] }), ROLES);
