import { useState } from 'react';
import { DatePicker, Form, Input, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { LogListQuery, LogRow } from '@rehab/shared';
import { useLogList } from './api/log-list';
import './system-log.css';
import { useTablePaging } from '../../components/use-table-paging';
import { ListPage, SearchCard, TableCard } from '../../components/list-page';

const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

type SearchValues = { userName?: string; operation?: string; range?: [Dayjs | null, Dayjs | null] | null };
type Filters = Pick<LogListQuery, 'userName' | 'operation' | 'startTime' | 'endTime'>;

/** The filters of the form as the list call takes them: empty text left out, the range as ISO 8601 times. */
function toFilters(values: SearchValues): Filters {
  const filters: Filters = {};
  if (values.userName?.trim()) filters.userName = values.userName.trim();
  if (values.operation?.trim()) filters.operation = values.operation.trim();
  const [start, end] = values.range ?? [];
  if (start) filters.startTime = start.toISOString();
  if (end) filters.endTime = end.toISOString();
  return filters;
}

const statusColor = (status: number) => (status < 300 ? 'success' : status < 500 ? 'warning' : 'error');

/** Operation log (spec section 2, /system/log): who changed what in this organization, newest first. */
export function SystemLogPage() {
  const { t } = useTranslation('system');
  const [form] = Form.useForm<SearchValues>();
  const { page, limit, setPage, pagination } = useTablePaging();
  const [filters, setFilters] = useState<Filters>({});
  const list = useLogList({ ...filters, page, limit });

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
        <Form.Item name="range" label={t('log.search.range')}>
          <DatePicker.RangePicker showTime format={TIME_FORMAT} allowEmpty={[true, true]} data-testid="log-range" />
        </Form.Item>
      </SearchCard>
      <TableCard title={t('log.tableTitle')} error={list.error} errorTitle={t('log.loadFailed')}>
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
