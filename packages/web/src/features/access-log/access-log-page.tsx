import { useState } from 'react';
import { App, Button, DatePicker, Form, Input, InputNumber, Select, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { keepPreviousData } from '@tanstack/react-query';
import { ACCESS_KINDS, SystemPerm, logsEndpoints, type AccessKind, type AccessLogRow } from '@rehab/shared';
import { downloadEndpoint, useEndpointQuery } from '../../lib/endpoints';
import { usePermission, useSession } from '../../lib/session';
import { useTablePaging } from '../../components/use-table-paging';
import { ListPage, SearchCard, TableCard } from '../../components/list-page';

const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

type SearchValues = {
  patientId?: number | null;
  userName?: string;
  kind?: AccessKind;
  range?: [Dayjs | null, Dayjs | null] | null;
};
type Filters = { patientId?: number; userName?: string; kind?: AccessKind; startTime?: string; endTime?: string };

function toFilters(values: SearchValues): Filters {
  const filters: Filters = {};
  if (values.patientId) filters.patientId = values.patientId;
  if (values.userName?.trim()) filters.userName = values.userName.trim();
  if (values.kind) filters.kind = values.kind;
  const [start, end] = values.range ?? [];
  if (start) filters.startTime = start.toISOString();
  if (end) filters.endTime = end.toISOString();
  return filters;
}

const KIND_COLOR: Record<AccessKind, string> = {
  record: 'blue',
  report: 'purple',
  file: 'cyan',
  list: 'default',
  export: 'orange',
};

/**
 * Access log (issue 22, /system/access-log): who read which patient's record, report or file, and who listed or
 * exported what, newest first; filters by patient, user, kind and time; export of what is filtered as CSV. The
 * retention is the "purge access log" job's setting on the jobs screen.
 */
export function AccessLogPage() {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const [form] = Form.useForm<SearchValues>();
  const { organization } = useSession();
  const can = usePermission();
  const { page, limit, setPage, pagination } = useTablePaging();
  const [filters, setFilters] = useState<Filters>({});
  const [exporting, setExporting] = useState(false);
  const list = useEndpointQuery(
    logsEndpoints.accessList,
    { query: { ...filters, page, limit } },
    { select: (r) => r.data, placeholderData: keepPreviousData, keySuffix: [organization?.id ?? 0] },
  );

  const handleExport = async () => {
    setExporting(true);
    try {
      const { blob } = await downloadEndpoint(logsEndpoints.accessExport, { query: filters });
      const href = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = href;
      a.download = `${t('access.fileName')}-${dayjs().format('YYYYMMDD-HHmmss')}.csv`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(href), 10_000);
    } catch (error) {
      message.error((error as Error).message || t('access.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  const columns: ColumnsType<AccessLogRow> = [
    {
      key: 'createdAt',
      title: t('access.columns.time'),
      dataIndex: 'createdAt',
      width: 180,
      render: (v: string) => dayjs(v).format(TIME_FORMAT),
    },
    { key: 'userName', title: t('access.columns.user'), dataIndex: 'userName', width: 130, render: (v) => v || '-' },
    {
      key: 'kind',
      title: t('access.columns.kind'),
      dataIndex: 'kind',
      width: 90,
      render: (v: AccessKind) => <Tag color={KIND_COLOR[v]}>{t(`access.kinds.${v}`)}</Tag>,
    },
    {
      key: 'patientId',
      title: t('access.columns.patient'),
      dataIndex: 'patientId',
      width: 110,
      render: (v: number | null) => v ?? '-',
    },
    {
      key: 'what',
      title: t('access.columns.what'),
      render: (_, row) => (
        <div>
          <div>{row.subject || '-'}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.url}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'rows',
      title: t('access.columns.rows'),
      dataIndex: 'rows',
      width: 80,
      align: 'right',
      render: (v: number | null) => v ?? '-',
    },
    {
      key: 'filters',
      title: t('access.columns.filters'),
      dataIndex: 'filters',
      width: 260,
      render: (v: unknown) =>
        v && typeof v === 'object' && Object.keys(v).length ? (
          <Typography.Text code ellipsis={{ tooltip: JSON.stringify(v) }} style={{ maxWidth: 240 }}>
            {JSON.stringify(v)}
          </Typography.Text>
        ) : (
          '-'
        ),
    },
    { key: 'ip', title: t('access.columns.ip'), dataIndex: 'ip', width: 130, render: (v) => v || '-' },
  ];

  return (
    <ListPage title={t('access.title')} testId="access-log">
      <SearchCard<SearchValues>
        form={form}
        onSearch={(values) => {
          setFilters(toFilters(values));
          setPage(1);
        }}
        onReset={() => {
          setFilters({});
          setPage(1);
        }}
        testId="access-search"
        submitTestId="access-search-submit"
      >
        <Form.Item name="patientId" label={t('access.columns.patient')}>
          <InputNumber min={1} precision={0} placeholder={t('access.search.patient')} data-testid="access-patient" />
        </Form.Item>
        <Form.Item name="userName" label={t('access.columns.user')}>
          <Input allowClear maxLength={64} placeholder={t('access.search.user')} data-testid="access-user" />
        </Form.Item>
        <Form.Item name="kind" label={t('access.columns.kind')}>
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('access.search.kind')}
            options={ACCESS_KINDS.map((k) => ({ value: k, label: t(`access.kinds.${k}`) }))}
            data-testid="access-kind"
          />
        </Form.Item>
        <Form.Item name="range" label={t('access.search.range')}>
          <DatePicker.RangePicker showTime format={TIME_FORMAT} allowEmpty={[true, true]} />
        </Form.Item>
      </SearchCard>
      <TableCard
        title={t('access.tableTitle')}
        error={list.error}
        errorTitle={t('access.loadFailed')}
        lead={
          <Typography.Paragraph type="secondary" data-testid="access-retention">
            {t('access.retention')}
          </Typography.Paragraph>
        }
        extra={
          can(SystemPerm.accessLogExport) ? (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={handleExport} data-testid="access-export">
              {t('access.export')}
            </Button>
          ) : null
        }
      >
        <Table<AccessLogRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isLoading || (list.isFetching && list.isPlaceholderData)}
          scroll={{ x: 'max-content' }}
          pagination={pagination(list.data?.totalCount ?? 0, (total) => t('total', { total }))}
          data-testid="access-table"
        />
      </TableCard>
    </ListPage>
  );
}
