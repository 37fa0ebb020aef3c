import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usersEndpoints } from '@rehab/shared';
import { ApiError } from './api';
import { downloadEndpoint, invalidateEndpoints, uploadEndpoint } from './endpoints';
const KEY = 'signature';

/**
 * The signature image of a user as an object URL: the image call needs the token header, which an <img src>
 * cannot send. Null when the user has none.
 */
export const useSignatureImage = (userId: number | null) =>
  useQuery({
    queryKey: [KEY, userId],
    enabled: userId !== null,
    queryFn: async () => {
      try {
        return URL.createObjectURL(
          (await downloadEndpoint(usersEndpoints.signatureImage, { params: { id: userId! } })).blob,
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });

/**
 * Uploads a signature image, multipart with the image in `file`: one's own (`own`) or, for an administrator,
 * another user's.
 */
export function useUploadSignature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, file, own = false }: { userId: number; file: File; own?: boolean }) => {
      const form = new FormData();
      form.append('file', file);
      if (own) await uploadEndpoint(usersEndpoints.saveOwnSignature, {}, form);
      else await uploadEndpoint(usersEndpoints.saveSignature, { params: { id: userId } }, form);
    },
    onSuccess: (_data, { userId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [KEY, userId] }),
        invalidateEndpoints(queryClient, [usersEndpoints.list, usersEndpoints.adminInfo]),
      ]),
  });
}

/** What the browser checks before an upload (the server checks the content again). */
export const SIGNATURE_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';
export const signatureFileProblem = (file: File, maxBytes: number): 'type' | 'size' | null =>
  !/\.(jpe?g|png)$/i.test(file.name) || !['image/jpeg', 'image/png'].includes(file.type)
    ? 'type'
    : file.size > maxBytes
      ? 'size'
      : null;
