/**
 * The assessment meeting (评估会议, a multidisciplinary case conference about one patient) as ONE transition
 * function. Written down in docs/decisions.md ("Assessment meetings").
 *
 * A meeting has a status, a report status and one attendance per participant:
 * - meeting status: arranged (已安排) → finished (已完成) when its report is reviewed; arranged → cancelled (已取消).
 * - report status: none → draft (草稿) → submitted (已提交) → reviewed (已审核); a reviewer may also return a
 *   submitted report to draft with an opinion.
 * - attendance (spec section 4): invited (待确认) → confirmed (已确认) or cannot attend (请假, with a reason), either
 *   way back and forth while the meeting is arranged; the host then records present (已出席) or not present (未出席)
 *   for anyone, also for someone who had asked for leave and came after all.
 *
 * Who may act (the route's permission code is checked before): the applicant (who arranged it) and the host edit or
 * cancel; only a participant answers for themself; only the host records presence and writes and submits the
 * report; the reviewer must not be the host (no one reviews their own report).
 *
 * Refusals are i18n keys (namespace `meeting`); `MEETING_REFUSAL_STATUS` gives the HTTP status of each: 400 missing
 * input, 403 the wrong person, 409 the wrong state.
 */

export const MeetingStatus = { arranged: 1, finished: 2, cancelled: 3 } as const;
export type MeetingStatusCode = (typeof MeetingStatus)[keyof typeof MeetingStatus];

export const ReportStatus = { none: 0, draft: 1, submitted: 2, reviewed: 3 } as const;
export type ReportStatusCode = (typeof ReportStatus)[keyof typeof ReportStatus];

export const Attendance = { invited: 0, confirmed: 1, leave: 2, present: 3, absent: 4 } as const;
export type AttendanceCode = (typeof Attendance)[keyof typeof Attendance];

export const MEETING_STATUSES: readonly MeetingStatusCode[] = Object.values(MeetingStatus);
export const REPORT_STATUSES: readonly ReportStatusCode[] = Object.values(ReportStatus);
export const ATTENDANCES: readonly AttendanceCode[] = Object.values(Attendance);

export type MeetingParticipantState = { userId: number; attendance: AttendanceCode; leaveReason?: string | null };

export type MeetingState = {
  status: MeetingStatusCode;
  reportStatus: ReportStatusCode;
  hostId: number;
  applicantId: number;
  participants: MeetingParticipantState[];
};

export type MeetingCommand =
  | { action: 'update' }
  | { action: 'cancel' }
  | { action: 'confirm' }
  | { action: 'leave'; reason?: string | null }
  | { action: 'presence'; records: { userId: number; present: boolean }[] }
  | { action: 'saveReport'; content?: string | null }
  | { action: 'submitReport'; content?: string | null }
  | { action: 'review'; approve: boolean; opinion?: string | null };

export type MeetingActionName = MeetingCommand['action'];
export const MEETING_ACTIONS: readonly MeetingActionName[] = [
  'update',
  'cancel',
  'confirm',
  'leave',
  'presence',
  'saveReport',
  'submitReport',
  'review',
];

export const MeetingRefusal = {
  notArranged: 'meeting.notArranged',
  notOrganizer: 'meeting.notOrganizer',
  alreadyHeld: 'meeting.alreadyHeld',
  notParticipant: 'meeting.notParticipant',
  presenceRecorded: 'meeting.presenceRecorded',
  alreadyConfirmed: 'meeting.alreadyConfirmed',
  alreadyOnLeave: 'meeting.alreadyOnLeave',
  reasonRequired: 'meeting.reasonRequired',
  onlyHost: 'meeting.onlyHost',
  notAParticipant: 'meeting.notAParticipant',
  reportLocked: 'meeting.reportLocked',
  reportEmpty: 'meeting.reportEmpty',
  presencePending: 'meeting.presencePending',
  reportNotSubmitted: 'meeting.reportNotSubmitted',
  ownReport: 'meeting.ownReport',
  opinionRequired: 'meeting.opinionRequired',
} as const;
export type MeetingRefusalKey = (typeof MeetingRefusal)[keyof typeof MeetingRefusal];

/** HTTP status of each refusal. */
export const MEETING_REFUSAL_STATUS: Record<MeetingRefusalKey, 400 | 403 | 409> = {
  'meeting.notArranged': 409,
  'meeting.notOrganizer': 403,
  'meeting.alreadyHeld': 409,
  'meeting.notParticipant': 403,
  'meeting.presenceRecorded': 409,
  'meeting.alreadyConfirmed': 409,
  'meeting.alreadyOnLeave': 409,
  'meeting.reasonRequired': 400,
  'meeting.onlyHost': 403,
  'meeting.notAParticipant': 400,
  'meeting.reportLocked': 409,
  'meeting.reportEmpty': 400,
  'meeting.presencePending': 409,
  'meeting.reportNotSubmitted': 409,
  'meeting.ownReport': 403,
  'meeting.opinionRequired': 400,
};

export type MeetingTransition =
  { ok: true; state: MeetingState } | { ok: false; key: MeetingRefusalKey; status: 400 | 403 | 409 };

const refuse = (key: MeetingRefusalKey): MeetingTransition => ({ ok: false, key, status: MEETING_REFUSAL_STATUS[key] });
const blank = (v: string | null | undefined) => (v ?? '').trim() === '';
const recorded = (a: AttendanceCode) => a === Attendance.present || a === Attendance.absent;

/** Whether the meeting has been held: any presence recorded, or a report beyond a draft. */
export const meetingHeld = (s: MeetingState) =>
  s.participants.some((p) => recorded(p.attendance)) || s.reportStatus >= ReportStatus.submitted;

/**
 * The one transition function: the meeting's state, who acts and the command give the next state or a refusal.
 * Pure: the caller stores the next state (and the texts the command carries) in one transaction.
 */
export function transitionMeeting(state: MeetingState, actorId: number, command: MeetingCommand): MeetingTransition {
  const ok = (next: Partial<MeetingState>): MeetingTransition => ({ ok: true, state: { ...state, ...next } });
  const organizer = actorId === state.hostId || actorId === state.applicantId;
  const isHost = actorId === state.hostId;
  const arranged = state.status === MeetingStatus.arranged;
  const setAttendance = (userId: number, attendance: AttendanceCode, leaveReason: string | null = null) =>
    state.participants.map((p) => (p.userId === userId ? { ...p, attendance, leaveReason } : p));

  switch (command.action) {
    case 'update':
    case 'cancel':
      if (!organizer) return refuse(MeetingRefusal.notOrganizer);
      if (!arranged) return refuse(MeetingRefusal.notArranged);
      if (meetingHeld(state) || (command.action === 'cancel' && state.reportStatus !== ReportStatus.none))
        return refuse(MeetingRefusal.alreadyHeld);
      return command.action === 'cancel' ? ok({ status: MeetingStatus.cancelled }) : ok({});
    case 'confirm':
    case 'leave': {
      const me = state.participants.find((p) => p.userId === actorId);
      if (!me) return refuse(MeetingRefusal.notParticipant);
      if (!arranged) return refuse(MeetingRefusal.notArranged);
      if (recorded(me.attendance) || state.reportStatus >= ReportStatus.submitted)
        return refuse(MeetingRefusal.presenceRecorded);
      if (command.action === 'confirm') {
        if (me.attendance === Attendance.confirmed) return refuse(MeetingRefusal.alreadyConfirmed);
        return ok({ participants: setAttendance(actorId, Attendance.confirmed) });
      }
      if (me.attendance === Attendance.leave) return refuse(MeetingRefusal.alreadyOnLeave);
      if (blank(command.reason)) return refuse(MeetingRefusal.reasonRequired);
      return ok({ participants: setAttendance(actorId, Attendance.leave, command.reason!.trim()) });
    }
    case 'presence': {
      if (!isHost) return refuse(MeetingRefusal.onlyHost);
      if (!arranged) return refuse(MeetingRefusal.notArranged);
      if (state.reportStatus >= ReportStatus.submitted) return refuse(MeetingRefusal.reportLocked);
      let participants = state.participants;
      for (const r of command.records) {
        const p = participants.find((x) => x.userId === r.userId);
        if (!p) return refuse(MeetingRefusal.notAParticipant);
        const attendance = r.present ? Attendance.present : Attendance.absent;
        participants = participants.map((x) => (x.userId === r.userId ? { ...x, attendance } : x));
      }
      return ok({ participants });
    }
    case 'saveReport':
    case 'submitReport': {
      if (!isHost) return refuse(MeetingRefusal.onlyHost);
      if (!arranged) return refuse(MeetingRefusal.notArranged);
      if (state.reportStatus >= ReportStatus.submitted) return refuse(MeetingRefusal.reportLocked);
      if (command.action === 'saveReport') return ok({ reportStatus: ReportStatus.draft });
      if (blank(command.content)) return refuse(MeetingRefusal.reportEmpty);
      const pending = state.participants.some((p) => p.attendance !== Attendance.leave && !recorded(p.attendance));
      if (pending) return refuse(MeetingRefusal.presencePending);
      return ok({ reportStatus: ReportStatus.submitted });
    }
    case 'review':
      if (isHost) return refuse(MeetingRefusal.ownReport);
      if (state.reportStatus !== ReportStatus.submitted || !arranged) return refuse(MeetingRefusal.reportNotSubmitted);
      if (command.approve) return ok({ reportStatus: ReportStatus.reviewed, status: MeetingStatus.finished });
      if (blank(command.opinion)) return refuse(MeetingRefusal.opinionRequired);
      return ok({ reportStatus: ReportStatus.draft });
  }
}

/** Whether `actorId` may take an action at all in a state (for showing buttons); input checks are left to the call. */
export function canMeeting(state: MeetingState, actorId: number, action: MeetingActionName): boolean {
  const probe: MeetingCommand =
    action === 'leave'
      ? { action, reason: '-' }
      : action === 'presence'
        ? { action, records: [] }
        : action === 'submitReport'
          ? { action, content: '-' }
          : action === 'review'
            ? { action, approve: true }
            : { action };
  return transitionMeeting(state, actorId, probe).ok;
}
