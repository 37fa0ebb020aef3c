import { useQueryClient } from '@tanstack/react-query';
import { timeSlotsEndpoints } from '@rehab/shared';
import { endpointKey, useEndpointMutation, useEndpointQuery } from '../../../lib/endpoints';

/** The organization's periods of the day and their slots. */
export const useTimeSlots = () => useEndpointQuery(timeSlotsEndpoints.list, {}, { select: (r) => r.data });

/** Replaces the periods; the answer is the new list. */
export function useSaveTimes() {
  const queryClient = useQueryClient();
  return useEndpointMutation(timeSlotsEndpoints.save, {
    onSuccess: (answer) => queryClient.setQueryData(endpointKey(timeSlotsEndpoints.list), answer),
  });
}
