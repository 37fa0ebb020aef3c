import type { ReactNode } from 'react';
import { Card, Input, Space, Tag, Typography } from 'antd';
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

type ListFrameProps = {
  title: string;
  testId: string;
  /** a patient name (or pinyin) was searched: the page filters and goes back to its first page */
  onPatientName: (name: string) => void;
  /** the screen's own filters after the patient search */
  filters: ReactNode;
  /** the add button */
  extra: ReactNode;
  children: ReactNode;
};

/** The frame of the tube and lease lists: the title, a card with the patient search and filters, the table. */
export function CareListFrame({ title, testId, onPatientName, filters, extra, children }: ListFrameProps) {
  const { t } = useTranslation('care');
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }} data-testid={testId}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <Card
        title={
          <Space wrap>
            <Input.Search
              allowClear
              maxLength={30}
              placeholder={t('patientSearch')}
              onSearch={(v) => onPatientName(v.trim())}
              style={{ width: 200 }}
            />
            {filters}
          </Space>
        }
        extra={extra}
      >
        {children}
      </Card>
    </div>
  );
}
