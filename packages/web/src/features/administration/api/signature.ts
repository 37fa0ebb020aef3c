import { useQuery, useQueryClient, useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api';
import { appConfig } from '../../../lib/config';
import { currentLocale } from '../../../lib/locale';
import { session } from '../../../lib/session';

const headers = () => ({ token: session.get().token ?? '', language: currentLocale() });

/**
 * The signature image of a user as an object URL: the image call needs the token header, which an <img src>
 * cannot send. Null when the user has none.
 */
export const useSignatureImage = (userId: number | null) =>
  useQuery({
    queryKey: ['admin', 'signature', userId],
    enabled: userId !== null,
    queryFn: async () => {
      const res = await fetch(`${appConfig.apiBase}/sys/signature/image/${userId}`, { headers: headers() });
      if (res.status === 404) return null;
      if (!res.ok) throw new ApiError(res.status, res.statusText, res.status);
      return URL.createObjectURL(await res.blob());
    },
  });

/** POST /sys/signature/save/{id}, multipart with the image in `file`. */
export function useUploadSignature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, file }: { userId: number; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      const res = await fetch(`${appConfig.apiBase}/sys/signature/save/${userId}`, {
        method: 'POST',
        headers: headers(),
        body: form,
      });
      const body = (await res.json().catch(() => ({ code: res.status, msg: res.statusText }))) as {
        code: number;
        msg: string;
      };
      if (body.code !== 0) throw new ApiError(body.code, body.msg, res.status, body);
    },
    onSuccess: (_data, { userId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'signature', userId] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
      ]),
  });
}
