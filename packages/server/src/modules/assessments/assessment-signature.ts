import type { AssessProjectInfo, RecordSignature } from '@rehab/shared';
import type { AppContext } from '../../context';
import { recordSignature, signRecord } from '../signatures';
import { submittedAssessment, type AssessScope } from './assessments.service';

/**
 * What an assessment report's signature covers: the submitted record as the server scored it, in no language
 * (names and labels are read from the scale when the report is printed), and the report attachments filed with it.
 * The same function builds the snapshot when signing and when verifying, so any change to the record or its
 * attachments after signing shows as "modified".
 */
export function reportSnapshot(info: AssessProjectInfo) {
  const r = info.record!;
  return {
    projectId: info.id,
    patientId: info.patientId,
    scaleCode: info.scaleCode,
    phase: info.phase,
    reportName: info.reportName,
    answers: r.answers,
    total: r.total,
    subscores: r.subscores,
    levels: r.levels,
    submittedAt: r.submittedAt,
    submittedById: r.submittedById,
    attachments: info.attachments.map((a) => ({ id: a.id, name: a.name, size: a.size })),
  };
}

/** POST /sys/assess/sign/:id: signs the submitted report with the caller's CA certificate (issue 19). */
export async function signReport(
  app: AppContext,
  scope: AssessScope,
  id: number,
  caIntegration: boolean,
): Promise<RecordSignature> {
  const { info } = await submittedAssessment(app, scope, id);
  await app.db.transaction((tx) =>
    signRecord(tx, {
      organizationId: scope.organizationId,
      kind: 'assessmentReport',
      recordId: id,
      label: info.reportName,
      patientId: info.patientId,
      patientName: info.patientName,
      signerId: scope.userId,
      snapshot: reportSnapshot(info),
      method: 'ca',
      caIntegration,
    }),
  );
  return (await reportSignature(app, scope, id, caIntegration)).state;
}

/** GET /sys/assess/signature/:id: the report's latest signature, verified against the record as it is now. */
export async function reportSignature(
  app: AppContext,
  scope: AssessScope,
  id: number,
  caIntegration: boolean,
): Promise<{ state: RecordSignature; patientId: number }> {
  const { info } = await submittedAssessment(app, scope, id);
  const state = await recordSignature(app.db, {
    organizationId: scope.organizationId,
    userId: scope.userId,
    kind: 'assessmentReport',
    recordId: id,
    current: reportSnapshot(info),
    caIntegration,
  });
  return { state, patientId: info.patientId };
}
