import { useMemo, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Empty,
  Form,
  List,
  Modal,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { KeyboardPopconfirm } from '../../components/keyboard-popconfirm';
import { ReloadOutlined, ThunderboltOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DONE_CARD_STATUSES, SchedulingPerm } from '@rehab/shared';
import { ApiError } from '../../lib/api';
import { usePermission } from '../../lib/session';
import { clinicToday } from '../../lib/clinic-day';
import {
  useApplyRecommend,
  useBoard,
  useCheckUpdate,
  useDeleteScheduling,
  useRecommend,
  useSaveScheduling,
  useSelector,
  useUpdateScheduling,
  type Board,
  type BoardBooking,
  type CheckResult,
  type OpenOrder,
  type Recommendation,
} from './api';
import './scheduling.css';

const errorText = (e: unknown, fallback: string) => (e instanceof ApiError && e.message ? e.message : fallback);
const SLOT_COLORS = { undo: 'default', active: 'processing', done: 'success' } as const;

/**
 * Scheduling management (/scheduling/scheduleTable): the board of a day (today by default) with the slots as rows
 * and the therapists as columns, the unscheduled work orders with sufficient / insufficient, the recommendation,
 * booking a selection (one patient), moving and cancelling a booking. Refusals (conflicts) are shown as the server
 * words them.
 */
export function ScheduleTablePage() {
  const { t } = useTranslation('scheduling');
  const { message } = App.useApp();
  const can = usePermission();
  const canSave = can(SchedulingPerm.save);
  const [search] = useSearchParams();
  // ?date=YYYY-MM-DD opens another day
  const [date, setDate] = useState<Dayjs>(() => {
    const given = search.get('date') ?? '';
    return /^\d{4}-\d{2}-\d{2}$/.test(given) && dayjs(given).isValid() ? dayjs(given) : clinicToday();
  });
  const day = date.format('YYYY-MM-DD');
  const board = useBoard(day);
  const [selected, setSelected] = useState<number[]>([]);
  const [batchOpen, setBatchOpen] = useState(false);
  const [moving, setMoving] = useState<BoardBooking | null>(null);
  const [proposal, setProposal] = useState<Recommendation | null>(null);
  const recommend = useRecommend();

  const onRecommend = async () => {
    try {
      setProposal(await recommend.mutateAsync(day));
    } catch (e) {
      message.error(errorText(e, t('table.recommendFailed')));
    }
  };

  const data = board.data;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="schedule-table">
      <Card>
        <Space wrap size="middle" style={{ width: '100%', justifyContent: 'space-between' }}>
          <Space wrap>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t('table.title')}
            </Typography.Title>
            <DatePicker value={date} onChange={(d) => d && setDate(d)} allowClear={false} data-testid="st-date" />
            {data && (
              <Tag color={data.sufficient ? 'green' : 'orange'} data-testid="st-sufficiency">
                {data.sufficient ? t('table.sufficient') : t('table.insufficient', { count: data.unscheduledCount })}
              </Tag>
            )}
          </Space>
          <Space wrap>
            <Button icon={<ReloadOutlined />} onClick={() => void board.refetch()}>
              {t('table.refresh')}
            </Button>
            <Button
              icon={<ThunderboltOutlined />}
              onClick={() => void onRecommend()}
              loading={recommend.isPending}
              data-testid="st-recommend"
            >
              {t('table.recommend')}
            </Button>
            <Link to="/schedulingView/master?page=/scheduling/scheduleTable">
              <Button>{t('table.openView')}</Button>
            </Link>
          </Space>
        </Space>
      </Card>
      {board.isError && <Alert type="error" showIcon message={t('table.loadFailed')} />}
      {data && <BoardTable data={data} onPick={canSave ? setMoving : undefined} />}
      {data && (
        <Card
          title={t('table.unscheduled', { count: data.unscheduledCount })}
          extra={
            canSave && (
              <Button
                type="primary"
                disabled={selected.length === 0}
                onClick={() => setBatchOpen(true)}
                data-testid="st-schedule-selected"
              >
                {t('table.scheduleSelected', { count: selected.length })}
              </Button>
            )
          }
        >
          <Table<OpenOrder>
            rowKey="workOrderId"
            size="small"
            dataSource={data.unscheduled}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            rowSelection={
              canSave ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) } : undefined
            }
            locale={{ emptyText: <Empty description={t('table.nothingOpen')} /> }}
            data-testid="st-unscheduled"
            columns={[
              { title: t('card.patient'), dataIndex: 'patientName' },
              { title: t('card.bed'), dataIndex: 'bedNumber', render: (v: string | null) => v ?? '-' },
              { title: t('card.project'), dataIndex: 'projectName' },
              {
                title: t('card.therapist'),
                dataIndex: 'therapistName',
                render: (v: string | null) => v ?? t('table.noTherapist'),
              },
              { title: t('card.equipment'), dataIndex: 'equipmentName', render: (v: string | null) => v ?? '-' },
            ]}
          />
        </Card>
      )}
      {batchOpen && data && (
        <BatchModal
          data={data}
          orders={data.unscheduled.filter((o) => selected.includes(o.workOrderId))}
          onClose={(saved) => {
            setBatchOpen(false);
            if (saved) setSelected([]);
          }}
        />
      )}
      {moving && data && <MoveModal data={data} booking={moving} onClose={() => setMoving(null)} />}
      {proposal && <RecommendModal proposal={proposal} canSave={canSave} onClose={() => setProposal(null)} />}
    </Space>
  );
}

function BoardTable({ data, onPick }: { data: Board; onPick?: (b: BoardBooking) => void }) {
  const { t } = useTranslation('scheduling');
  const cell = (startTime: string, therapistId: number) =>
    data.list.filter((b) => b.startTime === startTime && b.therapistId === therapistId);
  return (
    <Card bodyStyle={{ padding: 0 }}>
      <Table
        className="st-board"
        rowKey="id"
        size="small"
        pagination={false}
        bordered
        scroll={{ x: 160 + data.therapists.length * 200 }}
        dataSource={data.slots}
        data-testid="st-board"
        locale={{ emptyText: <Empty description={t('table.noSlots')} /> }}
        columns={[
          {
            title: t('table.slot'),
            key: 'slot',
            width: 140,
            fixed: 'left',
            render: (_, s) => (
              <Space direction="vertical" size={2}>
                <Typography.Text strong>{`${s.startTime}-${s.endTime}`}</Typography.Text>
                <Tag color={SLOT_COLORS[s.status]}>{t(`slotStatus.${s.status}`)}</Tag>
              </Space>
            ),
          },
          ...data.therapists.map((th) => ({
            title: (
              <Space direction="vertical" size={0}>
                <span>{th.therapistName}</span>
                {th.onLeave && (
                  <Tag color="red" style={{ marginRight: 0 }}>
                    {th.substituteName ? t('table.onLeaveWith', { name: th.substituteName }) : t('table.onLeave')}
                  </Tag>
                )}
              </Space>
            ),
            key: `t${th.therapistId}`,
            width: 200,
            render: (_: unknown, s: Board['slots'][number]) =>
              cell(s.startTime, th.therapistId).map((b) => {
                const done = DONE_CARD_STATUSES.includes(b.status);
                return (
                  <div
                    key={b.scheduleId}
                    className={`st-booking${done ? ' st-booking-done' : ''}`}
                    onClick={() => !done && onPick?.(b)}
                    data-testid="st-booking"
                  >
                    <div>
                      <strong>{b.patientName}</strong> {b.bedNumber ? t('view.bed', { bed: b.bedNumber }) : ''}
                    </div>
                    <div className="st-booking-line">{b.projectName}</div>
                    {b.equipmentName && <div className="st-booking-line">{b.equipmentName}</div>}
                  </div>
                );
              }),
          })),
        ]}
      />
    </Card>
  );
}

function useStaffOptions(date: string) {
  const therapists = useSelector(4, date);
  const equipment = useSelector(3, date);
  return {
    therapists: (therapists.data ?? []).map((o) => ({ value: o.therapistId!, label: o.therapistName! })),
    equipment: (equipment.data ?? []).map((o) => ({ value: o.equipmentId!, label: o.equipmentName! })),
  };
}

type Row = { slotId?: number; therapistId?: number; equipmentId?: number | null };

function BatchModal({
  data,
  orders,
  onClose,
}: {
  data: Board;
  orders: OpenOrder[];
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation('scheduling');
  const { message } = App.useApp();
  const save = useSaveScheduling();
  const options = useStaffOptions(data.date);
  const slotOptions = data.slots.map((s) => ({ value: s.id, label: `${s.startTime}-${s.endTime}` }));
  const [rows, setRows] = useState<Record<number, Row>>(() =>
    Object.fromEntries(
      orders.map((o) => [o.workOrderId, { therapistId: o.therapistId ?? undefined, equipmentId: o.equipmentId }]),
    ),
  );
  const [error, setError] = useState<string | null>(null);
  const complete = orders.every((o) => rows[o.workOrderId]?.slotId && rows[o.workOrderId]?.therapistId);
  const set = (id: number, patch: Row) => setRows((r) => ({ ...r, [id]: { ...r[id], ...patch } }));

  const onOk = async () => {
    setError(null);
    try {
      await save.mutateAsync(
        orders.map((o) => ({
          workOrderId: o.workOrderId,
          slotId: rows[o.workOrderId]!.slotId!,
          therapistId: rows[o.workOrderId]!.therapistId!,
          equipmentId: rows[o.workOrderId]!.equipmentId ?? null,
        })),
      );
      message.success(t('table.saved'));
      onClose(true);
    } catch (e) {
      const text = errorText(e, t('table.saveFailed'));
      setError(text);
      message.error(text);
    }
  };

  return (
    <Modal
      open
      width={860}
      title={t('table.batchTitle')}
      okText={t('table.save')}
      onOk={() => void onOk()}
      okButtonProps={{ disabled: !complete, loading: save.isPending, 'data-testid': 'st-batch-save' } as never}
      onCancel={() => onClose(false)}
    >
      {error && (
        <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} data-testid="st-batch-error" />
      )}
      <Table<OpenOrder>
        rowKey="workOrderId"
        size="small"
        pagination={false}
        dataSource={orders}
        columns={[
          { title: t('card.patient'), dataIndex: 'patientName', width: 100 },
          { title: t('card.project'), dataIndex: 'projectName', width: 140 },
          {
            title: t('table.slot'),
            key: 'slot',
            render: (_, o) => (
              <Select
                style={{ width: 130 }}
                options={slotOptions}
                value={rows[o.workOrderId]?.slotId}
                onChange={(v: number) => set(o.workOrderId, { slotId: v })}
                placeholder={t('table.pickSlot')}
                data-testid="st-batch-slot"
              />
            ),
          },
          {
            title: t('card.therapist'),
            key: 'therapist',
            render: (_, o) => (
              <Select
                style={{ width: 130 }}
                options={options.therapists}
                value={rows[o.workOrderId]?.therapistId}
                onChange={(v: number) => set(o.workOrderId, { therapistId: v })}
                data-testid="st-batch-therapist"
              />
            ),
          },
          {
            title: t('card.equipment'),
            key: 'equipment',
            render: (_, o) => (
              <Select
                allowClear
                style={{ width: 150 }}
                options={options.equipment}
                value={rows[o.workOrderId]?.equipmentId ?? undefined}
                onChange={(v?: number) => set(o.workOrderId, { equipmentId: v ?? null })}
                data-testid="st-batch-equipment"
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}

function MoveModal({ data, booking, onClose }: { data: Board; booking: BoardBooking; onClose: () => void }) {
  const { t } = useTranslation('scheduling');
  const { message } = App.useApp();
  const [form] = Form.useForm<Row>();
  const options = useStaffOptions(data.date);
  const check = useCheckUpdate();
  const update = useUpdateScheduling();
  const remove = useDeleteScheduling();
  const [result, setResult] = useState<CheckResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const slotOptions = data.slots.map((s) => ({ value: s.id, label: `${s.startTime}-${s.endTime}` }));
  const initial = useMemo(
    () => ({ slotId: booking.slotId ?? undefined, therapistId: booking.therapistId, equipmentId: booking.equipmentId }),
    [booking],
  );
  const body = () => {
    const v = form.getFieldsValue();
    return {
      id: booking.scheduleId,
      slotId: v.slotId!,
      therapistId: v.therapistId!,
      equipmentId: v.equipmentId ?? null,
    };
  };
  const onCheck = async () => {
    setError(null);
    try {
      setResult(await check.mutateAsync(body()));
    } catch (e) {
      setError(errorText(e, t('table.saveFailed')));
    }
  };
  const onSave = async () => {
    setError(null);
    try {
      await update.mutateAsync(body());
      message.success(t('table.saved'));
      onClose();
    } catch (e) {
      const text = errorText(e, t('table.saveFailed'));
      setError(text);
      message.error(text);
    }
  };
  return (
    <Modal
      open
      title={t('table.moveTitle', { patient: booking.patientName, project: booking.projectName })}
      onCancel={onClose}
      footer={
        <Space>
          <KeyboardPopconfirm
            title={t('table.cancelConfirm')}
            onConfirm={async () => {
              try {
                await remove.mutateAsync([booking.scheduleId]);
                message.success(t('table.cancelled'));
                onClose();
              } catch (e) {
                message.error(errorText(e, t('table.saveFailed')));
              }
            }}
          >
            <Button danger data-testid="st-move-cancel-booking">
              {t('table.cancelBooking')}
            </Button>
          </KeyboardPopconfirm>
          <Button onClick={() => void onCheck()} loading={check.isPending} data-testid="st-move-check">
            {t('table.check')}
          </Button>
          <Button type="primary" onClick={() => void onSave()} loading={update.isPending} data-testid="st-move-save">
            {t('table.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" initialValues={initial} onValuesChange={() => setResult(null)}>
        <Form.Item name="slotId" label={t('table.slot')}>
          <Select options={slotOptions} data-testid="st-move-slot" />
        </Form.Item>
        <Form.Item name="therapistId" label={t('card.therapist')}>
          <Select options={options.therapists} data-testid="st-move-therapist" />
        </Form.Item>
        <Form.Item name="equipmentId" label={t('card.equipment')}>
          <Select allowClear options={options.equipment} data-testid="st-move-equipment" />
        </Form.Item>
      </Form>
      {result &&
        (result.ok ? (
          <Alert type="success" showIcon message={t('table.noConflict')} data-testid="st-move-ok" />
        ) : (
          <Alert
            type="warning"
            showIcon
            data-testid="st-move-conflicts"
            message={t('table.conflicts')}
            description={
              <ul style={{ margin: 0, paddingLeft: 18 }}>
                {result.conflicts.map((c) => (
                  <li key={`${c.kind}${c.id}`}>{c.msg}</li>
                ))}
              </ul>
            }
          />
        ))}
      {error && <Alert type="error" showIcon message={error} style={{ marginTop: 8 }} data-testid="st-move-error" />}
    </Modal>
  );
}

function RecommendModal({
  proposal,
  canSave,
  onClose,
}: {
  proposal: Recommendation;
  canSave: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('scheduling');
  const { message } = App.useApp();
  const apply = useApplyRecommend();
  const onApply = async () => {
    try {
      const r = await apply.mutateAsync({ date: proposal.date });
      message.success(t('table.applied', { count: r.booked }));
      onClose();
    } catch (e) {
      message.error(errorText(e, t('table.saveFailed')));
    }
  };
  return (
    <Modal
      open
      width={860}
      title={t('table.recommendTitle', { date: proposal.date })}
      onCancel={onClose}
      okText={t('table.applyAll')}
      onOk={() => void onApply()}
      okButtonProps={
        {
          disabled: !canSave || proposal.list.length === 0,
          loading: apply.isPending,
          'data-testid': 'st-apply',
        } as never
      }
    >
      <Table
        rowKey="workOrderId"
        size="small"
        dataSource={proposal.list}
        pagination={{ pageSize: 8, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty description={t('table.nothingToPlace')} /> }}
        data-testid="st-proposals"
        columns={[
          { title: t('table.slot'), key: 'slot', render: (_, p) => `${p.startTime}-${p.endTime}` },
          { title: t('card.patient'), dataIndex: 'patientName' },
          { title: t('card.project'), dataIndex: 'projectName' },
          { title: t('card.therapist'), dataIndex: 'therapistName' },
          { title: t('card.equipment'), dataIndex: 'equipmentName', render: (v: string | null) => v ?? '-' },
        ]}
      />
      {proposal.unplaced.length > 0 && (
        <List
          size="small"
          header={<Typography.Text strong>{t('table.unplaced', { count: proposal.unplaced.length })}</Typography.Text>}
          dataSource={proposal.unplaced}
          renderItem={(u) => (
            <List.Item>
              {u.patientName} · {u.projectName} — {t(`reason.${u.reason}`)}
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}
