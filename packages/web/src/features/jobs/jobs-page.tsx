import { useState } from 'react';
import { App, Button, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { KeyboardPopconfirm } from '../../components/keyboard-popconfirm';
import type { ColumnsType } from 'antd/es/table';
import { HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { JobPerm, JobStatus, describeCron, type JobRow } from '@rehab/shared';
import { useTablePaging } from '../../components/use-table-paging';
import { ListPage, TableCard } from '../../components/list-page';
import { ApiError } from '../../lib/api';
import { currentLocale } from '../../lib/locale';
import { usePermission } from '../../lib/session';
import { useJobAction, useJobBeans, useJobList, type JobAction } from './api/jobs';
import { JobFormModal } from './components/job-form-modal';
import { JobLogDrawer } from './components/job-log-drawer';
import './jobs.css';

/**
 * Scheduled jobs (/system/timedTask): the jobs the server runs on their cron, with add, edit, pause, resume, run
 * once, delete, and the log of their runs.
 */
export function JobsPage() {
  const { t } = useTranslation('jobs');
  const { message } = App.useApp();
  const can = usePermission();
  const locale = currentLocale();
  // the jobs the modules ship (14 today) on one page
  const { page, limit, pagination } = useTablePaging(20);
  const list = useJobList({ page, limit });
  const beans = useJobBeans();
  const act = useJobAction();
  const [form, setForm] = useState<{ open: boolean; row: JobRow | null }>({ open: false, row: null });
  const [log, setLog] = useState<{ open: boolean; jobId?: number }>({ open: false });

  const beanLabel = (name: string) => beans.data?.find((b) => b.name === name)?.label[locale] ?? name;

  const run = async (action: JobAction, row: JobRow) => {
    const name = t(`action.${action}`);
    try {
      const results = await act.mutateAsync({ action, ids: [row.jobId] });
      const failed = results.find((r) => r.status === 1);
      if (failed) message.error(t('runFailed', { error: failed.error ?? '' }));
      else if (action === 'run') message.success(t('runDone', { ms: results[0]?.times ?? 0 }));
      else message.success(t('common:status.success', { action: name }));
    } catch (error) {
      message.error((error instanceof ApiError && error.message) || t('common:status.failure', { action: name }));
    }
  };

  const columns: ColumnsType<JobRow> = [
    { key: 'jobId', title: t('columns.jobId'), dataIndex: 'jobId', width: 56 },
    {
      key: 'beanName',
      title: t('columns.beanName'),
      dataIndex: 'beanName',
      render: (v: string) => (
        <Space orientation="vertical" size={0}>
          <span>{beanLabel(v)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {v}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'params',
      title: t('columns.params'),
      dataIndex: 'params',
      width: 140,
      // long JSON breaks inside the column rather than widening the table
      render: (v: Record<string, unknown>) =>
        Object.keys(v).length ? (
          <Typography.Text code className="job-params">
            {JSON.stringify(v)}
          </Typography.Text>
        ) : (
          '-'
        ),
    },
    {
      key: 'cronExpression',
      title: t('columns.cronExpression'),
      dataIndex: 'cronExpression',
      // in words of the user's language; the expression itself in the tooltip (shown as is when unusual)
      render: (v: string) => {
        const words = describeCron(v, locale);
        return words ? (
          <Tooltip title={<code>{v}</code>}>
            <span className="job-cron">{words}</span>
          </Tooltip>
        ) : (
          <Typography.Text code>{v}</Typography.Text>
        );
      },
    },
    { key: 'remark', title: t('columns.remark'), dataIndex: 'remark', width: 150, render: (v: string) => v || '-' },
    {
      key: 'status',
      title: t('columns.status'),
      dataIndex: 'status',
      width: 90,
      render: (v: number) =>
        v === JobStatus.normal ? <Tag color="green">{t('status.normal')}</Tag> : <Tag>{t('status.paused')}</Tag>,
    },
    {
      key: 'nextRunAt',
      title: t('columns.nextRunAt'),
      dataIndex: 'nextRunLocal',
      width: 110,
      // on the scheduler's clock, the one the cron expressions are written in; the date above the time
      render: (v: string | null) =>
        v ? (
          <Space orientation="vertical" size={0}>
            {v.split(' ').map((part) => (
              <span key={part}>{part}</span>
            ))}
          </Space>
        ) : (
          '-'
        ),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      fixed: 'right',
      // the six actions wrap onto two lines, so that the table fits at 1366 px
      width: 190,
      render: (_, row) => (
        <Space size={0} wrap className="job-actions">
          {can(JobPerm.update) && (
            <Button type="link" size="small" onClick={() => setForm({ open: true, row })} data-testid="job-edit">
              {t('common:action.edit')}
            </Button>
          )}
          {row.status === JobStatus.normal && can(JobPerm.pause) && (
            <Button type="link" size="small" onClick={() => run('pause', row)} data-testid="job-pause">
              {t('action.pause')}
            </Button>
          )}
          {row.status === JobStatus.paused && can(JobPerm.resume) && (
            <Button type="link" size="small" onClick={() => run('resume', row)} data-testid="job-resume">
              {t('action.resume')}
            </Button>
          )}
          {can(JobPerm.run) && (
            <KeyboardPopconfirm title={t('confirmRun')} onConfirm={() => run('run', row)}>
              <Button type="link" size="small" data-testid="job-run">
                {t('action.run')}
              </Button>
            </KeyboardPopconfirm>
          )}
          {can(JobPerm.log) && (
            <Button
              type="link"
              size="small"
              onClick={() => setLog({ open: true, jobId: row.jobId })}
              data-testid="job-log-open"
            >
              {t('action.log')}
            </Button>
          )}
          {can(JobPerm.delete) && (
            <KeyboardPopconfirm title={t('confirmDelete')} onConfirm={() => run('delete', row)}>
              <Button type="link" size="small" danger data-testid="job-delete">
                {t('common:action.delete')}
              </Button>
            </KeyboardPopconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListPage title={t('title')} testId="jobs">
      <TableCard
        title={t('tableTitle')}
        extra={
          <Space wrap>
            {can(JobPerm.log) && (
              <Button icon={<HistoryOutlined />} onClick={() => setLog({ open: true })} data-testid="job-log-all">
                {t('action.log')}
              </Button>
            )}
            {can(JobPerm.save) && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setForm({ open: true, row: null })}
                data-testid="job-add"
              >
                {t('add')}
              </Button>
            )}
          </Space>
        }
        lead={
          <Typography.Paragraph type="secondary">
            {t('intro', { zone: list.data?.timezone ?? '' })}
          </Typography.Paragraph>
        }
        error={list.error}
        errorTitle={t('loadFailed')}
      >
        <Table<JobRow>
          rowKey="jobId"
          size="middle"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isLoading || (list.isFetching && list.isPlaceholderData)}
          scroll={{ x: 'max-content' }}
          pagination={pagination(list.data?.totalCount ?? 0, (total) => t('total', { total }))}
          data-testid="job-table"
        />
      </TableCard>
      <JobFormModal
        row={form.row}
        open={form.open}
        beans={beans.data ?? []}
        onClose={() => setForm((f) => ({ ...f, open: false }))}
      />
      <JobLogDrawer
        open={log.open}
        jobId={log.jobId}
        jobs={list.data?.list ?? []}
        beanLabel={beanLabel}
        onClose={() => setLog((l) => ({ ...l, open: false }))}
      />
    </ListPage>
  );
}
