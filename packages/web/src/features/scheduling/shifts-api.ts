import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { schedulingEndpoints, type ShiftSaveInput } from '@rehab/shared';
import { callEndpoint, useEndpointQuery } from '../../lib/endpoints';
import { SCHEDULE_FALLBACK_MS, invalidateScheduling, useLiveSchedule } from './api';

export type { DoctorSchedule, DoctorScheduleRow, ShiftWeek } from '@rehab/shared';

const S = schedulingEndpoints;

export const useShiftWeek = (weekStart: string, enabled = true) =>
  useEndpointQuery(
    S.shiftList,
    { body: { weekStart } },
    { select: (r) => r.data, placeholderData: keepPreviousData, enabled },
  );

export function useSaveShifts() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: ShiftSaveInput) => (await callEndpoint(S.shiftSave, { body })).data,
    onSettled: () => invalidateScheduling(qc),
  });
}

/** The doctor's schedule of a day, live (useLiveSchedule). */
export const useDoctorSchedule = (date: string, patientId?: number) => {
  useLiveSchedule();
  return useEndpointQuery(
    S.doctorSchedule,
    { body: { date, patientId } },
    { select: (r) => r.data, placeholderData: keepPreviousData, refetchInterval: SCHEDULE_FALLBACK_MS },
  );
};
