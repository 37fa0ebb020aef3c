import { useState } from 'react';
import { App, Button, Card, Descriptions, Input, Modal, Skeleton, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { billingEndpoints, type ShiftInfo, type ShiftReport, type ShiftRow } from '@rehab/shared';
import { useBillingMutation } from '../../components/billing/api';
import {
  LoadError,
  errorText,
  fenOf,
  useIdempotencyKey,
  usePayTypes,
  yuan,
} from '../../components/billing/billing-kit';
import { MoneyInput } from '../../components/billing/top-up-modal';
import { useEndpointQuery } from '../../lib/endpoints';
import { useSession } from '../../lib/session';

export const TIME = 'YYYY-MM-DD HH:mm';

/** The cashier's open shift (null: none). */
export function useCurrentShift() {
  const { organization, user } = useSession();
  return useEndpointQuery(
    billingEndpoints.shiftCurrent,
    {},
    { select: (r) => r.data, keySuffix: [organization?.id, user?.id] },
  );
}

const SHIFT_COLOR: Record<ShiftRow['status'], string> = { open: 'processing', closed: 'gold', handedOver: 'success' };

export function ShiftStatusTag({ status }: { status: ShiftRow['status'] }) {
  const { t } = useTranslation('billing');
  return (
    <Tag color={SHIFT_COLOR[status]} data-testid={`shift-status-${status}`}>
      {t(`shift.statuses.${status}`)}
    </Tag>
  );
}

/** A difference: green above, red below, plain at zero. */
export function Difference({ fen }: { fen: number }) {
  const className = fen > 0 ? 'billing-diff-positive' : fen < 0 ? 'billing-diff-negative' : undefined;
  return <span className={className}>{fen > 0 ? `+${yuan(fen)}` : yuan(fen)}</span>;
}

type ReportRow = {
  payType: string;
  expected: number;
  takings: number;
  refunds: number;
  topUps: number;
  withdrawals: number;
};

/** The report's amounts by pay type, one row each (every pay type any list names). */
export function reportRows(report: ShiftReport): ReportRow[] {
  const rows = new Map<string, ReportRow>();
  const row = (payType: string) => {
    let r = rows.get(payType);
    if (!r) rows.set(payType, (r = { payType, expected: 0, takings: 0, refunds: 0, topUps: 0, withdrawals: 0 }));
    return r;
  };
  for (const k of ['expected', 'takings', 'refunds', 'topUps', 'withdrawals'] as const)
    for (const e of report[k]) row(e.payType)[k] += e.amountFen;
  return [...rows.values()].sort((a, b) => a.payType.localeCompare(b.payType, undefined, { numeric: true }));
}

/** The X (open) or Z (closed) report of a shift: expected, takings, refunds, top-ups and withdrawals per pay type. */
export function ShiftReportView({ shift }: { shift: ShiftInfo }) {
  const { t } = useTranslation('billing');
  const payTypes = usePayTypes();
  const money = (fen: number) => (fen ? yuan(fen) : '-');
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Descriptions size="small" column={{ xs: 1, md: 3, xl: 5 }} data-testid="shift-summary">
        <Descriptions.Item label={t('shift.cashier')}>{shift.cashierName}</Descriptions.Item>
        <Descriptions.Item label={t('shift.openedAt')}>{dayjs(shift.openedAt).format(TIME)}</Descriptions.Item>
        <Descriptions.Item label={t('shift.float')}>{yuan(shift.floatFen)}</Descriptions.Item>
        <Descriptions.Item label={t('shift.settlements')}>{shift.report.settlementCount}</Descriptions.Item>
        <Descriptions.Item label={t('shift.refundCount')}>{shift.report.refundCount}</Descriptions.Item>
        <Descriptions.Item label={t('shift.total')}>
          <span data-testid="shift-total">{yuan(shift.report.totalFen)}</span>
        </Descriptions.Item>
        {shift.closedAt && (
          <Descriptions.Item label={t('shift.closedAt')}>{dayjs(shift.closedAt).format(TIME)}</Descriptions.Item>
        )}
        {shift.differenceFen !== null && (
          <Descriptions.Item label={t('shift.difference')}>
            <Difference fen={shift.differenceFen} />
          </Descriptions.Item>
        )}
        {shift.handedToName && (
          <Descriptions.Item label={t('shift.handedTo')}>
            {shift.handedToName}
            {shift.acceptedAt ? ` (${t('shift.acceptedAt', { time: dayjs(shift.acceptedAt).format(TIME) })})` : ''}
          </Descriptions.Item>
        )}
      </Descriptions>
      <Table<ReportRow>
        rowKey="payType"
        size="small"
        pagination={false}
        dataSource={reportRows(shift.report)}
        scroll={{ x: 640 }}
        data-testid="shift-report"
        columns={[
          { key: 'payType', title: t('payment.payType'), render: (_, r) => payTypes.label(r.payType) },
          { key: 'takings', title: t('shift.takings'), align: 'right', render: (_, r) => money(r.takings) },
          { key: 'refunds', title: t('shift.refunds'), align: 'right', render: (_, r) => money(r.refunds) },
          { key: 'topUps', title: t('shift.topUps'), align: 'right', render: (_, r) => money(r.topUps) },
          { key: 'withdrawals', title: t('shift.withdrawals'), align: 'right', render: (_, r) => money(r.withdrawals) },
          {
            key: 'expected',
            title: t('shift.expected'),
            align: 'right',
            render: (_, r) => <Typography.Text strong>{yuan(r.expected)}</Typography.Text>,
          },
        ]}
      />
      {shift.counts.length > 0 && (
        <Table
          rowKey="payType"
          size="small"
          pagination={false}
          dataSource={shift.counts}
          title={() => t('shift.counts')}
          scroll={{ x: 640 }}
          data-testid="shift-counts"
          columns={[
            { key: 'payType', title: t('payment.payType'), render: (_, c) => payTypes.label(c.payType) },
            { key: 'expected', title: t('shift.expected'), align: 'right', render: (_, c) => yuan(c.expectedFen) },
            { key: 'counted', title: t('shift.counted'), align: 'right', render: (_, c) => yuan(c.countedFen) },
            {
              key: 'difference',
              title: t('shift.difference'),
              align: 'right',
              render: (_, c) => <Difference fen={c.differenceFen} />,
            },
            { key: 'reason', title: t('shift.reason'), render: (_, c) => c.reason ?? '-' },
          ]}
        />
      )}
    </Space>
  );
}

/** No shift yet: the float, then Open. Its key is minted when it shows. */
function OpenShift() {
  const { t } = useTranslation('billing');
  const { message } = App.useApp();
  const [key] = useIdempotencyKey();
  const [float, setFloat] = useState('');
  const open = useBillingMutation(billingEndpoints.shiftOpen);
  const submit = async () => {
    try {
      await open.mutateAsync({ body: { idempotencyKey: key, float: float || '0' } });
      message.success(t('done', { action: t('shift.open') }));
    } catch (error) {
      message.error(errorText(error, t('failed', { action: t('shift.open') })));
    }
  };
  return (
    <Space wrap>
      <Typography.Text type="warning">{t('shift.none')}</Typography.Text>
      <MoneyInput
        style={{ width: 180 }}
        placeholder={t('shift.float')}
        value={float}
        onChange={(e) => setFloat(e.target.value)}
        data-testid="shift-float"
      />
      <Button type="primary" loading={open.isPending} onClick={submit} data-testid="shift-open">
        {t('shift.open')}
      </Button>
    </Space>
  );
}

type Count = { payType: string; expectedFen: number; counted: string; reason: string };

/** Close the shift: counted per pay type, the difference live, a reason where it differs. */
function CloseShiftModal({ shift, onClose }: { shift: ShiftInfo; onClose: () => void }) {
  const { t } = useTranslation('billing');
  const { message } = App.useApp();
  const payTypes = usePayTypes();
  const [key] = useIdempotencyKey();
  const close = useBillingMutation(billingEndpoints.shiftClose);
  const [counts, setCounts] = useState<Count[]>(() =>
    reportRows(shift.report).map((r) => ({ payType: r.payType, expectedFen: r.expected, counted: '', reason: '' })),
  );
  const diffOf = (c: Count) => (c.counted === '' ? 0 : fenOf(c.counted) - c.expectedFen);
  const missing = counts.some((c) => c.counted === '' || (diffOf(c) !== 0 && c.reason.trim() === ''));
  const set = (payType: string, patch: Partial<Count>) =>
    setCounts((list) => list.map((c) => (c.payType === payType ? { ...c, ...patch } : c)));
  const submit = async () => {
    try {
      await close.mutateAsync({
        body: {
          idempotencyKey: key,
          id: shift.id,
          counts: counts.map((c) => ({ payType: c.payType, counted: c.counted, reason: c.reason.trim() || undefined })),
        },
      });
      message.success(t('done', { action: t('shift.close') }));
      onClose();
    } catch (error) {
      message.error(errorText(error, t('failed', { action: t('shift.close') })));
    }
  };
  return (
    <Modal
      open
      width={820}
      title={t('shift.closeTitle')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={close.isPending}
      okButtonProps={{ disabled: missing, 'data-testid': 'shift-close-ok' } as never}
      okText={t('shift.close')}
    >
      <Table<Count>
        rowKey="payType"
        size="small"
        pagination={false}
        dataSource={counts}
        data-testid="shift-close-counts"
        columns={[
          { key: 'payType', title: t('payment.payType'), width: 120, render: (_, c) => payTypes.label(c.payType) },
          {
            key: 'expected',
            title: t('shift.expected'),
            width: 110,
            align: 'right',
            render: (_, c) => yuan(c.expectedFen),
          },
          {
            key: 'counted',
            title: t('shift.counted'),
            width: 150,
            render: (_, c) => (
              <MoneyInput
                value={c.counted}
                onChange={(e) => set(c.payType, { counted: e.target.value })}
                data-testid={`count-${c.payType}`}
              />
            ),
          },
          {
            key: 'difference',
            title: t('shift.difference'),
            width: 110,
            align: 'right',
            render: (_, c) => (
              <span data-testid={`count-diff-${c.payType}`}>
                <Difference fen={diffOf(c)} />
              </span>
            ),
          },
          {
            key: 'reason',
            title: t('shift.reason'),
            render: (_, c) =>
              diffOf(c) !== 0 ? (
                <Input
                  value={c.reason}
                  maxLength={100}
                  status={c.reason.trim() ? undefined : 'error'}
                  placeholder={t('shift.reasonRequired')}
                  onChange={(e) => set(c.payType, { reason: e.target.value })}
                  data-testid={`count-reason-${c.payType}`}
                />
              ) : (
                '-'
              ),
          },
        ]}
      />
    </Modal>
  );
}

/** The shift card of the workbench: open one with a float, or the live X report with Close shift. */
export function ShiftCard() {
  const { t } = useTranslation('billing');
  const current = useCurrentShift();
  const [closing, setClosing] = useState(false);
  const shift = current.data;
  return (
    <Card
      size="small"
      title={
        <Space>
          {t('shift.title')}
          {shift && <ShiftStatusTag status={shift.status} />}
        </Space>
      }
      extra={
        shift?.status === 'open' && (
          <Button danger onClick={() => setClosing(true)} data-testid="shift-close">
            {t('shift.close')}
          </Button>
        )
      }
      data-testid="shift-card"
    >
      {current.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : current.isError ? (
        <LoadError error={current.error} onRetry={() => void current.refetch()} />
      ) : shift ? (
        <ShiftReportView shift={shift} />
      ) : (
        <OpenShift />
      )}
      {closing && shift && <CloseShiftModal shift={shift} onClose={() => setClosing(false)} />}
    </Card>
  );
}
