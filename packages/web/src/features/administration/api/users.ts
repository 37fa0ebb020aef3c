import { keepPreviousData } from '@tanstack/react-query';
import {
  officesEndpoints,
  rolesEndpoints,
  usersEndpoints,
  type AdminUserRow,
  type UserListQuery,
  type UserSaveInput,
} from '@rehab/shared';
import { callEndpoint, useEndpointQuery } from '../../../lib/endpoints';
import { useAdminMutation } from './admin-query';

/** What a user change refreshes: the list and the user forms. */
const USERS = [usersEndpoints.list, usersEndpoints.adminInfo];

export const useUserList = (query: UserListQuery) =>
  useEndpointQuery(usersEndpoints.list, { query }, { select: (r) => r.data, placeholderData: keepPreviousData });

/** The user with every membership the caller may see. */
export const useUserInfo = (id: number | null, organizationId: number) =>
  useEndpointQuery(
    usersEndpoints.adminInfo,
    { params: { id: id ?? 0, organizationId } },
    { select: (r) => r.data, enabled: id !== null },
  );

export const useSaveUser = () =>
  useAdminMutation(
    ({ id, ...body }: UserSaveInput & { id?: number }) =>
      id ? callEndpoint(usersEndpoints.update, { body: { ...body, id } }) : callEndpoint(usersEndpoints.save, { body }),
    USERS,
  );
export const useUserStatus = () =>
  useAdminMutation(
    (body: { id: number; status: number }) => callEndpoint(usersEndpoints.updateStatus, { body }),
    USERS,
  );
export const useResetPassword = () =>
  useAdminMutation((body: { id: number }) => callEndpoint(usersEndpoints.resetUserPassword, { body }), USERS);
export const useUserGrade = () =>
  useAdminMutation(
    (body: { id: number; type: number }) => callEndpoint(usersEndpoints.upAndDownGrade, { body }),
    USERS,
  );
export const useRemoveUser = () =>
  useAdminMutation((v: { id: number }) => callEndpoint(usersEndpoints.remove, { body: [v.id] }), USERS);

export const checkOnline = async (id: number) =>
  (await callEndpoint(usersEndpoints.checkOnline, { body: { id } })).data;

/** Roles usable in an organization. */
export const useRoleOptions = (organizationId: number | undefined) =>
  useEndpointQuery(rolesEndpoints.select, { query: { organizationId } }, { select: (r) => r.data, staleTime: 30_000 });

/** Departments of an organization. */
export const useOfficeOptions = (organizationId: number | undefined) =>
  useEndpointQuery(officesEndpoints.box, { query: { organizationId } }, { select: (r) => r.data, staleTime: 30_000 });

/** The post types and post small types of an organization (names in the UI language). */
export const usePostOptions = (organizationId: number | undefined, language: string) =>
  useEndpointQuery(
    usersEndpoints.postOptions,
    { query: { organizationId } },
    { select: (r) => r.data, staleTime: 30_000, keySuffix: [language] },
  );

/** Every user matching the list's filters, for the export: the list read 1000 rows a call. */
export async function fetchAllUsers(filters: UserListQuery): Promise<AdminUserRow[]> {
  const limit = 1000;
  const rows: AdminUserRow[] = [];
  for (let page = 1; ; page++) {
    const { data } = await callEndpoint(usersEndpoints.list, { query: { ...filters, page, limit } });
    rows.push(...data.list);
    if (data.list.length < limit || rows.length >= data.totalCount) return rows;
  }
}
