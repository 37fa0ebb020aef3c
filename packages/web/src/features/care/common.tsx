import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LeaseStatus, RiskLevel, TubeStatus } from '@rehab/shared';

const RISK_COLOR: Record<RiskLevel, string> = { low: 'green', medium: 'gold', high: 'red' };
const TUBE_COLOR: Record<TubeStatus, string> = { placed: 'blue', maintained: 'green', removed: 'default' };
const LEASE_COLOR: Record<LeaseStatus, string> = { leased: 'blue', overdue: 'red', returned: 'default' };

export function RiskTag({ level, score }: { level: RiskLevel | null; score: number | null }) {
  const { t } = useTranslation('care');
  if (!level) return <Tag>{t('risk.none')}</Tag>;
  return (
    <Tag color={RISK_COLOR[level]} data-testid={`risk-${level}`}>
      {t(`risk.${level}`)} {score}
    </Tag>
  );
}

export function TubeStatusTag({ status }: { status: TubeStatus }) {
  const { t } = useTranslation('care');
  return (
    <Tag color={TUBE_COLOR[status]} data-testid={`tube-status-${status}`}>
      {t(`tubeStatus.${status}`)}
    </Tag>
  );
}

export function LeaseStatusTag({ status }: { status: LeaseStatus }) {
  const { t } = useTranslation('care');
  return (
    <Tag color={LEASE_COLOR[status]} data-testid={`lease-status-${status}`}>
      {t(`leaseStatus.${status}`)}
    </Tag>
  );
}
