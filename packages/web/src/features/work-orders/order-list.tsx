import { useMemo, useState, type ReactNode } from 'react';
import { App, Button, Card, DatePicker, Form, Input, Select, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { FitTable, type ColumnPriority, type PriorityColumn } from '../../components/fit-columns';
import { CheckCircleTwoTone, DownloadOutlined, PictureOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { workOrdersEndpoints } from '@rehab/shared';
import { useTablePaging } from '../../components/use-table-paging';
import { showApiError } from '../../lib/form-errors';
import {
  downloadExport,
  useOrderPage,
  usePatientSelect,
  useProjectSelect,
  useStaffSelect,
  type OrderExportEndpoint,
  type OrderPageEndpoint,
  type OrderRow,
  type PatientSelectEndpoint,
  type ProjectSelectEndpoint,
} from './api';
import { useOrderActions } from './order-actions';
import { href, paths } from '../../lib/paths';
import './orders.css';

export const STATUS_COLOR: Record<number, string> = { 1: 'processing', 2: 'default', 3: 'success', 4: 'warning' };

export type FilterValues = {
  keyword?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
  status?: number;
  signed?: number;
  patientId?: number;
  projectId?: number;
  therapistId?: number;
};

type Props = {
  testId: string;
  /** the list call */
  list: OrderPageEndpoint;
  /** fixed request fields (tab, status) */
  fixed?: Record<string, unknown>;
  /** filters shown besides the keyword */
  show?: {
    range?: boolean;
    status?: boolean;
    signed?: boolean;
    patients?: PatientSelectEndpoint;
    projects?: ProjectSelectEndpoint;
    /** the therapist filter (querySelectTh) */
    therapists?: boolean;
  };
  /** the initial date range (today for my orders) */
  initialRange?: [Dayjs, Dayjs] | null;
  initialPatientId?: number;
  /** server export call and file title */
  exportCall?: { endpoint: OrderExportEndpoint; title: string };
  /** row actions: the work-order actions (default), or a custom cell */
  rowActions?: 'orders' | ((o: OrderRow) => ReactNode);
  selectable?: boolean;
  extraBatch?: (selected: OrderRow[], clear: () => void) => ReactNode;
  extraColumns?: ColumnsType<OrderRow>;
  hideColumns?: string[];
  /** the page's own column priorities (by column key) over the list's defaults */
  priorities?: Record<string, ColumnPriority>;
};

const fmt = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '');

/** A work-order list with its filters, paging, export, selection and the actions of each order. */
export function OrderList({
  testId,
  list,
  fixed = {},
  show = {},
  initialRange = null,
  initialPatientId,
  exportCall,
  rowActions = 'orders',
  selectable = true,
  extraBatch,
  extraColumns = [],
  hideColumns = [],
  priorities = {},
}: Props) {
  const { t } = useTranslation('orders');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<FilterValues>();
  const initial: FilterValues = { range: initialRange, patientId: initialPatientId };
  const [filters, setFilters] = useState<FilterValues>(initial);
  const { page, limit, setPage, pagination } = useTablePaging();
  const [selected, setSelected] = useState<OrderRow[]>([]);
  const body = useMemo(
    () => ({
      page,
      limit,
      keyword: filters.keyword || undefined,
      startDate: filters.range?.[0]?.format('YYYY-MM-DD'),
      endDate: filters.range?.[1]?.format('YYYY-MM-DD'),
      status: filters.status,
      signed: filters.signed,
      patientId: filters.patientId,
      projectId: filters.projectId,
      therapistId: filters.therapistId,
      // the page's own conditions (tab, status) win over the filters
      ...fixed,
    }),
    [fixed, page, limit, filters],
  );
  const query = useOrderPage(list, body);
  const patients = usePatientSelect(show.patients);
  const patientId = Form.useWatch('patientId', form);
  const projects = useProjectSelect(
    show.projects,
    patientId ?? undefined,
    show.projects !== workOrdersEndpoints.projectsByPatient || Boolean(patientId),
  );
  const therapists = useStaffSelect('Th', 1, Boolean(show.therapists));
  const clear = () => setSelected([]);
  const actions = useOrderActions(clear);
  const [exporting, setExporting] = useState(false);

  const search = (v: FilterValues) => {
    setFilters(v);
    setPage(1);
    clear();
  };

  const doExport = async () => {
    if (!exportCall) return;
    setExporting(true);
    try {
      const { page: _p, limit: _l, ...rest } = body;
      await downloadExport(
        exportCall.endpoint,
        rest,
        `${exportCall.title}_${dayjs().format('YYYYMMDDHHmmss')}.xlsx`.replace(/[\\/:*?"<>|]/g, '_'),
      );
      message.success(t('exportDone'));
    } catch (error) {
      showApiError(error, t('exportFailed'), message.error);
    } finally {
      setExporting(false);
    }
  };

  // issue 21: the therapist (on my orders: me) and the date fold into the row's expansion first; the completion time
  // and the signature mark stay at 1366 px and fold only on a tablet. A patient's orders (`priorities`) keep the
  // therapist and the authorization instead and fold the completion time and the date.
  const allColumns: PriorityColumn<OrderRow>[] = [
    { key: 'date', title: t('col.date'), dataIndex: 'treatDate', width: 105, priority: 3 },
    {
      key: 'patient',
      title: t('col.patient'),
      width: 140,
      render: (_, r) => (
        <div>
          <Typography.Link
            onClick={() => navigate(href(paths.orderDetail, { id: r.id }))}
            data-testid={`order-patient-${r.id}`}
          >
            {r.patientName}
          </Typography.Link>
          <div className="wo-sub">
            {r.cardNo}
            {r.bedNumber ? ` · ${t('col.bed')} ${r.bedNumber}` : ''}
          </div>
        </div>
      ),
    },
    {
      key: 'project',
      title: t('col.project'),
      width: 170,
      render: (_, r) => (
        <div>
          {r.projectName}
          {r.seq > 1 ? <span className="wo-sub"> #{r.seq}</span> : null}
          <div className="wo-sub">
            {r.execOfficeName} · {r.treatedTimes}/{r.totalTimes}
          </div>
        </div>
      ),
    },
    {
      key: 'therapist',
      title: t('col.therapist'),
      width: 130,
      priority: 3,
      render: (_, r) => (
        <div>
          {r.therapistName ?? r.treatmentTeamName ?? '-'}
          {r.authorizedTherapistName && (
            <div className="wo-sub">
              {t('col.authorized')}: {r.authorizedTherapistName}
            </div>
          )}
        </div>
      ),
    },
    {
      key: 'status',
      title: t('col.status'),
      width: 90,
      render: (_, r) => (
        <Tooltip title={r.invalidReason ?? undefined}>
          <Tag color={STATUS_COLOR[r.status]} data-testid={`order-status-${r.id}`}>
            {t(`status.${r.status}`)}
          </Tag>
        </Tooltip>
      ),
    },
    {
      key: 'signed',
      title: t('col.signed'),
      width: 90,
      priority: 2,
      render: (_, r) => (
        <Space size={6}>
          {r.signed ? (
            <Tooltip title={t('signedState.1')}>
              <CheckCircleTwoTone twoToneColor="#52c41a" data-testid={`order-signed-${r.id}`} />
            </Tooltip>
          ) : (
            <span className="wo-sub">{t('signedState.0')}</span>
          )}
          {r.photographed && (
            <Tooltip title={t('col.photo')}>
              <PictureOutlined data-testid={`order-photographed-${r.id}`} />
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      key: 'completedAt',
      title: t('col.completedAt'),
      width: 140,
      priority: 2,
      render: (_, r) => (
        <div>
          {fmt(r.completedAt)}
          {r.executorName && <div className="wo-sub">{r.executorName}</div>}
        </div>
      ),
    },
    ...(extraColumns as PriorityColumn<OrderRow>[]),
    {
      key: 'actions',
      title: t('col.actions'),
      fixed: 'right' as const,
      width: rowActions === 'orders' ? 290 : 120,
      render: (_, r) => (rowActions === 'orders' ? actions.buttons(r) : rowActions(r)),
    },
  ];
  const columns = allColumns
    .filter((c) => !hideColumns.includes(String(c.key)))
    .map((c) => (priorities[c.key] ? { ...c, priority: priorities[c.key] } : c));

  return (
    <div data-testid={testId}>
      <Card size="small" className="wo-search-card">
        <Form form={form} layout="inline" initialValues={initial} onFinish={search} className="wo-search">
          <Form.Item name="keyword" label={t('filter.keyword')}>
            <Input allowClear maxLength={50} placeholder={t('filter.keywordPlaceholder')} className="wo-keyword" />
          </Form.Item>
          {show.patients && (
            <Form.Item name="patientId" label={t('filter.patient')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                className="wo-select"
                data-testid={`${testId}-patient`}
                options={(patients.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
                onChange={() => form.setFieldValue('projectId', undefined)}
              />
            </Form.Item>
          )}
          {show.projects && (
            <Form.Item name="projectId" label={t('filter.project')}>
              <Select
                allowClear
                className="wo-select"
                options={(projects.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
              />
            </Form.Item>
          )}
          {show.therapists && (
            <Form.Item name="therapistId" label={t('filter.therapist')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                className="wo-select"
                data-testid={`${testId}-therapist`}
                options={(therapists.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
              />
            </Form.Item>
          )}
          {show.range !== false && (
            <Form.Item name="range" label={t('filter.date')}>
              <DatePicker.RangePicker allowEmpty={[true, true]} />
            </Form.Item>
          )}
          {show.status && (
            <Form.Item name="status" label={t('filter.status')}>
              <Select
                allowClear
                className="wo-narrow"
                options={[1, 3, 4, 2].map((s) => ({ value: s, label: t(`status.${s}`) }))}
              />
            </Form.Item>
          )}
          {show.signed && (
            <Form.Item name="signed" label={t('filter.signed')}>
              <Select
                allowClear
                className="wo-narrow"
                options={[1, 0].map((s) => ({ value: s, label: t(`signedState.${s}`) }))}
              />
            </Form.Item>
          )}
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" data-testid={`${testId}-search`}>
                {t('filter.search')}
              </Button>
              <Button
                onClick={() => {
                  form.setFieldsValue({
                    keyword: undefined,
                    range: initialRange,
                    status: undefined,
                    signed: undefined,
                    patientId: initialPatientId,
                    projectId: undefined,
                    therapistId: undefined,
                  });
                  search(form.getFieldsValue());
                }}
              >
                {t('filter.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      </Card>
      <Card size="small">
        <div className="wo-toolbar">
          <Space wrap>
            {rowActions === 'orders' && actions.batchButtons(selected, clear)}
            {extraBatch?.(selected, clear)}
          </Space>
          {exportCall && (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={doExport} data-testid={`${testId}-export`}>
              {t('action.export')}
            </Button>
          )}
        </div>
        <FitTable<OrderRow>
          rowKey="id"
          size="middle"
          loading={query.isFetching}
          dataSource={query.data?.list ?? []}
          columns={columns}
          locale={{ emptyText: t('empty') }}
          rowSelection={
            selectable
              ? {
                  selectedRowKeys: selected.map((o) => o.id),
                  onChange: (_, rows) => setSelected(rows),
                  preserveSelectedRowKeys: false,
                }
              : undefined
          }
          pagination={pagination(query.data?.totalCount ?? 0, (total) => t('total', { total }))}
        />
      </Card>
      {actions.dialogs}
    </div>
  );
}
