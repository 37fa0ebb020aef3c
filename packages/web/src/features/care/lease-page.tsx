import { useEffect, useState } from 'react';
import { App, Button, DatePicker, Form, Input, InputNumber, Modal, Select, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  BillingPerm,
  LEASE_STATUSES,
  LeasePerm,
  PayStatus,
  formatFen,
  isPayable,
  parseYuan,
  type LeaseRow,
  type LeaseStatus,
} from '@rehab/shared';
import { PayStatusTag } from '../../components/billing/billing-kit';
import { paymentPath } from '../../components/billing/bill-panel';
import { showApiError } from '../../lib/form-errors';
import { usePermission } from '../../lib/session';
import { FormModal } from '../../components/form-modal';
import { useTablePaging } from '../../components/use-table-paging';
import { useLeasableEquipment, useLeases, useReturnLease, useSaveLease } from './api';
import { LeaseStatusTag } from './common';
import { PatientListFrame } from '../../components/patient-list-frame';
import { PatientSelect } from './patient-select';
import { FilterSelect } from '../../components/filter-select';

type Values = {
  patientId: number;
  equipmentId: number;
  range: [Dayjs, Dayjs];
  deposit?: number | null;
  remark?: string;
};
const yuan = (fen: number) => formatFen(fen, { symbol: true });

function LeaseFormModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('care');
  const [form] = Form.useForm<Values>();
  const save = useSaveLease();
  const equipment = useLeasableEquipment(open);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ range: [dayjs(), dayjs().add(30, 'day')] });
  }, [open, form]);
  const submit = (v: Values) =>
    save.mutateAsync({
      body: {
        patientId: v.patientId,
        equipmentId: v.equipmentId,
        startOn: v.range[0].format('YYYY-MM-DD'),
        plannedReturnOn: v.range[1].format('YYYY-MM-DD'),
        depositFen: v.deposit ? (parseYuan(v.deposit) ?? 0) : 0,
        remark: v.remark?.trim() || null,
      },
    });
  const required = (field: string) => [{ required: true, message: t('required', { field }) }];
  return (
    <FormModal
      open={open}
      title={t('lease.add')}
      form={form}
      testId="lease"
      pending={save.isPending}
      action={t('lease.add')}
      onClose={onClose}
      onSubmit={submit}
    >
      <Form.Item name="patientId" label={t('patient')} rules={required(t('patient'))}>
        <PatientSelect kind="leases" open={open} />
      </Form.Item>
      <Form.Item name="equipmentId" label={t('lease.equipment')} rules={required(t('lease.equipment'))}>
        <Select
          showSearch
          optionFilterProp="label"
          loading={equipment.isLoading}
          data-testid="lease-equipment"
          options={(equipment.data ?? []).map((e) => ({
            value: e.id,
            disabled: !e.dailyPriceFen,
            label: e.dailyPriceFen
              ? `${e.name} · ${t('lease.perDay', { price: yuan(e.dailyPriceFen) })}`
              : `${e.name} · ${t('lease.noPrice')}`,
          }))}
        />
      </Form.Item>
      <Form.Item name="range" label={t('lease.period')} rules={required(t('lease.period'))}>
        <DatePicker.RangePicker style={{ width: '100%' }} data-testid="lease-range" />
      </Form.Item>
      <Form.Item name="deposit" label={t('lease.deposit')}>
        <InputNumber min={0} max={99999.99} precision={2} style={{ width: '100%' }} addonAfter={t('yuan')} />
      </Form.Item>
      <Form.Item name="remark" label={t('remark')}>
        <Input.TextArea maxLength={200} rows={2} />
      </Form.Item>
    </FormModal>
  );
}

/**
 * Equipment lease (/customerService/lease): home-rehab equipment lent to patients, overdue ones first; the rent runs
 * per day at the equipment's lease price and is settled when the equipment comes back. The deposit goes on the
 * patient's bill when leased and the rent when returned (docs/decisions.md, "Equipment lease through billing").
 */
export function LeasePage() {
  const { t } = useTranslation('care');
  const { message } = App.useApp();
  const can = usePermission();
  const navigate = useNavigate();
  const { page, limit, setPage, pagination } = useTablePaging();
  const [patientName, setPatientName] = useState('');
  const [status, setStatus] = useState<LeaseStatus | undefined>();
  const [adding, setAdding] = useState(false);
  const [returning, setReturning] = useState<LeaseRow | null>(null);
  const [returnedOn, setReturnedOn] = useState<Dayjs>(dayjs());
  const leases = useLeases({ page, limit, ...(patientName ? { patientName } : {}), ...(status ? { status } : {}) });
  const giveBack = useReturnLease();

  const confirmReturn = async () => {
    if (!returning) return;
    try {
      const res = await giveBack.mutateAsync({
        body: { id: returning.id, returnedOn: returnedOn.format('YYYY-MM-DD') },
      });
      message.success(t('lease.returned', { rent: yuan(res.data.rentFen), days: res.data.days }));
      setReturning(null);
    } catch (error) {
      showApiError(error, t('common:status.failure', { action: t('lease.return') }), message.error);
    }
  };

  const columns: ColumnsType<LeaseRow> = [
    { key: 'patient', title: t('patient'), dataIndex: 'patientName' },
    { key: 'equipment', title: t('lease.equipment'), dataIndex: 'equipmentName' },
    {
      key: 'period',
      title: t('lease.period'),
      width: 200,
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <span>
            {r.startOn} ~ {r.plannedReturnOn}
          </span>
          {r.returnedOn && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('lease.returnedOn', { day: r.returnedOn })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    { key: 'price', title: t('lease.dailyPrice'), width: 110, render: (_, r) => yuan(r.dailyPriceFen) },
    {
      key: 'deposit',
      title: t('lease.deposit'),
      width: 130,
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <span>{yuan(r.depositFen)}</span>
          {r.depositPayStatus !== null && (
            <span data-testid="lease-deposit-status">
              <PayStatusTag status={r.depositPayStatus} />
            </span>
          )}
          {r.status === 'returned' && r.depositPayStatus === PayStatus.paid && (
            <Typography.Text type="warning" style={{ fontSize: 12 }} data-testid="lease-deposit-back">
              {t('lease.depositBack')}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      key: 'rent',
      title: t('lease.rent'),
      width: 150,
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <span data-testid="lease-rent">{yuan(r.rentFen)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('daysValue', { count: r.days })}
          </Typography.Text>
          {r.rentPayStatus !== null && (
            <span data-testid="lease-rent-status">
              <PayStatusTag status={r.rentPayStatus} />
            </span>
          )}
        </Space>
      ),
    },
    {
      key: 'late',
      title: t('lease.late'),
      width: 100,
      render: (_, r) =>
        r.lateDays ? (
          <Typography.Text type="danger" data-testid="lease-late">
            {t('daysValue', { count: r.lateDays })}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    { key: 'status', title: t('status'), width: 100, render: (_, r) => <LeaseStatusTag status={r.status} /> },
  ];
  const toTill = can(BillingPerm.settle);
  const owes = (r: LeaseRow) =>
    [r.depositPayStatus, r.rentPayStatus].some((s) => s !== null && isPayable(s)) ||
    (r.status === 'returned' && r.depositPayStatus === PayStatus.paid);
  if (can(LeasePerm.return) || toTill)
    columns.push({
      key: 'actions',
      title: t('actions'),
      width: 110,
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          {can(LeasePerm.return) && r.status !== 'returned' && (
            <Button
              type="link"
              size="small"
              onClick={() => {
                setReturnedOn(dayjs());
                setReturning(r);
              }}
              data-testid="lease-return"
            >
              {t('lease.return')}
            </Button>
          )}
          {toTill && owes(r) && (
            <Button
              type="link"
              size="small"
              onClick={() => void navigate(paymentPath(r.patientId))}
              data-testid="lease-to-till"
            >
              {t('lease.toTill')}
            </Button>
          )}
        </Space>
      ),
    });

  return (
    <>
      <PatientListFrame
        title={t('lease.title')}
        testId="lease-page"
        onPatientName={(name) => {
          setPatientName(name);
          setPage(1);
        }}
        filters={
          <>
            <FilterSelect
              allowClear
              placeholder={t('status')}
              style={{ width: 120 }}
              value={status}
              onChange={(v) => {
                setStatus(v);
                setPage(1);
              }}
              options={LEASE_STATUSES.map((s) => ({ value: s, label: t(`leaseStatus.${s}`) }))}
              data-testid="lease-status-filter"
            />
          </>
        }
        extra={
          can(LeasePerm.save) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="lease-add">
              {t('lease.add')}
            </Button>
          )
        }
        query={leases}
        columns={columns}
        pagination={pagination}
        tableTestId="lease-table"
      />
      <LeaseFormModal open={adding} onClose={() => setAdding(false)} />
      <Modal
        open={!!returning}
        title={t('lease.return')}
        onCancel={() => setReturning(null)}
        onOk={confirmReturn}
        okButtonProps={{ loading: giveBack.isPending, 'data-testid': 'lease-return-ok' } as never}
        destroyOnHidden
      >
        {returning && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <span>
              {returning.patientName} · {returning.equipmentName}
            </span>
            <DatePicker
              value={returnedOn}
              onChange={(d) => d && setReturnedOn(d)}
              allowClear={false}
              disabledDate={(d) => d.isAfter(dayjs(), 'day') || d.isBefore(dayjs(returning.startOn), 'day')}
            />
            <Typography.Text type="secondary">{t('lease.returnHint')}</Typography.Text>
          </Space>
        )}
      </Modal>
    </>
  );
}
