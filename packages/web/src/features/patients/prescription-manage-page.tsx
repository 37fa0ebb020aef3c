import { useState, type ReactNode } from 'react';
import { App, Button, DatePicker, Form, Input, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import { KeyboardPopconfirm } from '../../components/keyboard-popconfirm';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PatientPerm, prescriptionsEndpoints, type PrescriptionPageQuery } from '@rehab/shared';
import { useTablePaging } from '../../components/use-table-paging';
import { ListPage, SearchCard, TableCard } from '../../components/list-page';
import { ApiError } from '../../lib/api';
import { downloadExcel, exportFileName } from '../../lib/export-excel';
import { showApiError } from '../../lib/form-errors';
import { usePermission } from '../../lib/session';
import {
  fetchAllPages,
  usePrescriptionList,
  useProjectStatus,
  useStaff,
  useTemplates,
  type PrescriptionRow,
} from './api';
import { patientDetailPath, projectPath } from './paths';
import './patients.css';

type Filters = Omit<PrescriptionPageQuery, 'page' | 'limit' | 'mine'>;
type SearchValues = {
  keyword?: string;
  templateId?: number;
  status?: number;
  execOfficeId?: number;
  therapistId?: number;
  range?: [Dayjs | null, Dayjs | null] | null;
};
const STATUS_COLOR: Record<number, string> = { 1: 'processing', 2: 'success', 3: 'default' };

function toFilters(v: SearchValues): Filters {
  return {
    keyword: v.keyword?.trim() || undefined,
    templateId: v.templateId,
    status: v.status,
    execOfficeId: v.execOfficeId,
    therapistId: v.therapistId,
    dateFrom: v.range?.[0]?.format('YYYY-MM-DD'),
    dateTo: v.range?.[1]?.format('YYYY-MM-DD'),
  };
}

/** A table cell of two related data: the first as it is, the second in grey on the line below. */
const twoLines = (first: ReactNode, second: ReactNode) => (
  <div className="rx-cell">
    <span>{first}</span>
    <Typography.Text type="secondary">{second}</Typography.Text>
  </div>
);

/**
 * Prescription management (/mypatient/prescription/manage/:action?): the treatment projects prescribed in the
 * organization, mine by default (`:action` = `all` for everyone's), with filters, paging, batch end or disable and an
 * Excel export of the filtered list.
 */
export function PrescriptionManagePage() {
  const { t } = useTranslation('prescriptions');
  const { message } = App.useApp();
  const can = usePermission();
  const navigate = useNavigate();
  const { action } = useParams();
  const mine = action === 'all' ? 0 : 1;
  const [form] = Form.useForm<SearchValues>();
  const { page, limit, setPage, pagination } = useTablePaging();
  const [filters, setFilters] = useState<Filters>({});
  const [selected, setSelected] = useState<number[]>([]);
  const [exporting, setExporting] = useState(false);
  const staff = useStaff();
  const templates = useTemplates();
  const status = useProjectStatus();
  const query = { ...filters, mine, page, limit };
  const list = usePrescriptionList(query);
  const canEnd = can(PatientPerm.endProject);

  const change = async (ids: number[], to: 'end' | 'disable') => {
    try {
      await status.mutateAsync({ ids, status: to });
      message.success(t(`done.${to}`, { count: ids.length }));
      setSelected([]);
    } catch (error) {
      showApiError(error, t('common:status.failure', { action: t(`action.${to}`) }), (m) => message.error(m));
    }
  };

  const handleExport = async () => {
    setExporting(true);
    try {
      const rows = await fetchAllPages(prescriptionsEndpoints.page, { ...filters, mine });
      const headers = [
        'patientName',
        'patientNo',
        'project',
        'status',
        'frequency',
        'progress',
        'totalPrice',
        'execOffice',
        'therapist',
        'prescriber',
        'date',
      ].map((f) => t(`field.${f}`));
      const data = rows.map((r) => [
        r.patientName,
        r.inpatientNo ?? r.outpatientNo ?? '',
        r.name,
        t(`projectStatus.${r.status}`),
        r.frequency,
        `${r.treatedTimes}/${r.totalTimes}`,
        r.totalPrice.toFixed(2),
        r.execOfficeName,
        r.therapistName ?? r.teamName ?? '',
        r.prescriberName ?? '',
        dayjs(r.createdAt).format('YYYY-MM-DD HH:mm'),
      ]);
      await downloadExcel(t('title'), headers, data, exportFileName(t('title')));
      message.success(t('exportDone', { count: rows.length }));
    } catch (error) {
      message.error(error instanceof ApiError ? error.message : t('common:status.failure', { action: t('export') }));
    } finally {
      setExporting(false);
    }
  };

  // related data share a column (a second line in grey), so the table fits a 1366 px screen without scrolling
  const columns: ColumnsType<PrescriptionRow> = [
    {
      title: t('field.patientName'),
      dataIndex: 'patientName',
      fixed: 'left',
      render: (name: string, r) =>
        twoLines(
          <Link to={patientDetailPath(r.patientId, r.treatmentId)} data-testid={`rx-patient-${r.id}`}>
            {name}
          </Link>,
          r.inpatientNo ?? r.outpatientNo ?? '—',
        ),
    },
    {
      title: t('field.project'),
      dataIndex: 'name',
      render: (name: string, r) =>
        twoLines(
          <Link to={projectPath(r.id)} data-testid={`rx-project-${r.id}`}>
            {name}
          </Link>,
          <Tag color={STATUS_COLOR[r.status]}>{t(`projectStatus.${r.status}`)}</Tag>,
        ),
    },
    {
      title: t('field.progress'),
      key: 'progress',
      render: (_, r) =>
        twoLines(`${r.treatedTimes}/${r.totalTimes}`, t('field.frequencyValue', { frequency: r.frequency })),
    },
    {
      title: t('field.totalPrice'),
      dataIndex: 'totalPrice',
      align: 'right',
      render: (v: number) => v.toFixed(2),
    },
    {
      title: t('field.execution'),
      key: 'execution',
      render: (_, r) => twoLines(r.execOfficeName, r.therapistName ?? r.teamName ?? '—'),
    },
    {
      title: t('field.prescribed'),
      dataIndex: 'createdAt',
      render: (v: string, r) => twoLines(r.prescriberName ?? '—', dayjs(v).format('YYYY-MM-DD')),
    },
    {
      title: t('field.actions'),
      fixed: 'right',
      render: (_, r) => (
        <Space size={0} className="rx-actions">
          <Button size="small" type="link" onClick={() => navigate(projectPath(r.id))}>
            {t('action.detail')}
          </Button>
          {canEnd && r.status === 1 && (
            <>
              <KeyboardPopconfirm title={t('confirm.end', { count: 1 })} onConfirm={() => change([r.id], 'end')}>
                <Button size="small" type="link" data-testid={`rx-end-${r.id}`}>
                  {t('action.end')}
                </Button>
              </KeyboardPopconfirm>
              <KeyboardPopconfirm
                title={t('confirm.disable', { count: 1 })}
                onConfirm={() => change([r.id], 'disable')}
              >
                <Button size="small" type="link" danger data-testid={`rx-disable-${r.id}`}>
                  {t('action.disable')}
                </Button>
              </KeyboardPopconfirm>
            </>
          )}
        </Space>
      ),
    },
  ];

  const rows = list.data?.list ?? [];
  const total = list.data?.totalCount ?? 0;
  const selectedRows = rows.filter((r) => selected.includes(r.id));
  const batchReady = selectedRows.length > 0 && selectedRows.every((r) => r.status === 1);

  return (
    <ListPage
      title={t('title')}
      testId="prescription-manage"
      extra={
        <>
          <Segmented
            value={mine ? 'mine' : 'all'}
            onChange={(v) => {
              setSelected([]);
              setPage(1);
              navigate(v === 'all' ? '/mypatient/prescription/manage/all' : '/mypatient/prescription/manage');
            }}
            options={[
              { value: 'mine', label: t('scope.mine') },
              { value: 'all', label: t('scope.all') },
            ]}
            data-testid="rx-scope"
          />
          {canEnd && (
            <>
              <KeyboardPopconfirm
                title={t('confirm.end', { count: selected.length })}
                onConfirm={() => change(selected, 'end')}
                disabled={!batchReady}
              >
                <Button disabled={!batchReady} data-testid="rx-batch-end">
                  {t('action.batchEnd')}
                </Button>
              </KeyboardPopconfirm>
              <KeyboardPopconfirm
                title={t('confirm.disable', { count: selected.length })}
                onConfirm={() => change(selected, 'disable')}
                disabled={!batchReady}
              >
                <Button danger disabled={!batchReady} data-testid="rx-batch-disable">
                  {t('action.batchDisable')}
                </Button>
              </KeyboardPopconfirm>
            </>
          )}
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={handleExport} data-testid="rx-export">
            {t('export')}
          </Button>
        </>
      }
    >
      <SearchCard<SearchValues>
        form={form}
        name="prescriptionSearch"
        onSearch={(v) => {
          setFilters(toFilters(v));
          setSelected([]);
          setPage(1);
        }}
        onReset={() => {
          setFilters({});
          setSelected([]);
          setPage(1);
        }}
        testId="rx-search"
        submitTestId="rx-submit"
      >
        <Form.Item name="keyword" label={t('search.keyword')}>
          <Input allowClear maxLength={64} placeholder={t('search.keywordPlaceholder')} data-testid="rx-keyword" />
        </Form.Item>
        <Form.Item name="templateId" label={t('search.project')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            options={(templates.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
            data-testid="rx-template"
          />
        </Form.Item>
        <Form.Item name="status" label={t('search.status')}>
          <Select
            allowClear
            options={[1, 2, 3].map((v) => ({ value: v, label: t(`projectStatus.${v}`) }))}
            data-testid="rx-status"
          />
        </Form.Item>
        <Form.Item name="execOfficeId" label={t('search.execOffice')}>
          <Select allowClear options={(staff.data?.offices ?? []).map((o) => ({ value: o.id, label: o.name }))} />
        </Form.Item>
        <Form.Item name="therapistId" label={t('search.therapist')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            options={(staff.data?.therapists ?? []).map((o) => ({ value: o.id, label: o.name }))}
          />
        </Form.Item>
        <Form.Item name="range" label={t('search.date')}>
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
      </SearchCard>
      <TableCard error={list.error} errorTitle={t('common:error.loadFailed')}>
        <Table<PrescriptionRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={list.isLoading || (list.isFetching && list.isPlaceholderData)}
          scroll={{ x: 'max-content' }}
          rowSelection={
            canEnd ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) } : undefined
          }
          pagination={pagination(total, (n) => t('total', { total: n }))}
          data-testid="rx-table"
        />
      </TableCard>
    </ListPage>
  );
}
