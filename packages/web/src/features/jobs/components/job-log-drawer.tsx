import { useState } from 'react';
import { Alert, Drawer, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { JobLogRow, JobRow } from '@rehab/shared';
import { useTablePaging } from '../../../components/use-table-paging';
import { useJobLogs } from '../api/jobs';
import { FilterSelect } from '../../../components/filter-select';

type Props = {
  open: boolean;
  jobs: JobRow[];
  jobId?: number;
  onClose: () => void;
  beanLabel: (name: string) => string;
};

/** The job log: every run with its outcome, error text and duration, newest first, filtered by job and outcome. */
export function JobLogDrawer({ open, jobs, jobId: initialJob, onClose, beanLabel }: Props) {
  const { t } = useTranslation('jobs');
  const { page, limit, setPage, pagination } = useTablePaging();
  const [jobId, setJobId] = useState<number | undefined>(initialJob);
  const [status, setStatus] = useState<0 | 1 | undefined>();
  const [shownFor, setShownFor] = useState(initialJob);
  if (shownFor !== initialJob) {
    // opened for another job: start from its log
    setShownFor(initialJob);
    setJobId(initialJob);
    setPage(1);
  }
  const logs = useJobLogs(
    { page, limit, ...(jobId ? { jobId } : {}), ...(status !== undefined ? { status } : {}) },
    open,
  );

  /** `{"removed":3}` as words of the user's language; anything else as it came */
  const resultText = (result: string | null) => {
    if (!result) return '';
    try {
      const counts = JSON.parse(result) as Record<string, number>;
      return Object.entries(counts)
        .map(([name, count]) => t(`log.result.${name}`, { count, defaultValue: `${name}: ${count}` }))
        .join(t('log.separator'));
    } catch {
      return result;
    }
  };

  const columns: ColumnsType<JobLogRow> = [
    {
      key: 'createdAt',
      title: t('log.columns.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
    },
    { key: 'jobId', title: t('columns.jobId'), dataIndex: 'jobId', width: 80 },
    {
      key: 'beanName',
      title: t('columns.beanName'),
      dataIndex: 'beanName',
      render: (v: string) => beanLabel(v),
    },
    {
      key: 'status',
      title: t('log.columns.status'),
      dataIndex: 'status',
      width: 90,
      render: (v: number) =>
        v === 0 ? (
          <Tag color="green">{t('log.success')}</Tag>
        ) : (
          <Tag color="red" data-testid="log-failed">
            {t('log.failure')}
          </Tag>
        ),
    },
    {
      key: 'times',
      title: t('log.columns.times'),
      dataIndex: 'times',
      width: 100,
      render: (v: number) => t('log.ms', { ms: v }),
    },
    {
      key: 'trigger',
      title: t('log.columns.trigger'),
      dataIndex: 'trigger',
      width: 100,
      render: (v: string) => (v === 'manual' ? t('log.manual') : t('log.cron')),
    },
    {
      key: 'detail',
      title: t('log.columns.detail'),
      render: (_, row) =>
        row.error ? (
          <Typography.Text type="danger" data-testid="log-error">
            {row.error}
          </Typography.Text>
        ) : (
          resultText(row.result)
        ),
    },
  ];

  return (
    <Drawer open={open} onClose={onClose} title={t('log.title')} size={1000} destroyOnHidden data-testid="job-log">
      <Space wrap style={{ marginBottom: 12 }}>
        <FilterSelect
          allowClear
          style={{ width: 260 }}
          placeholder={t('log.allJobs')}
          value={jobId}
          onChange={(v?: number) => {
            setJobId(v);
            setPage(1);
          }}
          options={jobs.map((j) => ({ value: j.jobId, label: `#${j.jobId} ${beanLabel(j.beanName)}` }))}
          data-testid="log-job-filter"
        />
        <FilterSelect
          allowClear
          style={{ width: 140 }}
          placeholder={t('log.allOutcomes')}
          value={status}
          onChange={(v?: 0 | 1) => {
            setStatus(v);
            setPage(1);
          }}
          options={[
            { value: 0, label: t('log.success') },
            { value: 1, label: t('log.failure') },
          ]}
        />
      </Space>
      {logs.isError && <Alert type="error" showIcon title={t('log.loadFailed')} description={logs.error.message} />}
      <Table<JobLogRow>
        rowKey="logId"
        size="small"
        columns={columns}
        dataSource={logs.data?.list ?? []}
        loading={logs.isLoading || (logs.isFetching && logs.isPlaceholderData)}
        scroll={{ x: 'max-content' }}
        pagination={pagination(logs.data?.totalCount ?? 0, (total) => t('total', { total }))}
        data-testid="job-log-table"
      />
    </Drawer>
  );
}
