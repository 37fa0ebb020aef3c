import { Button } from 'antd';
import { AuditOutlined, LineChartOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AssessPerm } from '@rehab/shared';
import { usePermission } from '../lib/session';
import { href, paths } from '../lib/paths';

/** Buttons of the patient detail page: the course's assessments and the patient's report (issue 6). */
export function PatientAssessLinks({
  patientId,
  patientName,
  treatmentId,
}: {
  patientId: number;
  patientName: string;
  treatmentId?: number;
}) {
  const { t } = useTranslation('assessments');
  const navigate = useNavigate();
  const can = usePermission();
  if (!can(AssessPerm.list)) return null;
  return (
    <>
      {treatmentId ? (
        <Button
          icon={<AuditOutlined />}
          onClick={() => navigate(href(paths.patientAssessProject, { projectId: treatmentId }))}
          data-testid="open-assessments"
        >
          {t('title')}
        </Button>
      ) : null}
      <Button
        icon={<LineChartOutlined />}
        onClick={() => navigate(href(paths.patientReport, { patientId, patientName }))}
        data-testid="open-report"
      >
        {t('report.open')}
      </Button>
    </>
  );
}
