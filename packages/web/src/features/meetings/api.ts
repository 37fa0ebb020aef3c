import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { meetingsEndpoints, type MeetingSaveInput, type MeetingUpdateInput } from '@rehab/shared';
import { callEndpoint, useEndpointQuery } from '../../lib/endpoints';
import { useSession } from '../../lib/session';

const meetings = meetingsEndpoints;
/** Every query of the meetings module: a change refreshes lists, detail, staff and patients. */
const MEETINGS = ['sys', 'meeting'];

export type MeetingListParams = { userType: number; keyword?: string; status?: number; page: number; limit: number };

/** One page of meetings of the chosen list (all, I host, I take part, I applied). */
export function useMeetingList(params: MeetingListParams) {
  const { organization } = useSession();
  return useEndpointQuery(
    meetings.list,
    { body: params },
    { select: (r) => r.data, placeholderData: keepPreviousData, keySuffix: [organization?.id] },
  );
}

export function useMeetingInfo(id: number | null) {
  return useEndpointQuery(
    meetings.info,
    { params: { id: id ?? 0 } },
    { select: (r) => r.data, enabled: id !== null, retry: false },
  );
}

export function useMeetingStaff() {
  const { organization } = useSession();
  return useEndpointQuery(
    meetings.staff,
    {},
    { select: (r) => r.data, staleTime: 60_000, keySuffix: [organization?.id] },
  );
}

export function useMeetingPatients(keyword: string, enabled: boolean) {
  const { organization } = useSession();
  return useEndpointQuery(
    meetings.patients,
    { body: keyword ? { keyword } : {} },
    { select: (r) => r.data, enabled, placeholderData: keepPreviousData, keySuffix: [organization?.id] },
  );
}

/** Every change of a meeting: the call and its body; lists and the detail refresh afterwards. */
export type MeetingChange =
  | { call: 'save'; body: MeetingSaveInput }
  | { call: 'update'; body: MeetingUpdateInput }
  | { call: 'cancel'; body: { id: number; reason?: string } }
  | { call: 'confirm'; body: { id: number } }
  | { call: 'leave'; body: { id: number; reason: string } }
  | { call: 'presence'; body: { id: number; records: { userId: number; present: boolean }[] } }
  | { call: 'saveReport' | 'submitReport'; body: { id: number; content: string; signLater?: boolean } }
  | { call: 'review'; body: { id: number; approve: boolean; opinion?: string } };

/** The answer's `data`: the new meeting's id for `save`, nothing for the others (the plain envelope). */
async function run(change: MeetingChange): Promise<{ id: number } | undefined> {
  switch (change.call) {
    case 'save':
      return (await callEndpoint(meetings.save, { body: change.body })).data;
    case 'update':
      await callEndpoint(meetings.update, { body: change.body });
      return undefined;
    case 'cancel':
      await callEndpoint(meetings.cancel, { body: change.body });
      return undefined;
    case 'confirm':
      await callEndpoint(meetings.confirm, { body: change.body });
      return undefined;
    case 'leave':
      await callEndpoint(meetings.leave, { body: change.body });
      return undefined;
    case 'presence':
      await callEndpoint(meetings.presence, { body: change.body });
      return undefined;
    case 'saveReport':
    case 'submitReport':
      await callEndpoint(meetings[change.call], { body: change.body });
      return undefined;
    case 'review':
      await callEndpoint(meetings.review, { body: change.body });
      return undefined;
  }
}

export function useMeetingChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: MEETINGS }),
  });
}

/** The meeting report's signature, verified against the report as it is now (issue 19). */
export const useMeetingReportSignature = (id: number) =>
  useEndpointQuery(meetings.reportSignature, { params: { id } }, { select: (r) => r.data, enabled: id > 0 });

/** The host signs the submitted report with the CA certificate; the meeting queries refresh. */
export function useSignMeetingReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await callEndpoint(meetings.reportSign, { params: { id } })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: MEETINGS }),
  });
}
