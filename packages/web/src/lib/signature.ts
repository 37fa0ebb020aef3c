import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from './api';
import { appConfig } from './config';
import { currentLocale } from './locale';
import { session } from './session';

const headers = () => ({ token: session.get().token ?? '', language: currentLocale() });
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
      const res = await fetch(`${appConfig.apiBase}/sys/signature/image/${userId}`, { headers: headers() });
      if (res.status === 404) return null;
      if (!res.ok) throw new ApiError(res.status, res.statusText, res.status);
      return URL.createObjectURL(await res.blob());
    },
  });

/**
 * Uploads a signature image, multipart with the image in `file`: one's own (`POST /sys/signature/save`, `own`) or,
 * for an administrator, another user's (`POST /sys/signature/save/{id}`).
 */
export function useUploadSignature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, file, own = false }: { userId: number; file: File; own?: boolean }) => {
      const form = new FormData();
      form.append('file', file);
      const url = own ? '/sys/signature/save' : `/sys/signature/save/${userId}`;
      const res = await fetch(`${appConfig.apiBase}${url}`, { method: 'POST', headers: headers(), body: form });
      const body = (await res.json().catch(() => ({ code: res.status, msg: res.statusText }))) as {
        code: number;
        msg: string;
      };
      if (body.code !== 0) throw new ApiError(body.code, body.msg, res.status, body);
    },
    onSuccess: (_data, { userId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [KEY, userId] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
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
