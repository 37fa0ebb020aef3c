import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MessageFile,
  MessageInfo,
  MessageListQuery,
  MessageRow,
  MessageSaveInput,
  Page,
  RecipientOffice,
} from '@rehab/shared';
import { ApiError, api, request } from '../../../lib/api';
import { session, useSession } from '../../../lib/session';
import { UNREAD_MESSAGES_KEY } from '../../../lib/unread-messages';

/** GET /sys/message/list: one page of a box (inbox, sent, recycle bin) or of the cost messages. */
export const messageListQuery = (organizationId: number, params: MessageListQuery) =>
  queryOptions({
    queryKey: ['messages', 'list', organizationId, params],
    queryFn: async ({ signal }) =>
      (await request<{ data: Page<MessageRow> }>('GET', '/sys/message/list', { query: params, signal })).data,
    placeholderData: keepPreviousData,
  });

export function useMessageList(params: MessageListQuery) {
  const { organization } = useSession();
  return useQuery(messageListQuery(organization?.id ?? 0, params));
}

/** GET /sys/message/info/:id (opening a received message marks it read: the unread count refreshes). */
export function useMessageInfo(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['messages', 'info', id],
    queryFn: async () => {
      const data = (await api.get<{ data: MessageInfo }>(`/sys/message/info/${id}`)).data;
      void queryClient.invalidateQueries({ queryKey: UNREAD_MESSAGES_KEY });
      return data;
    },
    enabled: id !== null,
  });
}

type Action = 'updateSign' | 'updateAllSign' | 'recycleDelete' | 'recycleRestore';

/** Mark read, mark all read, move to and out of the recycle bin; lists and the unread count refresh. */
export function useMessageAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ids }: { action: Action; ids?: number[] }) =>
      api.post(`/sys/message/${action}`, ids ? { ids } : {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['messages'] }),
  });
}

/** GET /sys/message/recipients: the organization's users by office. */
export const useRecipients = () =>
  useQuery({
    queryKey: ['messages', 'recipients', session.get().organization?.id ?? 0],
    queryFn: async () => (await api.get<{ data: RecipientOffice[] }>('/sys/message/recipients')).data,
    staleTime: 5 * 60_000,
  });

/** POST /sys/message/save. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: MessageSaveInput) =>
      (await api.post<{ data: { id: number } }>('/sys/message/save', input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['messages'] }),
  });
}

/** POST /sys/message/upload (multipart): the server checks type, content and size and answers the file. */
export async function uploadMessageFile(file: File, signal?: AbortSignal): Promise<MessageFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  const body = await api.upload<{ data?: MessageFile }>('/sys/message/upload', form, { signal });
  if (!body.data) throw new ApiError(body.code, body.msg, 200, body);
  return body.data;
}

/** GET /sys/message/file/:id with the token header, saved under its name. */
export async function downloadMessageFile(file: Pick<MessageFile, 'id' | 'name'>) {
  const { blob } = await api.download(`/sys/message/file/${file.id}`);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = file.name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
