import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messagesEndpoints, type MessageFile, type MessageListQuery, type MessageSaveInput } from '@rehab/shared';
import { ApiError } from '../../../lib/api';
import {
  callEndpoint,
  downloadEndpoint,
  endpointQuery,
  uploadEndpoint,
  useEndpointMutation,
  useEndpointQuery,
} from '../../../lib/endpoints';
import { session, useSession } from '../../../lib/session';
import { UNREAD_MESSAGES_KEY } from '../../../lib/unread-messages';

const messages = messagesEndpoints;
/** Every query of the messages module (lists, details, recipients, the unread count). */
const MESSAGES = ['sys', 'message'];

/** One page of a box (inbox, sent, recycle bin) or of the cost messages. */
export function useMessageList(params: MessageListQuery) {
  const { organization } = useSession();
  return useEndpointQuery(
    messages.list,
    { query: params },
    { select: (r) => r.data, placeholderData: keepPreviousData, keySuffix: [organization?.id ?? 0] },
  );
}

/** One message (opening a received message marks it read: the unread count refreshes). */
export function useMessageInfo(id: number | null) {
  const queryClient = useQueryClient();
  const input = { params: { id: id ?? 0 } };
  return useQuery({
    ...endpointQuery(messages.info, input, { select: (r) => r.data, enabled: id !== null }),
    queryFn: async () => {
      const answer = await callEndpoint(messages.info, input);
      void queryClient.invalidateQueries({ queryKey: UNREAD_MESSAGES_KEY });
      return answer;
    },
  });
}

const ACTIONS = {
  updateSign: messages.markRead,
  updateAllSign: messages.markAllRead,
  recycleDelete: messages.recycle,
  recycleRestore: messages.restore,
};
type Action = keyof typeof ACTIONS;

/** Mark read, mark all read, move to and out of the recycle bin; lists and the unread count refresh. */
export function useMessageAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ids }: { action: Action; ids?: number[] }) =>
      action === 'updateAllSign'
        ? callEndpoint(ACTIONS.updateAllSign)
        : callEndpoint(ACTIONS[action], { body: ids ? { ids } : {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MESSAGES }),
  });
}

/** The organization's users by office. */
export const useRecipients = () =>
  useEndpointQuery(
    messages.recipients,
    { query: {} },
    { select: (r) => r.data, staleTime: 5 * 60_000, keySuffix: [session.get().organization?.id ?? 0] },
  );

/** Sends a message. */
export function useSendMessage() {
  const send = useEndpointMutation(messages.save, { invalidates: [MESSAGES] });
  return { ...send, mutateAsync: async (input: MessageSaveInput) => (await send.mutateAsync({ body: input })).data };
}

/** Uploads one attachment (multipart): the server checks type, content and size and answers the file. */
export async function uploadMessageFile(file: File): Promise<MessageFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  const body = await uploadEndpoint(messages.upload, {}, form);
  if (!body.data) throw new ApiError(body.code, body.msg, 200, body);
  return body.data;
}

/** An attachment's bytes, fetched with the token header (previewed or saved). */
export async function fetchMessageFile(file: Pick<MessageFile, 'id'>): Promise<Blob> {
  return (await downloadEndpoint(messages.file, { params: { id: file.id } })).blob;
}

/** An attachment, fetched with the token header and saved under its name. */
export async function downloadMessageFile(file: Pick<MessageFile, 'id' | 'name'>) {
  const blob = await fetchMessageFile(file);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = file.name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
