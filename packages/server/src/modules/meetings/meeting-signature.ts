import { and, eq } from 'drizzle-orm';
import { ReportStatus, ResultCode, type RecordSignature } from '@rehab/shared';
import type { AppContext } from '../../context';
import type { Tx, TxOrDb } from '../../db/client';
import { AppError } from '../../http/errors';
import { clockNow } from '../../kernel/clock';
import { patientNames } from '../patients';
import { recordSignature, signRecord } from '../signatures';
import { meetings } from './meetings.tables';

/** Who acts, and whether the organization has its CA integration on (issue 19). */
export type SigningScope = { organizationId: number; userId: number; caIntegration?: boolean };

type MeetingRow = typeof meetings.$inferSelect;

/**
 * What a meeting report's signature covers: the report as the host submitted it (the sanitized text, when), the
 * meeting and patient it is about and its host. A report edited after signing shows as "modified".
 */
export function meetingReportSnapshot(row: MeetingRow) {
  return {
    meetingId: row.id,
    patientId: row.patientId,
    theme: row.theme,
    hostId: row.hostId,
    content: row.reportContent,
    submittedAt: row.reportSubmittedAt?.toISOString() ?? null,
  };
}

/** Signs the submitted report with the signer's certificate, inside the caller's transaction. */
export async function signMeetingReportIn(tx: Tx, scope: SigningScope, row: MeetingRow, now: Date) {
  await signRecord(tx, {
    organizationId: scope.organizationId,
    kind: 'meetingReport',
    recordId: row.id,
    label: row.theme,
    patientId: row.patientId,
    patientName: (await patientNames(tx, scope.organizationId, [row.patientId])).get(row.patientId) ?? null,
    signerId: scope.userId,
    snapshot: meetingReportSnapshot(row),
    method: 'ca',
    caIntegration: scope.caIntegration === true,
    now,
  });
}

async function meetingRow(db: TxOrDb, scope: SigningScope, id: number) {
  const [row] = await db
    .select()
    .from(meetings)
    .where(and(eq(meetings.id, id), eq(meetings.organizationId, scope.organizationId)))
    .limit(1);
  if (!row) throw new AppError(ResultCode.notFound, 'meeting.notFound');
  return row;
}

const submittedOrReviewed = (row: MeetingRow) =>
  row.reportStatus === ReportStatus.submitted || row.reportStatus === ReportStatus.reviewed;

/**
 * POST /sys/meeting/report/sign/:id: the host signs a report submitted without signing (not signing temporarily), or
 * signs it again (a new signature supersedes the last).
 */
export async function signMeetingReport(app: AppContext, scope: SigningScope, id: number): Promise<RecordSignature> {
  await app.db.transaction(async (tx) => {
    const row = await meetingRow(tx, scope, id);
    if (row.hostId !== scope.userId) throw new AppError(ResultCode.conflict, 'meeting.onlyHost');
    if (!submittedOrReviewed(row)) throw new AppError(ResultCode.conflict, 'meeting.reportNotSubmitted');
    await signMeetingReportIn(tx, scope, row, clockNow());
  });
  return meetingReportSignature(app.db, scope, id);
}

/** GET /sys/meeting/report/signature/:id: the report's latest signature, verified against the report as it is now. */
export async function meetingReportSignature(db: TxOrDb, scope: SigningScope, id: number): Promise<RecordSignature> {
  const row = await meetingRow(db, scope, id);
  const state = await recordSignature(db, {
    organizationId: scope.organizationId,
    userId: scope.userId,
    kind: 'meetingReport',
    recordId: id,
    current: meetingReportSnapshot(row),
    caIntegration: scope.caIntegration === true,
  });
  return { ...state, canSign: state.canSign && row.hostId === scope.userId && submittedOrReviewed(row) };
}
