import { useQuery } from '@tanstack/react-query';
import { scalesEndpoints } from '@rehab/shared';
import { endpointQuery, useEndpointMutation, useEndpointQuery } from '../endpoints';

/** The catalogue of scales (same for every organization). */
export const scaleCatalogueQuery = () =>
  endpointQuery(scalesEndpoints.catalogue, {}, { select: (r) => r.data, staleTime: Infinity });

export const useScaleCatalogue = () => useQuery(scaleCatalogueQuery());

/** One definition with its items in published order. */
export const useScaleDefinition = (code: string) =>
  useEndpointQuery(
    scalesEndpoints.definition,
    { params: { code } },
    { select: (r) => r.data, staleTime: Infinity, retry: false, enabled: code !== '' },
  );

/** The server's score of the answers (refusals name the item): `mutate({ params: { code }, body: { answers } })`. */
export const useServerScore = () => useEndpointMutation(scalesEndpoints.score);
