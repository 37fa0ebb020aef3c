import { keepPreviousData } from '@tanstack/react-query';
import { masterDataReads, platformTemplatesEndpoints, type TemplateListByTypeQuery } from '@rehab/shared';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoints';

const templates = platformTemplatesEndpoints;

/** The enabled platform templates of some project types. */
export const useOrganizationTemplates = (query: TemplateListByTypeQuery) =>
  useEndpointQuery(templates.listByType, { body: query }, { select: (r) => r.data, placeholderData: keepPreviousData });

/** One platform template, with the organization's copy when imported. */
export const useTemplateInfo = (id: number | null) =>
  useEndpointQuery(templates.info, { params: { id: id ?? 0 } }, { select: (r) => r.data, enabled: id !== null });

/** Copies templates into the organization's treatment projects. */
export function useImportTemplates() {
  const mutation = useEndpointMutation(templates.import, {
    // the treatment projects screen (master-data engine) lists the copies
    invalidates: [templates.listByType, templates.info, ...masterDataReads()],
  });
  return { ...mutation, mutateAsync: async (ids: number[]) => (await mutation.mutateAsync({ body: { ids } })).data };
}
