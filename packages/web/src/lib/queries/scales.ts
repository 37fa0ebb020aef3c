import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ScaleDefinition, ScaleSummary } from '@rehab/shared';
import { request } from '../api';

/** GET /scales: the catalogue of scales (same for every organization). */
export const scaleCatalogueQuery = () =>
  queryOptions({
    queryKey: ['scales'],
    queryFn: async ({ signal }) => (await request<{ data: ScaleSummary[] }>('GET', '/scales', { signal })).data,
    staleTime: Infinity,
  });

export const useScaleCatalogue = () => useQuery(scaleCatalogueQuery());

/** GET /scales/:code: one definition with its items in published order. */
export const useScaleDefinition = (code: string) =>
  useQuery({
    queryKey: ['scales', code],
    queryFn: async ({ signal }) =>
      (await request<{ data: ScaleDefinition }>('GET', `/scales/${encodeURIComponent(code)}`, { signal })).data,
    staleTime: Infinity,
    retry: false,
  });

export type ServerScore = {
  total: number | null;
  subscores: Record<string, number | null>;
  band: { min: number; max: number; labelZh: string; labelEn: string } | null;
};

/** POST /scales/:code/score: the server's score of the answers (refusals name the item). */
export const useServerScore = (code: string) =>
  useMutation({
    mutationFn: async (answers: Record<string, string | number>) =>
      (await request<{ data: ServerScore }>('POST', `/scales/${encodeURIComponent(code)}/score`, { body: { answers } }))
        .data,
  });
