import { useState } from 'react';
import { Button, Card, Space, Table, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PatientReferralPerm, REFERRAL_STATUSES, type ReferralKind, type ReferralRow } from '@rehab/shared';
import { paths } from '../../lib/paths';
import { usePermission } from '../../lib/session';
import { useTablePaging } from '../../components/use-table-paging';
import { FilterSelect } from '../../components/filter-select';
import { useReferrals } from './api';
import { ReferralStatusTag, kindKey, when } from './common';
import { ReferralDrawer } from './detail-drawer';
import { ReferralRequestModal, type ReferralPreset } from './request-modal';

type Box = 'sent' | 'received';

const place = (org: { name: string }, office: { name: string } | null) =>
  `${org.name}${office ? ` / ${office.name}` : ''}`;

/**
 * Referral (/patient/patientReferral): the referrals my organization sent and those it received (held by me or
 * waiting for my office), a new referral from here, and one referral in a drawer (`?id=`, the link of a message).
 * The patient detail's "Refer" opens it with `?patientId=&treatmentId=&patientName=`: the new referral's form.
 */
export const ReferralListPage = () => <ReferralList kind="referral" />;

/**
 * Transfer of treatment (/transferTreatment/treatmentList): the same list of the transfers sent and received; one
 * opens on its own screen (/transferTreatment/treatmentDetail?id=), with what its acceptance moved.
 */
export const TransferListPage = () => <ReferralList kind="transfer" />;

function ReferralList({ kind }: { kind: ReferralKind }) {
  const { t } = useTranslation('referrals');
  const k = (key: string) => t(kindKey(kind, key));
  const navigate = useNavigate();
  const can = usePermission();
  const [params, setParams] = useSearchParams();
  const [box, setBox] = useState<Box>(
    can(PatientReferralPerm.receive) && !can(PatientReferralPerm.request) ? 'received' : 'sent',
  );
  const [status, setStatus] = useState<string | undefined>();
  const { page, limit, setPage, pagination } = useTablePaging();
  const records = useReferrals({ box, kind, page, limit, ...(status ? { status } : {}) });
  const openId = Number(params.get('id') ?? 0);
  const presetId = Number(params.get('patientId') ?? 0);
  const preset: ReferralPreset | undefined = presetId
    ? {
        patientId: presetId,
        patientName: params.get('patientName') ?? String(presetId),
        treatmentId: Number(params.get('treatmentId') ?? 0) || undefined,
      }
    : undefined;
  const [requesting, setRequesting] = useState(false);
  const showRequest = can(PatientReferralPerm.request) && (requesting || Boolean(preset));
  const open = (id: number) =>
    kind === 'transfer' ? navigate(`${paths.transferDetail}?id=${id}`) : setParams({ id: String(id) });
  const close = () => setParams({});

  const columns: ColumnsType<ReferralRow> = [
    { key: 'id', title: t('col.id'), dataIndex: 'id', width: 70 },
    { key: 'patient', title: t('col.patient'), dataIndex: 'patientName', width: 110 },
    { key: 'reason', title: t('col.reason'), dataIndex: 'reason', ellipsis: true },
    {
      key: 'other',
      title: box === 'sent' ? t('col.to') : t('col.from'),
      width: 240,
      render: (_, r) =>
        box === 'sent' ? place(r.toOrganization, r.toOffice) : place(r.fromOrganization, r.fromOffice),
    },
    {
      key: 'people',
      title: box === 'sent' ? k('col.receiver') : k('col.requester'),
      width: 110,
      render: (_, r) => (box === 'sent' ? r.receiverName : r.requesterName) ?? '—',
    },
    { key: 'time', title: k('col.time'), width: 150, render: (_, r) => when(r.createdAt) },
    {
      key: 'status',
      title: t('col.status'),
      dataIndex: 'status',
      width: 110,
      render: (s: string) => <ReferralStatusTag status={s} />,
    },
    {
      key: 'actions',
      title: t('col.actions'),
      width: 90,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => open(r.id)} data-testid={`referral-open-${r.id}`}>
          {t('open')}
        </Button>
      ),
    },
  ];

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }} data-testid="referral-list">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {k('title')}
      </Typography.Title>
      <Card
        extra={
          can(PatientReferralPerm.request) && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setRequesting(true)}
              data-testid="referral-new"
            >
              {k('request.open')}
            </Button>
          )
        }
        title={
          <Tabs
            activeKey={box}
            onChange={(k) => {
              setBox(k as Box);
              setPage(1);
            }}
            items={[
              { key: 'sent', label: k('box.sent') },
              { key: 'received', label: k('box.received') },
            ]}
            style={{ marginBottom: -17 }}
          />
        }
      >
        <Space style={{ marginBottom: 12 }}>
          <FilterSelect
            allowClear
            style={{ width: 180 }}
            placeholder={t('col.status')}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
            options={REFERRAL_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          />
        </Space>
        <Table<ReferralRow>
          rowKey="id"
          size="middle"
          columns={columns}
          scroll={{ x: 1000 }}
          loading={records.isFetching}
          dataSource={records.data?.list ?? []}
          pagination={pagination(records.data?.totalCount ?? 0, (n) => t('total', { count: n }))}
        />
      </Card>
      {showRequest && (
        <ReferralRequestModal
          kind={kind}
          preset={preset}
          onClose={() => {
            setRequesting(false);
            if (preset) close();
          }}
          onDone={(id) => {
            setRequesting(false);
            setBox('sent');
            open(id);
          }}
        />
      )}
      {openId > 0 && kind === 'referral' && <ReferralDrawer id={openId} onClose={close} />}
    </div>
  );
}
