import { RoleId, SchedulingPerm, schedulingEndpoints } from '@rehab/shared';
import { useEndpointQuery } from '../../../lib/endpoints';
import { agendaOfDoctor, agendaOfTherapist } from '../today-agenda';

export type AgendaKind = 'doctor' | 'therapist';

/**
 * Whose day the home page shows: a doctor's (their patients' orders, the doctor's schedule) or a therapist's (their
 * own bookings); none for other staff, who keep the counters only.
 */
export function agendaKind(roleIds: readonly number[], can: (perm: string) => boolean): AgendaKind | null {
  if (roleIds.includes(RoleId.doctor) && can(SchedulingPerm.doctorSchedule)) return 'doctor';
  if (roleIds.includes(RoleId.therapist) && can(SchedulingPerm.view)) return 'therapist';
  return null;
}

const FRESH_MS = 60_000;

/**
 * The clinician's day for the home page, through the reads the schedule screens use (one request: the schedule
 * view's cards of the therapist, kept by the server, or the doctor's schedule).
 */
export function useTodayAgenda(kind: AgendaKind | null, userId: number, today: string) {
  const therapist = useEndpointQuery(
    schedulingEndpoints.viewMaster,
    { body: { date: today, executeStatus: 2, therapistId: userId, therapistTeamFilter: 0 } },
    { select: (r) => agendaOfTherapist(r.data.list), enabled: kind === 'therapist', staleTime: FRESH_MS },
  );
  const doctor = useEndpointQuery(
    schedulingEndpoints.doctorSchedule,
    { body: { date: today } },
    { select: (r) => agendaOfDoctor(r.data), enabled: kind === 'doctor', staleTime: FRESH_MS },
  );
  return kind === 'doctor' ? doctor : therapist;
}
