import { useState } from 'react';
import { Alert, App, Button, Checkbox, Descriptions, Input, Modal, Space, Spin, Table, Typography } from 'antd';
import type { ColumnsType, TablePaginationConfig } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { BillingPerm, billingEndpoints, type RefundRequestRow } from '@rehab/shared';
import { useBillingMutation } from '../../components/billing/api';
import {
  LoadError,
  RequestStatusTag,
  emptyText,
  errorText,
  useIdempotencyKey,
  yuan,
} from '../../components/billing/billing-kit';
import { RecordSignatureCard } from '../../components/record-signature-card';
import { useEndpointQuery } from '../../lib/endpoints';
import { useCaOn, usePermission, useSession } from '../../lib/session';
import { TIME } from './shift-parts';

type Action = 'approve' | 'reject' | 'cancel' | 'execute';
const ENDPOINT = {
  approve: billingEndpoints.refundApprove,
  reject: billingEndpoints.refundReject,
  cancel: billingEndpoints.refundCancel,
  execute: billingEndpoints.refundExecute,
} as const;

/**
 * One decision on a request (approve, reject, cancel, pay out): the request, a note where it takes one, OK. Mounted
 * when it opens, so its idempotency key is minted once per opening and reused by a retry.
 */
function DecisionModal({ row, action, onClose }: { row: RefundRequestRow; action: Action; onClose: () => void }) {
  const { t } = useTranslation('billing');
  const { message } = App.useApp();
  const [key] = useIdempotencyKey();
  const { t: ts } = useTranslation('signatures');
  const caIntegration = useCaOn();
  const [note, setNote] = useState('');
  const [signLater, setSignLater] = useState(false);
  const mutation = useBillingMutation(ENDPOINT[action]);
  const label = t(`refund.actions.${action}`);
  // with CA on, an approval or rejection is signed with the decider's certificate as it is made (issue 19)
  const signs = caIntegration && (action === 'approve' || action === 'reject');
  const submit = async () => {
    try {
      await mutation.mutateAsync({
        body: {
          idempotencyKey: key,
          id: row.id,
          ...(action === 'execute' ? {} : { note: note.trim() || undefined }),
          ...(signs && signLater ? { signLater: true } : {}),
        },
      } as never);
      message.success(t('done', { action: label }));
      onClose();
    } catch (error) {
      message.error(errorText(error, t('failed', { action: label })));
    }
  };
  return (
    <Modal
      open
      title={t('refund.decisionTitle', { action: label, amount: yuan(row.amountFen) })}
      onCancel={onClose}
      onOk={submit}
      okText={label}
      confirmLoading={mutation.isPending}
      okButtonProps={{ danger: action === 'reject', 'data-testid': 'decision-ok' } as never}
    >
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('refund.patient')}>{row.patientName}</Descriptions.Item>
        <Descriptions.Item label={t('refund.lines')}>{linesText(row)}</Descriptions.Item>
        <Descriptions.Item
          label={t('refund.reason')}
        >{`${t(`reason.${row.reasonCode}`)} · ${row.reason}`}</Descriptions.Item>
        <Descriptions.Item label={t('refund.requester')}>{row.requesterName}</Descriptions.Item>
      </Descriptions>
      {action === 'execute' ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          {t('refund.executeNote')}
        </Typography.Paragraph>
      ) : (
        <Input.TextArea
          style={{ marginTop: 12 }}
          value={note}
          maxLength={200}
          autoSize={{ minRows: 2 }}
          placeholder={t('refund.note')}
          onChange={(e) => setNote(e.target.value)}
          data-testid="decision-note"
        />
      )}
      {signs && (
        <Space orientation="vertical" style={{ marginTop: 12, width: '100%' }}>
          <Alert type="info" showIcon title={ts('record.signLaterHint')} />
          <Checkbox checked={signLater} onChange={(e) => setSignLater(e.target.checked)} data-testid="sign-later">
            {ts('record.signLater')}
          </Checkbox>
        </Space>
      )}
    </Modal>
  );
}

/** A decided request's signature (issue 19): verified now, and signed here by its decider if it was not. */
function DecisionSignatureModal({ row, onClose }: { row: RefundRequestRow; onClose: () => void }) {
  const { t } = useTranslation('billing');
  const state = useEndpointQuery(
    billingEndpoints.refundSignature,
    { params: { id: row.id } },
    // verified afresh on every opening: a certificate may have been bound, the record changed since
    { select: (r) => r.data, refetchOnMount: 'always' },
  );
  const sign = useBillingMutation(billingEndpoints.refundSign);
  return (
    <Modal
      open
      title={t('refund.signatureTitle', { patient: row.patientName, amount: yuan(row.amountFen) })}
      onCancel={onClose}
      footer={null}
      width={640}
    >
      {state.isError ? (
        <LoadError error={state.error} onRetry={() => void state.refetch()} />
      ) : state.isLoading ? (
        <Spin />
      ) : (
        <RecordSignatureCard
          data={state.data}
          onSign={() => sign.mutateAsync({ body: { id: row.id } })}
          signing={sign.isPending}
          signButtonTestId="refund-sign"
        />
      )}
    </Modal>
  );
}

const linesText = (r: RefundRequestRow) => r.lines.map((l) => `${l.name} × ${l.quantity}`).join('; ') || '-';

/**
 * Refund and withdrawal requests with what the caller may do: approve or reject (canDecide), cancel (the requester,
 * while pending), pay out (approved ones, holders of refundExecute).
 */
export function RefundRequestsTable({
  rows,
  loading,
  pagination,
  compact = false,
}: {
  rows: RefundRequestRow[];
  loading?: boolean;
  pagination?: TablePaginationConfig | false;
  /** the workbench: fewer columns */
  compact?: boolean;
}) {
  const { t } = useTranslation('billing');
  const can = usePermission();
  const { user } = useSession();
  const caIntegration = useCaOn();
  const [acting, setActing] = useState<{ row: RefundRequestRow; action: Action } | null>(null);
  const [signatureOf, setSignatureOf] = useState<RefundRequestRow | null>(null);
  const decided = (r: RefundRequestRow) =>
    r.status === 'approved' || r.status === 'rejected' || r.status === 'executed';
  const button = (row: RefundRequestRow, action: Action, type: 'link' | 'primary' = 'link') => (
    <Button
      type={type === 'primary' ? 'primary' : 'link'}
      size="small"
      danger={action === 'reject' || action === 'cancel'}
      onClick={() => setActing({ row, action })}
      data-testid={`refund-${action}-${row.id}`}
    >
      {t(`refund.actions.${action}`)}
    </Button>
  );
  const columns: ColumnsType<RefundRequestRow> = [
    { key: 'time', title: t('refund.time'), width: 128, render: (_, r) => dayjs(r.createdAt).format(TIME) },
    { key: 'patient', title: t('refund.patient'), dataIndex: 'patientName', width: 96 },
    {
      key: 'amount',
      title: t('refund.amount'),
      width: 104,
      align: 'right',
      render: (_, r) => <Typography.Text strong>{yuan(r.amountFen)}</Typography.Text>,
    },
    { key: 'status', title: t('refund.status'), width: 90, render: (_, r) => <RequestStatusTag status={r.status} /> },
    {
      key: 'lines',
      title: t('refund.lines'),
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <span>{r.kind === 'withdraw' ? t('refund.kinds.withdraw') : linesText(r)}</span>
          {r.settlementNo && <Typography.Text type="secondary">{r.settlementNo}</Typography.Text>}
        </Space>
      ),
    },
    ...(compact
      ? []
      : ([
          {
            key: 'reason',
            title: t('refund.reason'),
            width: 150,
            render: (_, r) => (
              <Space orientation="vertical" size={0}>
                <span>{t(`reason.${r.reasonCode}`)}</span>
                <Typography.Text type="secondary">{r.reason}</Typography.Text>
              </Space>
            ),
          },
          { key: 'requester', title: t('refund.requester'), dataIndex: 'requesterName', width: 90 },
          {
            key: 'approver',
            title: t('refund.approverRole'),
            width: 120,
            render: (_, r) => (
              <Space orientation="vertical" size={0}>
                <span>{r.approverRoleName}</span>
                {r.decidedByName && (
                  <Typography.Text type="secondary">
                    {`${r.decidedByName}${r.decisionNote ? ` · ${r.decisionNote}` : ''}`}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
        ] satisfies ColumnsType<RefundRequestRow>)),
    {
      key: 'actions',
      title: '',
      width: 150,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0} wrap>
          {r.status === 'pending' && r.canDecide && button(r, 'approve')}
          {r.status === 'pending' && r.canDecide && button(r, 'reject')}
          {r.status === 'pending' && r.requesterId === user?.id && button(r, 'cancel')}
          {r.status === 'approved' && can(BillingPerm.refundExecute) && button(r, 'execute', 'primary')}
          {caIntegration && decided(r) && (
            <Button type="link" size="small" onClick={() => setSignatureOf(r)} data-testid={`refund-signature-${r.id}`}>
              {t('refund.actions.signature')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      <Table<RefundRequestRow>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={rows}
        columns={columns}
        pagination={pagination ?? false}
        scroll={{ x: compact ? 760 : 1020 }}
        locale={{ emptyText: emptyText(t('refund.none')) }}
        data-testid="refund-table"
      />
      {acting && <DecisionModal row={acting.row} action={acting.action} onClose={() => setActing(null)} />}
      {signatureOf && <DecisionSignatureModal row={signatureOf} onClose={() => setSignatureOf(null)} />}
    </>
  );
}
