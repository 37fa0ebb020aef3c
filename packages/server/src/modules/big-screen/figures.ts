import {
  addDays,
  maskName,
  scheduleTopic,
  type ScreenQuality,
  type ScreenQueue,
  type ScreenRate,
  type ScreenStaff,
  type ScreenToday,
} from '@rehab/shared';
import type { AppContext } from '../../context';
import { clockNow } from '../../kernel/clock';
import { enabledCount } from '../master-data';
import { userNames } from '../users';
import { dayEquipmentInUse, dayQueue, dayTherapists, dayThroughput, qualityFacts } from '../work-orders';
import { clockedInOn } from '../workload';

/** The hours of the clinic's day the throughput chart shows (the bars of hours outside come in when there are any). */
const FIRST_HOUR = 7;
const LAST_HOUR = 20;
const QUEUE_ROWS = 12;
const RANKING_ROWS = 8;
const QUALITY_DAYS = 30;
const HOUR_MS = 3_600_000;

const today = (app: AppContext) => app.calendar.today();

export async function screenToday(app: AppContext, organizationId: number): Promise<ScreenToday> {
  const date = today(app);
  const t = await dayThroughput(app.db, organizationId, date, app.calendar.timeZone);
  const byHour = new Map(t.hourly.map((h) => [h.hour, h.completed]));
  const hours = [
    ...new Set([...byHour.keys(), ...Array.from({ length: LAST_HOUR - FIRST_HOUR + 1 }, (_, i) => FIRST_HOUR + i)]),
  ];
  return {
    date,
    refreshedAt: clockNow().toISOString(),
    // the screen listens to this organization's schedule doorbell (a TV learns it here: it has no session)
    liveTopic: scheduleTopic(organizationId),
    patients: t.patients,
    inTreatment: t.inTreatment,
    sessions: { total: t.total, completed: t.completed, unfinished: t.unfinished, checkedIn: t.checkedIn },
    hourly: hours.sort((a, b) => a - b).map((hour) => ({ hour, completed: byHour.get(hour) ?? 0 })),
  };
}

/**
 * Therapists on duty (clocked in today, or holding a work order today), busy (a checked-in patient waits for them)
 * or free; the day's ranking by completed sessions; equipment held by a checked-in order of all enabled equipment.
 */
export async function screenStaff(app: AppContext, organizationId: number): Promise<ScreenStaff> {
  const date = today(app);
  const [therapists, clockedIn, inUse, equipment] = await Promise.all([
    dayTherapists(app.db, organizationId, date),
    clockedInOn(app.db, organizationId, date),
    dayEquipmentInUse(app.db, organizationId, date),
    enabledCount(app.db, 'equipment', organizationId),
  ]);
  const onDuty = new Set([...clockedIn, ...therapists.map((t) => t.therapistId)]);
  const busy = therapists.filter((t) => t.waiting > 0).length;
  const top = [...therapists]
    .filter((t) => t.completed + t.unfinished > 0)
    .sort((a, b) => b.completed - a.completed || b.unfinished - a.unfinished || a.therapistId - b.therapistId)
    .slice(0, RANKING_ROWS);
  const names = await userNames(
    app.db,
    top.map((t) => t.therapistId),
  );
  return {
    refreshedAt: clockNow().toISOString(),
    therapists: { onDuty: onDuty.size, busy, free: Math.max(0, onDuty.size - busy) },
    ranking: top.map((t) => ({
      name: names.get(t.therapistId) ?? '—',
      completed: t.completed,
      unfinished: t.unfinished,
    })),
    equipment: { inUse, total: Math.max(equipment, inUse) },
  };
}

/** The queue: patients checked in and waiting, the longest waiting first; patients' names masked. */
export async function screenQueue(app: AppContext, organizationId: number): Promise<ScreenQueue> {
  const { waiting, rows } = await dayQueue(app.db, organizationId, today(app), QUEUE_ROWS);
  const names = await userNames(
    app.db,
    rows.map((r) => r.therapistId),
  );
  const now = clockNow().getTime();
  return {
    refreshedAt: clockNow().toISOString(),
    waiting,
    rows: rows.map((r) => ({
      patient: maskName(r.patientName),
      project: r.projectName,
      therapist: r.therapistId ? (names.get(r.therapistId) ?? null) : null,
      waitedMinutes: Math.max(0, Math.floor((now - r.checkedInAt.getTime()) / 60_000)),
    })),
  };
}

const rateOf = (numerator: number, denominator: number): ScreenRate => ({
  numerator,
  denominator,
  rate: denominator ? Math.round((numerator / denominator) * 1000) / 10 : null,
});

/**
 * The quality tiles over the last 30 service days to yesterday: completion and signature rates of the sessions
 * due, and the early-intervention rate of the courses registered in the 30 days before the last 48 hours.
 */
export async function screenQuality(app: AppContext, organizationId: number): Promise<ScreenQuality> {
  const date = today(app);
  const from = addDays(date, -QUALITY_DAYS);
  const to = addDays(date, -1);
  const now = clockNow();
  const courseBefore = new Date(now.getTime() - 48 * HOUR_MS);
  const courseFrom = new Date(courseBefore.getTime() - QUALITY_DAYS * 24 * HOUR_MS);
  const f = await qualityFacts(app.db, organizationId, {
    from,
    to,
    courseFrom,
    courseBefore,
    timeZone: app.calendar.timeZone,
  });
  return {
    refreshedAt: now.toISOString(),
    from,
    to,
    completion: rateOf(f.completed, f.due),
    signed: rateOf(f.signed, f.completed),
    earlyIntervention: rateOf(f.early, f.courses),
  };
}
