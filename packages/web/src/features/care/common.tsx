import type { ReactNode } from 'react';
import {
  Alert,
  Card,
  Input,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
  type TablePaginationConfig,
} from 'antd';
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

type ListFrameProps<Row> = {
  title: string;
  testId: string;
  /** a patient name (or pinyin) was searched: the page filters and goes back to its first page */
  onPatientName: (name: string) => void;
  /** the screen's own filters after the patient search */
  filters: ReactNode;
  /** the add button */
  extra: ReactNode;
  /** the list query: its page of rows and total, or its error */
  query: {
    data?: { list: Row[]; totalCount: number };
    isError: boolean;
    error: Error | null;
    isLoading: boolean;
  };
  columns: TableColumnsType<Row>;
  /** the paging of useTablePaging, given the total and the "N in total" text */
  pagination: (total: number, showTotal: (total: number) => string) => TablePaginationConfig;
  tableTestId: string;
};

/**
 * The frame of the tube and lease lists: the title, a card with the patient search and filters, the load error and
 * the paged table.
 */
export function CareListFrame<Row extends { id: number }>({
  title,
  testId,
  onPatientName,
  filters,
  extra,
  query,
  columns,
  pagination,
  tableTestId,
}: ListFrameProps<Row>) {
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
        {query.isError && <Alert type="error" showIcon title={t('loadFailed')} description={query.error?.message} />}
        <Table<Row>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={query.data?.list ?? []}
          loading={query.isLoading}
          scroll={{ x: 'max-content' }}
          pagination={pagination(query.data?.totalCount ?? 0, (total) => t('total', { total }))}
          data-testid={tableTestId}
        />
      </Card>
    </div>
  );
}
