import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SaveTimesInput, TimeSlotList } from '@rehab/shared';
import { api } from '../../../lib/api';

/** GET /sys/time/list: the organization's periods of the day and their slots. */
export const useTimeSlots = () =>
  useQuery({
    queryKey: ['timeSlots'],
    queryFn: async () => (await api.get<{ data: TimeSlotList }>('/sys/time/list')).data,
  });

/** POST /sys/time/saveTimes: replaces the periods; the answer is the new list. */
export function useSaveTimes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SaveTimesInput) =>
      (await api.post<{ data: TimeSlotList }>('/sys/time/saveTimes', body)).data,
    onSuccess: (data) => queryClient.setQueryData(['timeSlots'], data),
  });
}
