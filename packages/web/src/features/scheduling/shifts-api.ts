import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShiftSaveInput, ShiftType } from '@rehab/shared';
import { api } from '../../lib/api';
import { SCHEDULE_FALLBACK_MS, useLiveSchedule } from './api';

export type ShiftWeek = {
  weekStart: string;
  days: string[];
  list: { therapistId: number; therapistName: string; shifts: Record<string, ShiftType> }[];
};

export const useShiftWeek = (weekStart: string, enabled = true) =>
  useQuery({
    queryKey: ['scheduling', 'shifts', weekStart],
    queryFn: async () => (await api.post<{ data: ShiftWeek }>('/sys/shift/list', { weekStart })).data,
    placeholderData: keepPreviousData,
    enabled,
  });

export function useSaveShifts() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: ShiftSaveInput) =>
      (await api.post<{ data: { saved: number; cleared: number } }>('/sys/shift/save', body)).data,
    onSettled: () => qc.invalidateQueries({ queryKey: ['scheduling'] }),
  });
}

export type DoctorScheduleRow = {
  workOrderId: number;
  status: number;
  patientId: number;
  patientName: string;
  bedNo: string | null;
  projectName: string;
  startTime: string;
  endTime: string;
  therapistName: string | null;
  equipmentName: string | null;
};
export type DoctorSchedule = {
  date: string;
  patients: { patientId: number; patientName: string }[];
  scheduled: DoctorScheduleRow[];
  unscheduled: Omit<DoctorScheduleRow, 'startTime' | 'endTime' | 'therapistName' | 'equipmentName'>[];
};

/** The doctor's schedule of a day, live (useLiveSchedule). */
export const useDoctorSchedule = (date: string, patientId?: number) => {
  useLiveSchedule();
  return useQuery({
    queryKey: ['scheduling', 'doctor', date, patientId ?? null],
    queryFn: async () =>
      (await api.post<{ data: DoctorSchedule }>('/schedulingManagement/doctorSchedule', { date, patientId })).data,
    placeholderData: keepPreviousData,
    refetchInterval: SCHEDULE_FALLBACK_MS,
  });
};
