import { useState } from 'react';
import { Alert, Button, Form, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { BillingPerm, billingEndpoints, type Bill, type EntitlementRow } from '@rehab/shared';
import { useEntitySelect } from '../../lib/queries/entity-select';
import { usePermission } from '../../lib/session';
import { useBillingMutation } from './api';
import { FormModal } from '../form-modal';
import { emptyText, useIdempotencyKey, yuan } from './billing-kit';

const STATE_COLOR: Record<EntitlementRow['state'], string> = {
  unpaid: 'gold',
  active: 'green',
  usedUp: 'default',
  expired: 'default',
  refunded: 'volcano',
};

/**
 * The packages (course cards, 疗程卡) a patient bought: sessions used and left, validity, and each session used.
 * Selling one puts it on the bill; it can be used once paid.
 */
export function PackagesTab({ bill, treatmentId }: { bill: Bill; treatmentId?: number }) {
  const { t } = useTranslation('billing');
  const can = usePermission();
  const [selling, setSelling] = useState(false);
  const columns: ColumnsType<EntitlementRow> = [
    { key: 'name', title: t('packages.name'), dataIndex: 'name' },
    {
      key: 'state',
      title: t('packages.state'),
      width: 96,
      render: (_, e) => <Tag color={STATE_COLOR[e.state]}>{t(`packages.states.${e.state}`)}</Tag>,
    },
    {
      key: 'sessions',
      title: t('packages.sessions'),
      width: 110,
      align: 'right',
      render: (_, e) => `${e.sessionsUsed} / ${e.sessionsTotal}`,
    },
    {
      key: 'left',
      title: t('packages.left'),
      width: 72,
      align: 'right',
      render: (_, e) => <Typography.Text strong>{e.sessionsLeft}</Typography.Text>,
    },
    {
      key: 'price',
      title: t('packages.perSession'),
      width: 104,
      align: 'right',
      render: (_, e) => yuan(e.pricePerSessionFen),
    },
    {
      key: 'valid',
      title: t('packages.validUntil'),
      width: 120,
      render: (_, e) => (e.validUntil ? dayjs(e.validUntil).format('YYYY-MM-DD') : t('packages.noExpiry')),
    },
  ];
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <div className="bill-section-head">
        <Typography.Text strong>{t('packages.title')}</Typography.Text>
        {can(BillingPerm.charge) && (
          <Button size="small" icon={<PlusOutlined />} onClick={() => setSelling(true)} data-testid="package-sell">
            {t('packages.sell')}
          </Button>
        )}
      </div>
      <Table<EntitlementRow>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={bill.entitlements}
        columns={columns}
        scroll={{ x: 720 }}
        locale={{ emptyText: emptyText(t('packages.none')) }}
        expandable={{
          rowExpandable: () => true,
          expandedRowRender: (e) =>
            e.uses.length ? (
              <ul className="bill-package-uses" data-testid={`package-uses-${e.id}`}>
                {e.uses.map((u) => (
                  <li key={`${u.workOrderId}-${u.usedAt}`}>
                    <Typography.Text delete={u.returnedAt !== null}>
                      {u.name}
                      {u.treatDate ? ` · ${u.treatDate}` : ''}
                    </Typography.Text>
                    <Typography.Text type="secondary">{` · ${dayjs(u.usedAt).format('YYYY-MM-DD HH:mm')}`}</Typography.Text>
                    {u.returnedAt && (
                      <Tag className="bill-package-returned" data-testid={`package-use-returned-${u.workOrderId}`}>
                        {t('packages.returned', { time: dayjs(u.returnedAt).format('YYYY-MM-DD HH:mm') })}
                      </Tag>
                    )}
                  </li>
                ))}
              </ul>
            ) : (
              <Typography.Text type="secondary">{t('packages.useNone')}</Typography.Text>
            ),
        }}
        data-testid="package-table"
      />
      {selling && (
        <SellPackageModal patientId={bill.patient.id} treatmentId={treatmentId} onClose={() => setSelling(false)} />
      )}
    </Space>
  );
}

function SellPackageModal({
  patientId,
  treatmentId,
  onClose,
}: {
  patientId: number;
  treatmentId?: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('billing');
  const [form] = Form.useForm<{ packageId: number }>();
  const packages = useEntitySelect('treatPackage');
  const create = useBillingMutation(billingEndpoints.chargeCreate);
  return (
    <FormModal
      open
      title={t('packages.sellTitle')}
      form={form}
      testId="package-sell"
      action={t('packages.sell')}
      okText={t('packages.sell')}
      pending={create.isPending}
      onClose={onClose}
      onSubmit={(v) =>
        create.mutateAsync({
          body: { patientId, treatmentId, items: [{ sourceType: 'package', packageId: v.packageId }] },
        })
      }
    >
      <Alert type="info" showIcon title={t('packages.sold')} style={{ marginBottom: 16 }} />
      <Form.Item name="packageId" label={t('packages.pick')} rules={[{ required: true, message: t('required') }]}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={packages.isLoading}
          options={(packages.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
          data-testid="package-pick"
        />
      </Form.Item>
    </FormModal>
  );
}

/**
 * Pays completed sessions with a package in use (划卡). Mounted when it opens, so its idempotency key is minted once
 * per opening.
 */
export function UsePackageModal({
  bill,
  workOrderIds,
  onClose,
  onDone,
}: {
  bill: Bill;
  workOrderIds: number[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('billing');
  const [key] = useIdempotencyKey();
  const active = bill.entitlements.filter((e) => e.state === 'active');
  const [form] = Form.useForm<{ entitlementId: number }>();
  const use = useBillingMutation(billingEndpoints.entitlementUse);
  return (
    <FormModal
      open
      title={t('packages.useTitle', { count: workOrderIds.length })}
      form={form}
      testId="package-use"
      action={t('packages.use')}
      okText={t('packages.use')}
      pending={use.isPending}
      onClose={onClose}
      onSubmit={async (v) => {
        await use.mutateAsync({ body: { idempotencyKey: key, entitlementId: v.entitlementId, workOrderIds } });
        onDone();
      }}
    >
      <Alert type="info" showIcon title={t('packages.useHint')} style={{ marginBottom: 16 }} />
      <Form.Item
        name="entitlementId"
        label={t('packages.usePick')}
        initialValue={active.length === 1 ? active[0]!.id : undefined}
        rules={[{ required: true, message: t('required') }]}
      >
        <Select
          options={active.map((e) => ({
            value: e.id,
            label: t('packages.useOption', { name: e.name, left: e.sessionsLeft }),
          }))}
          data-testid="package-use-pick"
        />
      </Form.Item>
    </FormModal>
  );
}
