import { useState } from 'react';
import {
  Alert,
  App,
  Badge,
  Button,
  Card,
  Col,
  DatePicker,
  Empty,
  Form,
  Input,
  Pagination,
  Row,
  Segmented,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  AppstoreOutlined,
  DownloadOutlined,
  PlusOutlined,
  ReloadOutlined,
  SearchOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PatientPerm, type PatientPageQuery } from '@rehab/shared';
import { useTablePaging } from '../../components/use-table-paging';
import { ApiError } from '../../lib/api';
import { downloadExcel, exportFileName } from '../../lib/export-excel';
import { usePermission } from '../../lib/session';
import { UNASSIGNED_QUERY_KEY } from '../../lib/paths';
import { fetchAllPatients, usePatientList, useStaff, type PatientRow } from './api';
import { myPatientDetailPath, outpatientDetailPath, patientDetailPath } from './paths';

/** The same list as my patients (/mypatient/list) or the outpatients (/outpatient/list). */
export type ManageVariant = 'all' | 'mine' | 'outpatient';
import { RegisterModal } from './register-modal';
import './patients.css';

type SearchValues = {
  keyword?: string;
  idNumber?: string;
  patientNo?: string;
  bedNo?: string;
  officeId?: number;
  therapistId?: number;
  patientType?: number;
  courseStatus?: number;
  range?: [Dayjs | null, Dayjs | null] | null;
};
type Filters = Omit<PatientPageQuery, 'page' | 'limit'>;

function toFilters(v: SearchValues): Filters {
  const f: Filters = {};
  for (const key of ['keyword', 'idNumber', 'patientNo', 'bedNo'] as const) if (v[key]?.trim()) f[key] = v[key]!.trim();
  for (const key of ['officeId', 'therapistId', 'patientType', 'courseStatus'] as const)
    if (v[key] !== undefined && v[key] !== null) f[key] = v[key];
  const [from, to] = v.range ?? [];
  if (from) f.registerFrom = from.format('YYYY-MM-DD');
  if (to) f.registerTo = to.format('YYYY-MM-DD');
  return f;
}

const patientNo = (r: PatientRow) =>
  (r.patientType === 2 ? r.inpatientNo : r.outpatientNo) ?? r.outpatientNo ?? r.inpatientNo;

/**
 * Patient list (spec section 2, /patient/manage): all or my patients, those with unassigned projects
 * (`?unAssigned=1`, the home card's link), search by name, pinyin or initials, ID number, numbers, bed, office, therapist and date; card
 * and list views; Excel export of the filtered list; registration.
 */
export function PatientManagePage({ variant = 'all' }: { variant?: ManageVariant } = {}) {
  const { t } = useTranslation('patients');
  const { message } = App.useApp();
  const can = usePermission();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [form] = Form.useForm<SearchValues>();
  const { page, limit, setPage, pagination } = useTablePaging();
  const [filters, setFilters] = useState<Filters>({});
  const [view, setView] = useState<'card' | 'list'>('list');
  const [registering, setRegistering] = useState(false);
  const [exporting, setExporting] = useState(false);
  const staff = useStaff();
  const mine = variant === 'mine' || params.get('mine') === '1' ? 1 : 0;
  // the outpatient list shows outpatients only
  const fixed = variant === 'outpatient' ? { patientType: 1 } : {};
  const detailOf = (patientId: number, treatmentId: number) =>
    variant === 'outpatient'
      ? outpatientDetailPath(patientId, treatmentId)
      : variant === 'mine'
        ? myPatientDetailPath(patientId, treatmentId)
        : patientDetailPath(patientId, treatmentId);
  const unassigned = params.get(UNASSIGNED_QUERY_KEY) === '1' ? 1 : 0;
  const query: PatientPageQuery = { ...filters, ...fixed, mine, unassigned, page, limit };
  const list = usePatientList(query);

  const setFlag = (key: 'mine' | typeof UNASSIGNED_QUERY_KEY, on: boolean) => {
    const next = new URLSearchParams(params);
    if (on) next.set(key, '1');
    else next.delete(key);
    setParams(next, { replace: true });
    setPage(1);
  };

  const statusTag = (r: PatientRow) => (
    <Tag color={r.status === 1 ? 'processing' : 'default'}>{t(`options.courseStatus.${r.status}`)}</Tag>
  );

  const columns: ColumnsType<PatientRow> = [
    {
      key: 'name',
      title: t('field.name'),
      fixed: 'left',
      width: 140,
      render: (_, r) => (
        <Link to={detailOf(r.patientId, r.treatmentId)} data-testid="patient-link">
          {r.name}
        </Link>
      ),
    },
    { key: 'sex', title: t('field.sex'), width: 70, render: (_, r) => t(`options.sex.${r.sex}`) },
    { key: 'age', title: t('field.age'), dataIndex: 'age', width: 70 },
    {
      key: 'type',
      title: t('field.patientType'),
      width: 90,
      render: (_, r) => t(`options.patientType.${r.patientType}`),
    },
    { key: 'no', title: t('search.patientNo'), width: 130, render: (_, r) => patientNo(r) ?? '-' },
    { key: 'bedNo', title: t('field.bedNo'), dataIndex: 'bedNo', width: 80, render: (v) => v ?? '-' },
    { key: 'idNumber', title: t('field.idNumber'), dataIndex: 'idNumber', width: 190, render: (v) => v ?? '-' },
    { key: 'phone', title: t('field.phone'), dataIndex: 'phone', width: 130 },
    { key: 'disease', title: t('field.diseaseId'), dataIndex: 'diseaseName', width: 150 },
    { key: 'functioning', title: t('field.functioningId'), dataIndex: 'functioningName', width: 150 },
    { key: 'office', title: t('field.officeId'), dataIndex: 'officeName', width: 130 },
    { key: 'doctor', title: t('field.doctorId'), dataIndex: 'doctorName', width: 110, render: (v) => v ?? '-' },
    {
      key: 'projects',
      title: t('field.projects'),
      width: 130,
      render: (_, r) => (
        <Space size={4}>
          <span>{r.projectCount}</span>
          {r.unassignedCount > 0 && <Tag color="warning">{`${t('field.unassigned')} ${r.unassignedCount}`}</Tag>}
        </Space>
      ),
    },
    { key: 'status', title: t('field.status'), width: 100, render: (_, r) => statusTag(r) },
    {
      key: 'registerTime',
      title: t('field.registerTime'),
      dataIndex: 'registerTime',
      width: 170,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
  ];

  const handleExport = async () => {
    setExporting(true);
    try {
      const rows = await fetchAllPatients({ ...filters, ...fixed, mine, unassigned });
      if (rows.length === 0) {
        message.info(t('exportEmpty'));
        return;
      }
      const headers = [
        'name',
        'sex',
        'age',
        'patientType',
        'outpatientNo',
        'inpatientNo',
        'bedNo',
        'idNumber',
        'phone',
        'diseaseId',
        'functioningId',
        'officeId',
        'doctorId',
        'status',
        'registerTime',
      ].map((f) => t(`field.${f}`));
      const data = rows.map((r) => [
        r.name,
        t(`options.sex.${r.sex}`),
        r.age === null ? '' : String(r.age),
        t(`options.patientType.${r.patientType}`),
        r.outpatientNo ?? '',
        r.inpatientNo ?? '',
        r.bedNo ?? '',
        r.idNumber ?? '',
        r.phone,
        r.diseaseName,
        r.functioningName,
        r.officeName,
        r.doctorName ?? '',
        t(`options.courseStatus.${r.status}`),
        dayjs(r.registerTime).format('YYYY-MM-DD HH:mm:ss'),
      ]);
      await downloadExcel(t('title'), headers, data, exportFileName(t('title')));
      message.success(t('exportDone', { count: rows.length }));
    } catch (error) {
      message.error(error instanceof ApiError ? error.message : t('common:status.failure', { action: t('export') }));
    } finally {
      setExporting(false);
    }
  };

  const rows = list.data?.list ?? [];
  const total = list.data?.totalCount ?? 0;
  const paging = pagination(total, (n) => t('total', { total: n }));

  return (
    <div className="pt-page" data-testid="patient-manage">
      <div className="pt-header">
        <Typography.Title level={4} className="pt-title">
          {variant === 'all' ? t('title') : t(`variant.${variant}`)}
        </Typography.Title>
        <Space wrap>
          {variant === 'all' && (
            <Segmented
              value={mine ? 'mine' : 'all'}
              onChange={(v) => setFlag('mine', v === 'mine')}
              options={[
                { value: 'all', label: t('scope.all') },
                { value: 'mine', label: t('scope.mine') },
              ]}
              data-testid="scope-switch"
            />
          )}
          <Space size={6}>
            <Switch
              checked={unassigned === 1}
              onChange={(on) => setFlag(UNASSIGNED_QUERY_KEY, on)}
              aria-label={t('scope.unassigned')}
              data-testid="unassigned-switch"
            />
            <span>{t('scope.unassigned')}</span>
          </Space>
          <Segmented
            value={view}
            onChange={(v) => setView(v as 'card' | 'list')}
            options={[
              { value: 'list', icon: <UnorderedListOutlined />, label: t('view.list') },
              { value: 'card', icon: <AppstoreOutlined />, label: t('view.card') },
            ]}
            data-testid="view-switch"
          />
          {can(PatientPerm.export) && (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={handleExport} data-testid="patient-export">
              {t('export')}
            </Button>
          )}
          {can(PatientPerm.save) && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setRegistering(true)}
              data-testid="patient-register"
            >
              {t('register')}
            </Button>
          )}
        </Space>
      </div>
      <Card size="small" className="pt-search-card">
        <Form
          form={form}
          name="patientSearch"
          layout="inline"
          className="pt-search"
          initialValues={{ courseStatus: 1 }}
          onFinish={(v) => {
            setFilters(toFilters(v));
            setPage(1);
          }}
          data-testid="patient-search"
        >
          <Form.Item name="keyword" label={t('search.keyword')}>
            <Input
              allowClear
              maxLength={64}
              placeholder={t('search.keywordPlaceholder')}
              data-testid="search-keyword"
            />
          </Form.Item>
          <Form.Item name="idNumber" label={t('search.idNumber')}>
            <Input allowClear maxLength={18} data-testid="search-idNumber" />
          </Form.Item>
          <Form.Item name="patientNo" label={t('search.patientNo')}>
            <Input allowClear maxLength={30} data-testid="search-patientNo" />
          </Form.Item>
          <Form.Item name="bedNo" label={t('search.bedNo')}>
            <Input allowClear maxLength={20} className="pt-narrow" />
          </Form.Item>
          <Form.Item name="officeId" label={t('search.office')}>
            <Select
              allowClear
              className="pt-select"
              options={(staff.data?.offices ?? []).map((o) => ({ value: o.id, label: o.name }))}
            />
          </Form.Item>
          <Form.Item name="therapistId" label={t('search.therapist')}>
            <Select
              allowClear
              className="pt-select"
              options={(staff.data?.therapists ?? []).map((o) => ({ value: o.id, label: o.name }))}
            />
          </Form.Item>
          <Form.Item name="patientType" label={t('search.patientType')}>
            <Select
              allowClear
              className="pt-select"
              options={[1, 2].map((v) => ({ value: v, label: t(`options.patientType.${v}`) }))}
            />
          </Form.Item>
          <Form.Item name="courseStatus" label={t('search.courseStatus')}>
            <Select
              className="pt-select"
              options={[1, 2, 0].map((v) => ({ value: v, label: t(`courseStatus.${v}`) }))}
            />
          </Form.Item>
          <Form.Item name="range" label={t('search.registerDate')}>
            <DatePicker.RangePicker allowEmpty={[true, true]} />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="search-submit">
                {t('common:action.search')}
              </Button>
              <Button
                icon={<ReloadOutlined />}
                onClick={() => {
                  form.resetFields();
                  setFilters({});
                  setPage(1);
                }}
              >
                {t('common:action.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      </Card>
      {list.isError && (
        <Alert type="error" showIcon title={t('common:error.loadFailed')} description={list.error.message} />
      )}
      {view === 'list' ? (
        <Card>
          <Table<PatientRow>
            rowKey="treatmentId"
            size="middle"
            columns={columns}
            dataSource={rows}
            loading={list.isLoading || (list.isFetching && list.isPlaceholderData)}
            scroll={{ x: 'max-content' }}
            pagination={paging}
            data-testid="patient-table"
          />
        </Card>
      ) : (
        <div data-testid="patient-cards">
          {rows.length === 0 && !list.isLoading ? (
            <Card>
              <Empty />
            </Card>
          ) : (
            <Row gutter={[16, 16]}>
              {rows.map((r) => (
                <Col key={r.treatmentId} xs={24} sm={12} lg={8} xxl={6}>
                  <Badge.Ribbon
                    text={t(`options.patientType.${r.patientType}`)}
                    color={r.patientType === 2 ? 'purple' : 'blue'}
                  >
                    <Card
                      hoverable
                      size="small"
                      className="pt-card"
                      onClick={() => navigate(detailOf(r.patientId, r.treatmentId))}
                      data-testid="patient-card"
                    >
                      <div className="pt-card-name">
                        <strong>{r.name}</strong>
                        <span>
                          {t(`options.sex.${r.sex}`)} · {r.age ?? '-'}
                        </span>
                      </div>
                      <div className="pt-card-line">
                        {t('search.patientNo')}: {patientNo(r) ?? '-'}{' '}
                        {r.bedNo ? `· ${t('field.bedNo')} ${r.bedNo}` : ''}
                      </div>
                      <div className="pt-card-line">
                        {r.diseaseName} / {r.functioningName}
                      </div>
                      <div className="pt-card-line">
                        {r.officeName} · {r.doctorName ?? '-'}
                      </div>
                      <div className="pt-card-foot">
                        {statusTag(r)}
                        {r.unassignedCount > 0 && (
                          <Tag color="warning">{`${t('field.unassigned')} ${r.unassignedCount}`}</Tag>
                        )}
                        <span className="pt-card-date">{dayjs(r.registerTime).format('YYYY-MM-DD')}</span>
                      </div>
                    </Card>
                  </Badge.Ribbon>
                </Col>
              ))}
            </Row>
          )}
          <Pagination className="pt-pagination" {...(paging as object)} />
        </div>
      )}
      <RegisterModal
        open={registering}
        onClose={() => setRegistering(false)}
        onSaved={(ids) => navigate(detailOf(ids.patientId, ids.treatmentId))}
      />
    </div>
  );
}
