import { methodsEndpoints, type MethodSaveInput, type MethodUpdateInput } from '@rehab/shared';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoints';
import { useScaleCatalogue } from '../../../lib/queries/scales';

export type MethodSearch = { keyword?: string; phase?: number; status?: number };

/** Every query of the methods module (lists, the enabled methods of the assessment screens): refreshed after a change. */
const METHODS = ['sys', 'method'];

/** One page of the organization's assessment methods. */
export const useMethods = (search: MethodSearch, page: number, limit: number) =>
  useEndpointQuery(methodsEndpoints.list, { body: { ...search, page, limit } }, { select: (r) => r.data });

const ALL = { body: { page: 1, limit: 1000 } };

/** The scale codes the organization already uses (the add form offers the others). */
export const useUsedScaleCodes = () =>
  useEndpointQuery(methodsEndpoints.list, ALL, { select: (r) => r.data.list.map((m) => m.scaleCode) });

/** The platform catalogue (the same cache entry as the scale library). */
export const useCatalogue = useScaleCatalogue;

export function useSaveMethod() {
  const save = useEndpointMutation(methodsEndpoints.save, { invalidates: [METHODS] });
  const update = useEndpointMutation(methodsEndpoints.update, { invalidates: [METHODS] });
  return {
    isPending: save.isPending || update.isPending,
    mutateAsync: (input: MethodSaveInput | MethodUpdateInput) =>
      'id' in input ? update.mutateAsync({ body: input }) : save.mutateAsync({ body: input }),
  };
}

export function useDeleteMethod() {
  const remove = useEndpointMutation(methodsEndpoints.delete, { invalidates: [METHODS] });
  return { ...remove, mutateAsync: (id: number) => remove.mutateAsync({ params: { id } }) };
}

/** Every assessment method of the organization in its order (the arrange dialog). */
export const useAllMethods = (enabled: boolean) =>
  useEndpointQuery(methodsEndpoints.list, ALL, { select: (r) => r.data.list, enabled });

/** The enabled methods in their order; the others are disabled and follow. */
export function useUpdateProjects() {
  const update = useEndpointMutation(methodsEndpoints.updateProjects, { invalidates: [METHODS] });
  return { ...update, mutateAsync: (ids: number[]) => update.mutateAsync({ body: { ids } }) };
}
