import {
  organizationsEndpoints,
  type OrganizationConfigInput,
  type OrganizationConfigView,
  type OrganizationSaveInput,
} from '@rehab/shared';
import { callEndpoint, useEndpointQuery } from '../../../lib/endpoints';
import { useAdminMutation } from './admin-query';

/** What an organization change refreshes: the tree, the configs, the relations and the dropdowns. */
const ORGS = [
  ['sys', 'organization'],
  ['sys', 'organizationConfig'],
  ['sys', 'relationOrganization'],
];

export const useOrganizationTree = (name?: string) =>
  useEndpointQuery(organizationsEndpoints.list, { query: { name } }, { select: (r) => r.data });

export type ProductSwitch = OrganizationConfigView['products'][number];

export const useOrganizationConfig = (organizationId: number | null) =>
  useEndpointQuery(
    organizationsEndpoints.config,
    { body: { organizationId } },
    { select: (r) => r.data, enabled: organizationId !== null },
  );

export const useRelations = (organizationId: number | null) =>
  useEndpointQuery(
    organizationsEndpoints.relations,
    { query: { organizationId } },
    { select: (r) => r.data, enabled: organizationId !== null },
  );

export const useSaveOrganization = () =>
  useAdminMutation(
    ({ id, ...body }: OrganizationSaveInput & { id?: number }) =>
      id
        ? callEndpoint(organizationsEndpoints.update, { body: { ...body, id } })
        : callEndpoint(organizationsEndpoints.save, { body }),
    ORGS,
  );
export const useDeleteOrganization = () =>
  useAdminMutation((v: { id: number }) => callEndpoint(organizationsEndpoints.remove, { body: [v.id] }), ORGS);
export const useSaveOrganizationConfig = () =>
  useAdminMutation((body: OrganizationConfigInput) => callEndpoint(organizationsEndpoints.saveConfig, { body }), ORGS);
export const useSaveRelations = () =>
  useAdminMutation(
    (body: { organizationId: number; relatedIds: number[] }) =>
      callEndpoint(organizationsEndpoints.saveRelations, { body }),
    ORGS,
  );
