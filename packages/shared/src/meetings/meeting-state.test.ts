import { describe, expect, it } from 'vitest';
import {
  Attendance,
  canMeeting,
  MEETING_REFUSAL_STATUS,
  MeetingRefusal,
  MeetingStatus,
  ReportStatus,
  transitionMeeting,
  type MeetingCommand,
  type MeetingState,
} from './meeting-state';

const HOST = 1;
const APPLICANT = 2;
const P1 = 3;
const P2 = 4;
const STRANGER = 9;

const arranged = (over: Partial<MeetingState> = {}): MeetingState => ({
  status: MeetingStatus.arranged,
  reportStatus: ReportStatus.none,
  hostId: HOST,
  applicantId: APPLICANT,
  participants: [
    { userId: P1, attendance: Attendance.invited },
    { userId: P2, attendance: Attendance.invited },
  ],
  ...over,
});
const run = (s: MeetingState, actor: number, c: MeetingCommand) => transitionMeeting(s, actor, c);
const refusal = (s: MeetingState, actor: number, c: MeetingCommand) => {
  const r = run(s, actor, c);
  return r.ok ? null : r.key;
};
const next = (s: MeetingState, actor: number, c: MeetingCommand) => {
  const r = run(s, actor, c);
  if (!r.ok) throw new Error(r.key);
  return r.state;
};
const attendanceOf = (s: MeetingState, userId: number) => s.participants.find((p) => p.userId === userId)!.attendance;

describe('assessment meeting transitions', () => {
  it('walks the whole way: confirm, leave, presence, draft, submit, review', () => {
    let s = arranged();
    s = next(s, P1, { action: 'confirm' });
    expect(attendanceOf(s, P1)).toBe(Attendance.confirmed);
    s = next(s, P2, { action: 'leave', reason: '门诊排班' });
    expect(s.participants[1]).toMatchObject({ attendance: Attendance.leave, leaveReason: '门诊排班' });
    s = next(s, HOST, { action: 'presence', records: [{ userId: P1, present: true }] });
    expect(attendanceOf(s, P1)).toBe(Attendance.present);
    s = next(s, HOST, { action: 'saveReport', content: '<p>draft</p>' });
    expect(s.reportStatus).toBe(ReportStatus.draft);
    s = next(s, HOST, { action: 'submitReport', content: '<p>final</p>' });
    expect(s.reportStatus).toBe(ReportStatus.submitted);
    s = next(s, APPLICANT, { action: 'review', approve: true });
    expect(s).toMatchObject({ reportStatus: ReportStatus.reviewed, status: MeetingStatus.finished });
    // nothing changes a finished meeting
    for (const c of [
      { action: 'update' },
      { action: 'cancel' },
      { action: 'saveReport' },
      { action: 'presence', records: [{ userId: P1, present: false }] },
    ] as MeetingCommand[]) {
      expect(refusal(s, HOST, c), c.action).toBe(MeetingRefusal.notArranged);
    }
    expect(refusal(s, P1, { action: 'confirm' })).toBe(MeetingRefusal.notArranged);
    expect(refusal(s, STRANGER, { action: 'review', approve: true })).toBe(MeetingRefusal.reportNotSubmitted);
  });

  it('the applicant and the host edit or cancel an arranged meeting, nobody else, and not once it was held', () => {
    expect(next(arranged(), APPLICANT, { action: 'update' }).status).toBe(MeetingStatus.arranged);
    expect(next(arranged(), HOST, { action: 'cancel' }).status).toBe(MeetingStatus.cancelled);
    expect(refusal(arranged(), P1, { action: 'cancel' })).toBe(MeetingRefusal.notOrganizer);
    const held = next(arranged(), HOST, { action: 'presence', records: [{ userId: P2, present: false }] });
    expect(refusal(held, HOST, { action: 'update' })).toBe(MeetingRefusal.alreadyHeld);
    expect(refusal(held, HOST, { action: 'cancel' })).toBe(MeetingRefusal.alreadyHeld);
    const drafted = next(arranged(), HOST, { action: 'saveReport' });
    expect(refusal(drafted, HOST, { action: 'cancel' })).toBe(MeetingRefusal.alreadyHeld);
    const cancelled = next(arranged(), HOST, { action: 'cancel' });
    expect(refusal(cancelled, HOST, { action: 'cancel' })).toBe(MeetingRefusal.notArranged);
    expect(refusal(cancelled, P1, { action: 'confirm' })).toBe(MeetingRefusal.notArranged);
  });

  it('a participant answers only for themself; leave needs a reason; answers may change until presence is recorded', () => {
    expect(refusal(arranged(), STRANGER, { action: 'confirm' })).toBe(MeetingRefusal.notParticipant);
    expect(refusal(arranged(), HOST, { action: 'confirm' })).toBe(MeetingRefusal.notParticipant);
    expect(refusal(arranged(), P1, { action: 'leave', reason: '  ' })).toBe(MeetingRefusal.reasonRequired);
    let s = next(arranged(), P1, { action: 'confirm' });
    expect(refusal(s, P1, { action: 'confirm' })).toBe(MeetingRefusal.alreadyConfirmed);
    s = next(s, P1, { action: 'leave', reason: '手术' });
    expect(refusal(s, P1, { action: 'leave', reason: 'again' })).toBe(MeetingRefusal.alreadyOnLeave);
    s = next(s, P1, { action: 'confirm' });
    expect(s.participants[0]).toMatchObject({ attendance: Attendance.confirmed, leaveReason: null });
    s = next(s, HOST, { action: 'presence', records: [{ userId: P1, present: false }] });
    expect(refusal(s, P1, { action: 'leave', reason: 'late' })).toBe(MeetingRefusal.presenceRecorded);
  });

  it('only the host records presence, for participants only, also for someone on leave who came after all', () => {
    const onLeave = next(arranged(), P1, { action: 'leave', reason: 'x' });
    const s = next(onLeave, HOST, { action: 'presence', records: [{ userId: P1, present: true }] });
    expect(attendanceOf(s, P1)).toBe(Attendance.present);
    expect(refusal(arranged(), APPLICANT, { action: 'presence', records: [] })).toBe(MeetingRefusal.onlyHost);
    expect(refusal(arranged(), HOST, { action: 'presence', records: [{ userId: STRANGER, present: true }] })).toBe(
      MeetingRefusal.notAParticipant,
    );
  });

  it('the report: host only, not empty on submit, every participant accounted for, locked once submitted', () => {
    expect(refusal(arranged(), P1, { action: 'saveReport' })).toBe(MeetingRefusal.onlyHost);
    expect(refusal(arranged(), HOST, { action: 'submitReport', content: '<p></p>'.replace(/<[^>]+>/g, '') })).toBe(
      MeetingRefusal.reportEmpty,
    );
    expect(refusal(arranged(), HOST, { action: 'submitReport', content: 'text' })).toBe(MeetingRefusal.presencePending);
    let s = next(arranged(), P2, { action: 'leave', reason: 'x' });
    s = next(s, HOST, { action: 'presence', records: [{ userId: P1, present: true }] });
    s = next(s, HOST, { action: 'submitReport', content: 'text' });
    expect(refusal(s, HOST, { action: 'saveReport' })).toBe(MeetingRefusal.reportLocked);
    expect(refusal(s, HOST, { action: 'presence', records: [{ userId: P1, present: false }] })).toBe(
      MeetingRefusal.reportLocked,
    );
    expect(refusal(s, P2, { action: 'confirm' })).toBe(MeetingRefusal.presenceRecorded);
  });

  it('review: not by the host, only a submitted report; returning needs an opinion and reopens the draft', () => {
    let s = next(arranged(), HOST, {
      action: 'presence',
      records: [
        { userId: P1, present: true },
        { userId: P2, present: false },
      ],
    });
    expect(refusal(s, APPLICANT, { action: 'review', approve: true })).toBe(MeetingRefusal.reportNotSubmitted);
    s = next(s, HOST, { action: 'submitReport', content: 'text' });
    expect(refusal(s, HOST, { action: 'review', approve: true })).toBe(MeetingRefusal.ownReport);
    expect(refusal(s, STRANGER, { action: 'review', approve: false })).toBe(MeetingRefusal.opinionRequired);
    const returned = next(s, STRANGER, { action: 'review', approve: false, opinion: '请补充康复目标' });
    expect(returned).toMatchObject({ reportStatus: ReportStatus.draft, status: MeetingStatus.arranged });
    expect(next(returned, HOST, { action: 'submitReport', content: 'v2' }).reportStatus).toBe(ReportStatus.submitted);
  });

  it('every refusal has an HTTP status: 400 input, 403 person, 409 state', () => {
    for (const key of Object.values(MeetingRefusal)) expect([400, 403, 409]).toContain(MEETING_REFUSAL_STATUS[key]);
    expect(run(arranged(), STRANGER, { action: 'cancel' })).toEqual({
      ok: false,
      key: MeetingRefusal.notOrganizer,
      status: 403,
    });
  });

  it('canMeeting tells the screens which actions to offer to whom', () => {
    const s = arranged();
    expect(canMeeting(s, HOST, 'presence')).toBe(true);
    expect(canMeeting(s, P1, 'presence')).toBe(false);
    expect(canMeeting(s, P1, 'confirm')).toBe(true);
    expect(canMeeting(s, P1, 'leave')).toBe(true);
    expect(canMeeting(s, HOST, 'review')).toBe(false);
    expect(canMeeting(s, APPLICANT, 'cancel')).toBe(true);
  });
});
