import { keepPreviousData } from '@tanstack/react-query';
import { endpoints, type AdminUserRow, type UserListQuery, type UserSaveInput } from '@rehab/shared';
import { callEndpoint, useEndpointQuery } from '../../../lib/endpoints';
import { useAdminMutation } from './admin-query';

/** What a user change refreshes: the list and the user forms. */
const USERS = [endpoints.users.list, endpoints.users.adminInfo];

export const useUserList = (query: UserListQuery) =>
  useEndpointQuery(endpoints.users.list, { query }, { select: (r) => r.data, placeholderData: keepPreviousData });

/** The user with every membership the caller may see. */
export const useUserInfo = (id: number | null, organizationId: number) =>
  useEndpointQuery(
    endpoints.users.adminInfo,
    { params: { id: id ?? 0, organizationId } },
    { select: (r) => r.data, enabled: id !== null },
  );

export const useSaveUser = () =>
  useAdminMutation(
    ({ id, ...body }: UserSaveInput & { id?: number }) =>
      id
        ? callEndpoint(endpoints.users.update, { body: { ...body, id } })
        : callEndpoint(endpoints.users.save, { body }),
    USERS,
  );
export const useUserStatus = () =>
  useAdminMutation(
    (body: { id: number; status: number }) => callEndpoint(endpoints.users.updateStatus, { body }),
    USERS,
  );
export const useResetPassword = () =>
  useAdminMutation((body: { id: number }) => callEndpoint(endpoints.users.resetUserPassword, { body }), USERS);
export const useUserGrade = () =>
  useAdminMutation(
    (body: { id: number; type: number }) => callEndpoint(endpoints.users.upAndDownGrade, { body }),
    USERS,
  );
export const useRemoveUser = () =>
  useAdminMutation((v: { id: number }) => callEndpoint(endpoints.users.remove, { body: [v.id] }), USERS);

export const checkOnline = async (id: number) =>
  (await callEndpoint(endpoints.users.checkOnline, { body: { id } })).data;

/** Roles usable in an organization. */
export const useRoleOptions = (organizationId: number | undefined) =>
  useEndpointQuery(endpoints.roles.select, { query: { organizationId } }, { select: (r) => r.data, staleTime: 30_000 });

/** Departments of an organization. */
export const useOfficeOptions = (organizationId: number | undefined) =>
  useEndpointQuery(endpoints.offices.box, { query: { organizationId } }, { select: (r) => r.data, staleTime: 30_000 });

/** The post types and post small types of an organization (names in the UI language). */
export const usePostOptions = (organizationId: number | undefined, language: string) =>
  useEndpointQuery(
    endpoints.users.postOptions,
    { query: { organizationId } },
    { select: (r) => r.data, staleTime: 30_000, keySuffix: [language] },
  );

/** Every user matching the list's filters, for the export: the list read 1000 rows a call. */
export async function fetchAllUsers(filters: UserListQuery): Promise<AdminUserRow[]> {
  const limit = 1000;
  const rows: AdminUserRow[] = [];
  for (let page = 1; ; page++) {
    const { data } = await callEndpoint(endpoints.users.list, { query: { ...filters, page, limit } });
    rows.push(...data.list);
    if (data.list.length < limit || rows.length >= data.totalCount) return rows;
  }
}
