import { useState } from 'react';
import { App, Button, DatePicker, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { OPERATION_KINDS, type LogListQuery, type LogRow, type OperationKind } from '@rehab/shared';
import { fetchLogsForExport, useLogList } from './api/log-list';
import { downloadExcel, exportFileName } from '../../lib/export-excel';
import { showApiError } from '../../lib/form-errors';
import './system-log.css';
import { useTablePaging } from '../../components/use-table-paging';
import { ListPage, SearchCard, TableCard } from '../../components/list-page';

const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

type SearchValues = {
  userName?: string;
  operation?: string;
  kind?: OperationKind;
  range?: [Dayjs | null, Dayjs | null] | null;
};
type Filters = Pick<LogListQuery, 'userName' | 'operation' | 'kind' | 'startTime' | 'endTime'>;

/** The filters of the form as the list call takes them: empty text left out, the range as ISO 8601 times. */
function toFilters(values: SearchValues): Filters {
  const filters: Filters = {};
  if (values.userName?.trim()) filters.userName = values.userName.trim();
  if (values.operation?.trim()) filters.operation = values.operation.trim();
  if (values.kind) filters.kind = values.kind;
  const [start, end] = values.range ?? [];
  if (start) filters.startTime = start.toISOString();
  if (end) filters.endTime = end.toISOString();
  return filters;
}

const KIND_COLOR: Record<OperationKind, string> = {
  create: 'green',
  update: 'blue',
  delete: 'red',
  signIn: 'cyan',
  signOut: 'default',
  export: 'purple',
  import: 'geekblue',
  other: 'default',
  read: 'default',
};

const statusColor = (status: number) => (status < 300 ? 'success' : status < 500 ? 'warning' : 'error');

/** Operation log (spec section 2, /system/log): who changed what in this organization, newest first. */
export function SystemLogPage() {
  const { t } = useTranslation('system');
  const [form] = Form.useForm<SearchValues>();
  const { page, limit, setPage, pagination } = useTablePaging();
  const [filters, setFilters] = useState<Filters>({});
  const list = useLogList({ ...filters, page, limit });
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const kindText = (kind: OperationKind) => t(`log.kind.${kind}`);

  const handleSearch = (values: SearchValues) => {
    setFilters(toFilters(values));
    setPage(1);
  };
  const handleReset = () => {
    setFilters({});
    setPage(1);
  };

  const columns: ColumnsType<LogRow> = [
    {
      key: 'createdAt',
      title: t('log.columns.time'),
      dataIndex: 'createdAt',
      width: 180,
      render: (v: string) => dayjs(v).format(TIME_FORMAT),
    },
    { key: 'userName', title: t('log.columns.user'), dataIndex: 'userName', width: 140, render: (v) => v || '-' },
    {
      key: 'kind',
      title: t('log.columns.kind'),
      dataIndex: 'kind',
      width: 100,
      render: (v: OperationKind) => <Tag color={KIND_COLOR[v]}>{kindText(v)}</Tag>,
    },
    {
      key: 'operation',
      title: t('log.columns.operation'),
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <span title={row.operation}>{row.operationLabel}</span>
          <Typography.Text type="secondary" className="syslog-url">
            {row.method} {row.url}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'status',
      title: t('log.columns.status'),
      dataIndex: 'status',
      width: 90,
      render: (v: number) => <Tag color={statusColor(v)}>{v}</Tag>,
    },
    {
      key: 'durationMs',
      title: t('log.columns.duration'),
      dataIndex: 'durationMs',
      width: 110,
      align: 'right',
      render: (v: number) => t('log.ms', { ms: v }),
    },
    { key: 'ip', title: t('log.columns.ip'), dataIndex: 'ip', width: 140, render: (v) => v || '-' },
  ];

  /** Every row the filters find (at most 10,000), as the list shows them, in an Excel file. */
  const handleExport = async () => {
    setExporting(true);
    try {
      const rows = await fetchLogsForExport(filters);
      if (rows.length === 0) {
        message.info(t('master-data:export.empty'));
        return;
      }
      const title = t('log.title');
      const c = (key: string) => t(`log.columns.${key}`);
      await downloadExcel(
        title,
        [c('time'), c('user'), c('kind'), c('operation'), c('url'), c('status'), c('duration'), c('ip')],
        rows.map((r) => [
          dayjs(r.createdAt).format(TIME_FORMAT),
          r.userName ?? '',
          kindText(r.kind),
          r.operationLabel,
          `${r.method} ${r.url}`,
          r.status,
          r.durationMs,
          r.ip ?? '',
        ]),
        exportFileName(title),
      );
      message.success(t('master-data:export.done', { count: rows.length }));
    } catch (error) {
      showApiError(error, t('master-data:export.failed'), message.error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <ListPage title={t('log.title')} testId="system-log">
      <SearchCard<SearchValues>
        form={form}
        onSearch={handleSearch}
        onReset={handleReset}
        testId="log-search"
        submitTestId="log-search-submit"
      >
        <Form.Item name="userName" label={t('log.columns.user')}>
          <Input allowClear maxLength={64} placeholder={t('log.search.user')} data-testid="log-search-user" />
        </Form.Item>
        <Form.Item name="operation" label={t('log.columns.operation')}>
          <Input
            allowClear
            maxLength={200}
            placeholder={t('log.search.operation')}
            data-testid="log-search-operation"
          />
        </Form.Item>
        <Form.Item name="kind" label={t('log.columns.kind')}>
          <Select
            allowClear
            className="syslog-kind"
            placeholder={t('log.search.kind')}
            options={OPERATION_KINDS.map((kind) => ({ value: kind, label: kindText(kind) }))}
            data-testid="log-search-kind"
          />
        </Form.Item>
        <Form.Item name="range" label={t('log.search.range')}>
          <DatePicker.RangePicker showTime format={TIME_FORMAT} allowEmpty={[true, true]} data-testid="log-range" />
        </Form.Item>
      </SearchCard>
      <TableCard
        title={t('log.tableTitle')}
        error={list.error}
        errorTitle={t('log.loadFailed')}
        extra={
          <Button
            icon={<DownloadOutlined />}
            loading={exporting}
            onClick={() => void handleExport()}
            data-testid="export-button"
          >
            {t('master-data:export.button')}
          </Button>
        }
      >
        <Table<LogRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isLoading || (list.isFetching && list.isPlaceholderData)}
          scroll={{ x: 'max-content' }}
          expandable={{
            expandedRowRender: (row) => (
              <div>
                <Typography.Text type="secondary">{t('log.columns.params')}</Typography.Text>
                <pre className="syslog-params" data-testid="log-params">
                  {JSON.stringify(row.params ?? {}, null, 2)}
                </pre>
              </div>
            ),
          }}
          pagination={pagination(list.data?.totalCount ?? 0, (total) => t('total', { total }))}
          data-testid="log-table"
        />
      </TableCard>
    </ListPage>
  );
}
