import type { ReactNode } from 'react';
import { Alert, Card, Input, Space, Table, Typography, type TableColumnsType, type TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';

type ListFrameProps<Row> = {
  title: string;
  testId: string;
  /** a patient name (or pinyin) was searched: the page filters and goes back to its first page */
  onPatientName: (name: string) => void;
  /** the screen's own filters after the patient search */
  filters: ReactNode;
  /** the add button */
  extra?: ReactNode;
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
  /** a line above the table saying how the list is made */
  hint?: ReactNode;
};

/**
 * The frame of the lists of patients' records (tubes, leases, home-training tasks): the title, a card with the patient
 * search and filters, an optional hint, the load error and the paged table. Its words are the care namespace's.
 */
export function PatientListFrame<Row extends { id: number }>({
  title,
  testId,
  onPatientName,
  filters,
  extra,
  query,
  columns,
  pagination,
  tableTestId,
  hint,
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
        {hint && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
            {hint}
          </Typography.Paragraph>
        )}
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
