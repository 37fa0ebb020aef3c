import { AssessPerm } from '@rehab/shared';
import { RecordSignatureCard } from '../../components/record-signature-card';
import { usePermission } from '../../lib/session';
import { useReportSignature, useSignReport } from './api';

/** The electronic signature of a submitted assessment report (issue 19), signed by an evaluator with CA. */
export function ReportSignatureCard({ id }: { id: number }) {
  const can = usePermission();
  const state = useReportSignature(id, true);
  const sign = useSignReport();
  return (
    <RecordSignatureCard
      data={state.data}
      onSign={() => sign.mutateAsync(id)}
      signing={sign.isPending}
      mayAct={can(AssessPerm.evaluate)}
      signButtonTestId="report-sign"
      testId="report-signature"
    />
  );
}
