import type { DoctorSchedule, ScheduleEntry } from '@rehab/shared';

/** One work order of the clinician's day on the home page. */
export type AgendaItem = {
  workOrderId: number;
  patientId: number;
  patientName: string;
  bedNumber: string | null;
  projectName: string;
  /** HH:mm, null for an order not booked into a slot yet */
  start: string | null;
  end: string | null;
  equipmentName: string | null;
  therapistName: string | null;
  status: number;
};

/** Work order status 1: not executed yet (the others are done, signed, invalidated or expired). */
const UNFINISHED = 1;

/** The therapist's day from the schedule view's list of their bookings (viewMasterList with their id). */
export function agendaOfTherapist(entries: ScheduleEntry[]): AgendaItem[] {
  return entries.flatMap((e) => {
    const [start = null, end = null] = e.timeQuantum.split('-');
    return e.referral.map((c) => ({
      workOrderId: c.id,
      patientId: c.patientId,
      patientName: c.patientName,
      bedNumber: c.bedNumber,
      projectName: c.projectName,
      start,
      end,
      equipmentName: c.equipmentName,
      therapistName: null,
      status: c.status,
    }));
  });
}

/** The doctor's day: their patients' booked orders, then those not booked yet. */
export function agendaOfDoctor(day: DoctorSchedule): AgendaItem[] {
  return [
    ...day.scheduled.map((r) => ({
      workOrderId: r.workOrderId,
      patientId: r.patientId,
      patientName: r.patientName,
      bedNumber: r.bedNo,
      projectName: r.projectName,
      start: r.startTime,
      end: r.endTime,
      equipmentName: r.equipmentName,
      therapistName: r.therapistName,
      status: r.status,
    })),
    ...day.unscheduled.map((r) => ({
      workOrderId: r.workOrderId,
      patientId: r.patientId,
      patientName: r.patientName,
      bedNumber: r.bedNo,
      projectName: r.projectName,
      start: null,
      end: null,
      equipmentName: null,
      therapistName: null,
      status: r.status,
    })),
  ];
}

const byStart = (a: AgendaItem, b: AgendaItem) =>
  (a.start ?? '99:99').localeCompare(b.start ?? '99:99') || a.patientName.localeCompare(b.patientName);

/**
 * The order the home page lists the day in, the next patient first: the orders still to be executed whose slot has
 * not ended yet (by start time; the first of them is "next"), then those not booked into a slot, then the ones still
 * open whose slot is over, then what is done (executed, signed, invalidated, expired), each by time.
 */
export function orderAgenda(items: AgendaItem[], now: string): { list: AgendaItem[]; next: AgendaItem | null } {
  const open = items.filter((i) => i.status === UNFINISHED);
  const coming = open.filter((i) => i.end !== null && i.end > now).sort(byStart);
  const unbooked = open.filter((i) => i.end === null).sort(byStart);
  const missed = open.filter((i) => i.end !== null && i.end <= now).sort(byStart);
  const closed = items.filter((i) => i.status !== UNFINISHED).sort(byStart);
  return { list: [...coming, ...unbooked, ...missed, ...closed], next: coming[0] ?? null };
}
