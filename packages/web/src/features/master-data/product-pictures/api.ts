import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { productInfoEntity, productPicturesEndpoints as P, type EntityDescriptor } from '@rehab/shared';
import {
  downloadEndpoint,
  endpointKey,
  invalidateEndpoints,
  uploadEndpoint,
  useEndpointMutation,
  useEndpointQuery,
} from '../../../lib/endpoints';

/** Whether an entity's rows have pictures (only the product catalogue's: its table sys_product_picture). */
export const hasPictures = (entity: EntityDescriptor) => entity.name === productInfoEntity.name;

/** A product's pictures in order (the first is the cover). */
export const useProductPictures = (productId: number) =>
  useEndpointQuery(P.list, { params: { id: productId } }, { select: (r) => r.data });

/** The cover of each listed product that has pictures, by product id. */
export function useProductCovers(ids: number[], enabled: boolean) {
  const covers = useEndpointQuery(
    P.covers,
    { body: { ids } },
    { select: (r) => r.data, enabled: enabled && ids.length > 0, placeholderData: keepPreviousData },
  );
  return new Map((covers.data ?? []).map((c) => [c.productId, c]));
}

/**
 * A picture as an object URL (the token travels as a header, so an `<img>` cannot load the route itself), revoked
 * when the component goes; the bytes stay cached, a picture never changes.
 */
export function usePictureUrl(id: number): string | undefined {
  const blob = useQuery({
    queryKey: endpointKey(P.file, { params: { id } }),
    queryFn: async () => (await downloadEndpoint(P.file, { params: { id } })).blob,
    staleTime: Infinity,
  });
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const data = blob.data;
    if (!data) return;
    let live = true;
    let made: string | undefined;
    // made once the render has committed, revoked with it (under StrictMode's second mount too)
    void Promise.resolve().then(() => {
      if (!live) return;
      made = URL.createObjectURL(data);
      setUrl(made);
    });
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [blob.data]);
  return url;
}

const changed = [P.list, P.covers];

/** Uploads a picture to a product (checked on the server: type by content, size, six at most). */
export function useUploadPicture(productId: number) {
  const queryClient = useQueryClient();
  return async (file: Blob) => {
    const form = new FormData();
    form.append('file', file);
    await uploadEndpoint(P.upload, { params: { id: productId } }, form);
    await invalidateEndpoints(queryClient, changed);
  };
}

export const useRemovePicture = () => useEndpointMutation(P.remove, { invalidates: changed });
export const useSortPictures = () => useEndpointMutation(P.sort, { invalidates: changed });
