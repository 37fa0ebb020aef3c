import { useState } from 'react';
import { App, Button, DatePicker, Drawer, Form, Modal, Select, Skeleton, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { BillingPerm, billingEndpoints, shiftReopenSchema, type ShiftRow } from '@rehab/shared';
import { useBillingMutation } from '../../components/billing/api';
import { LoadError, emptyText, errorText, yuan } from '../../components/billing/billing-kit';
import { ListPage, SearchCard, TableCard } from '../../components/list-page';
import { useTablePaging } from '../../components/use-table-paging';
import { useEndpointQuery } from '../../lib/endpoints';
import { ReasonModal } from '../../components/billing/reason-modal';
import { usePermission, useSession } from '../../lib/session';
import { Difference, ShiftReportView, ShiftStatusTag, TIME } from './shift-parts';
import './billing.css';
import { FilterSelect } from '../../components/filter-select';

type Filters = { range?: [Dayjs, Dayjs] | null; cashierId?: number };

/** Who can receive a handover (cashiers and finance): also the cashier filter. */
const useReceivers = () =>
  useEndpointQuery(billingEndpoints.handoverTargets, {}, { select: (r) => r.data, staleTime: 60_000 });

/**
 * Shifts and handover (/outpatient/shifts): the shifts by date and cashier (one's own; everyone's with the report
 * permission), a drawer with the Z report and the counts, hand over a closed shift, accept one handed to me, reopen
 * (supervisors, with a reason).
 */
export function ShiftsPage() {
  const { t } = useTranslation('billing');
  const can = usePermission();
  const { user, organization } = useSession();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [detail, setDetail] = useState<number | null>(null);
  const [acting, setActing] = useState<{ row: ShiftRow; action: 'handover' | 'reopen' } | null>(null);
  const { page, limit, setPage, pagination } = useTablePaging();
  const receivers = useReceivers();
  const list = useEndpointQuery(
    billingEndpoints.shiftList,
    {
      body: {
        page,
        limit,
        cashierId: filters.cashierId,
        from: filters.range?.[0].format('YYYY-MM-DD'),
        to: filters.range?.[1].format('YYYY-MM-DD'),
      },
    },
    { select: (r) => r.data, keySuffix: [organization?.id] },
  );
  const columns: ColumnsType<ShiftRow> = [
    { key: 'cashier', title: t('shift.cashier'), dataIndex: 'cashierName', width: 100 },
    { key: 'status', title: t('shift.status'), width: 96, render: (_, r) => <ShiftStatusTag status={r.status} /> },
    { key: 'opened', title: t('shift.openedAt'), width: 136, render: (_, r) => dayjs(r.openedAt).format(TIME) },
    {
      key: 'closed',
      title: t('shift.closedAt'),
      width: 136,
      render: (_, r) => (r.closedAt ? dayjs(r.closedAt).format(TIME) : '-'),
    },
    { key: 'float', title: t('shift.float'), width: 100, align: 'right', render: (_, r) => yuan(r.floatFen) },
    {
      key: 'difference',
      title: t('shift.difference'),
      width: 100,
      align: 'right',
      render: (_, r) => (r.differenceFen === null ? '-' : <Difference fen={r.differenceFen} />),
    },
    {
      key: 'handedTo',
      title: t('shift.handedTo'),
      render: (_, r) =>
        r.handedToName
          ? `${r.handedToName}${r.acceptedAt ? ` ✓ ${dayjs(r.acceptedAt).format(TIME)}` : ` (${t('shift.notAccepted')})`}`
          : '-',
    },
    { key: 'reopened', title: t('shift.reopened'), dataIndex: 'reopenedCount', width: 80, align: 'right' },
    {
      key: 'actions',
      title: '',
      width: 200,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setDetail(r.id)} data-testid={`shift-detail-${r.id}`}>
            {t('shift.detail')}
          </Button>
          {r.status === 'closed' && r.cashierId === user?.id && (
            <Button
              type="link"
              size="small"
              onClick={() => setActing({ row: r, action: 'handover' })}
              data-testid={`shift-handover-${r.id}`}
            >
              {t('shift.handover')}
            </Button>
          )}
          {r.status !== 'open' && can(BillingPerm.shiftReopen) && (
            <Button
              type="link"
              size="small"
              danger
              onClick={() => setActing({ row: r, action: 'reopen' })}
              data-testid={`shift-reopen-${r.id}`}
            >
              {t('shift.reopen')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <ListPage title={t('shift.listTitle')} testId="shifts-page">
      <SearchCard<Filters>
        form={form}
        onSearch={(v) => {
          setPage(1);
          setFilters(v);
        }}
      >
        <Form.Item name="range" label={t('shift.dates')}>
          <DatePicker.RangePicker allowClear />
        </Form.Item>
        <Form.Item name="cashierId" label={t('shift.cashier')}>
          <Select
            allowClear
            loading={receivers.isLoading}
            options={(receivers.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
          />
        </Form.Item>
      </SearchCard>
      <TableCard error={list.error} errorTitle={t('loadFailed')}>
        <Table<ShiftRow>
          rowKey="id"
          size="small"
          loading={list.isFetching}
          dataSource={list.data?.list ?? []}
          columns={columns}
          scroll={{ x: 1100 }}
          locale={{ emptyText: emptyText(t('shift.noneListed')) }}
          pagination={pagination(list.data?.totalCount ?? 0, (n) => t('totalCount', { total: n }))}
          data-testid="shift-table"
        />
      </TableCard>
      {detail !== null && <ShiftDrawer id={detail} onClose={() => setDetail(null)} />}
      {acting?.action === 'handover' && <HandoverModal row={acting.row} onClose={() => setActing(null)} />}
      {acting?.action === 'reopen' && <ReopenModal row={acting.row} onClose={() => setActing(null)} />}
    </ListPage>
  );
}

/** One shift: the Z report, the counts with differences and reasons; Accept when it was handed to me. */
function ShiftDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('billing');
  const { message } = App.useApp();
  const { user } = useSession();
  const info = useEndpointQuery(billingEndpoints.shiftInfo, { params: { id } }, { select: (r) => r.data });
  const accept = useBillingMutation(billingEndpoints.shiftAccept);
  const shift = info.data;
  const canAccept = shift?.status === 'handedOver' && shift.handedToId === user?.id && !shift.acceptedAt;
  return (
    <Drawer
      open
      size={900}
      title={t('shift.detailTitle')}
      onClose={onClose}
      extra={
        canAccept && (
          <Button
            type="primary"
            loading={accept.isPending}
            onClick={async () => {
              try {
                await accept.mutateAsync({ params: { id } });
                message.success(t('done', { action: t('shift.accept') }));
              } catch (error) {
                message.error(errorText(error, t('failed', { action: t('shift.accept') })));
              }
            }}
            data-testid="shift-accept"
          >
            {t('shift.accept')}
          </Button>
        )
      }
      data-testid="shift-drawer"
    >
      {info.isLoading ? (
        <Skeleton active />
      ) : info.isError || !shift ? (
        <LoadError error={info.error} onRetry={() => void info.refetch()} />
      ) : (
        <ShiftReportView shift={shift} />
      )}
    </Drawer>
  );
}

function HandoverModal({ row, onClose }: { row: ShiftRow; onClose: () => void }) {
  const { t } = useTranslation('billing');
  const { message } = App.useApp();
  const { user } = useSession();
  const receivers = useReceivers();
  const [to, setTo] = useState<number>();
  const handover = useBillingMutation(billingEndpoints.shiftHandover);
  return (
    <Modal
      open
      title={t('shift.handover')}
      onCancel={onClose}
      confirmLoading={handover.isPending}
      okButtonProps={{ disabled: !to, 'data-testid': 'handover-ok' } as never}
      onOk={async () => {
        try {
          await handover.mutateAsync({ body: { id: row.id, toUserId: to! } });
          message.success(t('done', { action: t('shift.handover') }));
          onClose();
        } catch (error) {
          message.error(errorText(error, t('failed', { action: t('shift.handover') })));
        }
      }}
    >
      <FilterSelect
        style={{ width: '100%' }}
        placeholder={t('shift.receiver')}
        value={to}
        onChange={setTo}
        loading={receivers.isLoading}
        options={(receivers.data ?? []).filter((o) => o.id !== user?.id).map((o) => ({ value: o.id, label: o.name }))}
        data-testid="handover-to"
      />
    </Modal>
  );
}

function ReopenModal({ row, onClose }: { row: ShiftRow; onClose: () => void }) {
  const { t } = useTranslation('billing');
  const reopen = useBillingMutation(billingEndpoints.shiftReopen);
  return (
    <ReasonModal
      title={t('shift.reopenTitle', { name: row.cashierName })}
      label={t('shift.reopenReason')}
      schema={shiftReopenSchema}
      action={t('shift.reopen')}
      testId="reopen"
      pending={reopen.isPending}
      onSubmit={(reason) => reopen.mutateAsync({ body: { id: row.id, reason } })}
      onClose={onClose}
    />
  );
}
