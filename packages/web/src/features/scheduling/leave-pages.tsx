import { useState } from 'react';
import { Alert, App, Button, Card, DatePicker, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { KeyboardPopconfirm } from '../../components/keyboard-popconfirm';
import { PlusOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { SchedulingPerm } from '@rehab/shared';
import { ApiError } from '../../lib/api';
import { usePermission } from '../../lib/session';
import { useTablePaging } from '../../components/use-table-paging';
import { FormModal } from '../../components/form-modal';
import {
  useApplySubstitute,
  useDeleteLeaves,
  useLeaves,
  useSaveLeave,
  useSelector,
  useSetSubstitute,
  type Leave,
  type SubstituteProposal,
} from './api';

const errorText = (e: unknown, fallback: string) => (e instanceof ApiError && e.message ? e.message : fallback);

type LeaveForm = { therapistId?: number; range?: [Dayjs, Dayjs]; reason?: string; substituteId?: number };

function useTherapistOptions() {
  const list = useSelector(4);
  return (list.data ?? []).map((o) => ({ value: o.therapistId!, label: o.therapistName! }));
}

/** What a leave did and what the substitute could take: removed bookings, the proposal, and the apply button. */
function ProposalModal({
  result,
  onClose,
}: {
  result: { id: number; removed?: number; proposal: SubstituteProposal };
  onClose: () => void;
}) {
  const { t } = useTranslation('scheduling');
  const { message } = App.useApp();
  const apply = useApplySubstitute();
  const proposals = result.proposal?.proposals ?? [];
  return (
    <Modal
      open
      width={760}
      title={t('leave.resultTitle')}
      onCancel={onClose}
      okText={t('leave.apply')}
      okButtonProps={
        { disabled: proposals.length === 0, loading: apply.isPending, 'data-testid': 'leave-apply' } as never
      }
      onOk={async () => {
        try {
          const r = await apply.mutateAsync(result.id);
          message.success(t('leave.applied', { count: r.booked }));
          onClose();
        } catch (e) {
          message.error(errorText(e, t('table.saveFailed')));
        }
      }}
      data-testid="leave-result"
    >
      {result.removed !== undefined && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('leave.removed', { count: result.removed })}
        />
      )}
      {result.proposal ? (
        <>
          <Typography.Paragraph>
            {t('leave.proposalIntro', { count: proposals.length, unplaced: result.proposal.unplaced })}
          </Typography.Paragraph>
          <Table
            rowKey="workOrderId"
            size="small"
            pagination={{ pageSize: 6, hideOnSinglePage: true }}
            dataSource={proposals}
            columns={[
              { title: t('leave.date'), dataIndex: 'date' },
              { title: t('table.slot'), key: 'slot', render: (_, p) => `${p.startTime}-${p.endTime}` },
              { title: t('card.patient'), dataIndex: 'patientName' },
              { title: t('card.project'), dataIndex: 'projectName' },
              { title: t('leave.substitute'), dataIndex: 'therapistName' },
            ]}
          />
        </>
      ) : (
        <Typography.Text type="secondary">{t('leave.noSubstitute')}</Typography.Text>
      )}
    </Modal>
  );
}

/**
 * Therapist leave (/schedule/therapistLeave): the leaves with dates, reason and substitute; recording one removes the
 * therapist's bookings of those days and proposes the substitute's slots for the orders.
 */
export function TherapistLeavePage() {
  const { t } = useTranslation('scheduling');
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();
  const can = usePermission();
  const canSave = can(SchedulingPerm.leaveSave);
  const paging = useTablePaging();
  const leaves = useLeaves({ page: paging.page, limit: paging.limit });
  const save = useSaveLeave();
  const remove = useDeleteLeaves();
  const therapists = useTherapistOptions();
  const [form] = Form.useForm<LeaveForm>();
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<{ id: number; removed: number; proposal: SubstituteProposal } | null>(null);

  return (
    <Card
      title={t('leave.title')}
      extra={
        canSave && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              form.resetFields();
              setOpen(true);
            }}
            data-testid="leave-add"
          >
            {t('leave.add')}
          </Button>
        )
      }
    >
      <Table<Leave>
        rowKey="id"
        loading={leaves.isFetching}
        dataSource={leaves.data?.list}
        pagination={paging.pagination(leaves.data?.totalCount ?? 0, (n) => t('leave.total', { count: n }))}
        data-testid="leave-table"
        columns={[
          { title: t('card.therapist'), dataIndex: 'therapistName' },
          { title: t('leave.from'), dataIndex: 'startDate' },
          { title: t('leave.to'), dataIndex: 'endDate' },
          { title: t('leave.reason'), dataIndex: 'reason' },
          { title: t('leave.substitute'), dataIndex: 'substituteName', render: (v: string | null) => v ?? '-' },
          {
            title: t('leave.state'),
            dataIndex: 'current',
            render: (v: boolean) => (v ? <Tag color="blue">{t('leave.current')}</Tag> : <Tag>{t('leave.past')}</Tag>),
          },
          ...(canSave
            ? [
                {
                  title: t('leave.actions'),
                  key: 'actions',
                  render: (_: unknown, row: Leave) => (
                    <KeyboardPopconfirm
                      title={t('leave.deleteConfirm')}
                      onConfirm={async () => {
                        try {
                          await remove.mutateAsync([row.id]);
                          message.success(t('leave.deleted'));
                        } catch (e) {
                          message.error(errorText(e, t('table.saveFailed')));
                        }
                      }}
                    >
                      <Button type="link" danger size="small">
                        {tc('action.delete')}
                      </Button>
                    </KeyboardPopconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
      <FormModal<LeaveForm>
        open={open}
        title={t('leave.add')}
        form={form}
        testId="leave"
        pending={save.isPending}
        action={t('leave.add')}
        onClose={() => setOpen(false)}
        onSubmit={async (v) => {
          const r = await save.mutateAsync({
            therapistId: v.therapistId,
            startDate: v.range![0].format('YYYY-MM-DD'),
            endDate: v.range![1].format('YYYY-MM-DD'),
            reason: v.reason!,
            substituteId: v.substituteId ?? null,
          });
          setResult(r);
        }}
      >
        <Form.Item
          name="therapistId"
          label={t('card.therapist')}
          rules={[{ required: true, message: t('leave.required') }]}
        >
          <Select showSearch optionFilterProp="label" options={therapists} data-testid="leave-therapist" />
        </Form.Item>
        <Form.Item name="range" label={t('leave.dates')} rules={[{ required: true, message: t('leave.required') }]}>
          <DatePicker.RangePicker style={{ width: '100%' }} inputReadOnly data-testid="leave-range" />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('leave.reason')}
          rules={[{ required: true, whitespace: true, message: t('leave.required') }, { max: 50 }]}
        >
          <Input maxLength={50} data-testid="leave-reason" />
        </Form.Item>
        <Form.Item name="substituteId" label={t('leave.substitute')} dependencies={['therapistId']}>
          <Select allowClear showSearch optionFilterProp="label" options={therapists} data-testid="leave-substitute" />
        </Form.Item>
      </FormModal>
      {result && <ProposalModal result={result} onClose={() => setResult(null)} />}
    </Card>
  );
}

/**
 * Substitutes (/schedule/therapistSubstitute): the current leaves with who covers them; naming a substitute shows
 * the slots they could take, and applying books them.
 */
export function TherapistSubstitutePage() {
  const { t } = useTranslation('scheduling');
  const { message } = App.useApp();
  const paging = useTablePaging();
  const leaves = useLeaves({ page: paging.page, limit: paging.limit, current: true });
  const setSubstitute = useSetSubstitute();
  const therapists = useTherapistOptions();
  const [result, setResult] = useState<{ id: number; proposal: SubstituteProposal } | null>(null);

  return (
    <Card title={t('substitute.title')}>
      <Typography.Paragraph type="secondary">{t('substitute.intro')}</Typography.Paragraph>
      <Table<Leave>
        rowKey="id"
        loading={leaves.isFetching}
        dataSource={leaves.data?.list}
        pagination={paging.pagination(leaves.data?.totalCount ?? 0, (n) => t('leave.total', { count: n }))}
        data-testid="substitute-table"
        columns={[
          { title: t('card.therapist'), dataIndex: 'therapistName' },
          { title: t('leave.from'), dataIndex: 'startDate' },
          { title: t('leave.to'), dataIndex: 'endDate' },
          { title: t('leave.reason'), dataIndex: 'reason' },
          {
            title: t('leave.substitute'),
            key: 'substitute',
            render: (_, row) => (
              <Select
                allowClear
                style={{ width: 160 }}
                value={row.substituteId ?? undefined}
                options={therapists.filter((o) => o.value !== row.therapistId)}
                placeholder={t('substitute.pick')}
                onChange={async (v?: number) => {
                  try {
                    const r = await setSubstitute.mutateAsync({ id: row.id, substituteId: v ?? null });
                    if (r.proposal) setResult(r);
                    else message.success(t('substitute.cleared'));
                  } catch (e) {
                    message.error(errorText(e, t('table.saveFailed')));
                  }
                }}
              />
            ),
          },
          {
            title: t('leave.actions'),
            key: 'actions',
            render: (_, row) => (
              <Space>
                <Button
                  size="small"
                  disabled={!row.substituteId}
                  onClick={async () => {
                    try {
                      const r = await setSubstitute.mutateAsync({ id: row.id, substituteId: row.substituteId });
                      setResult(r);
                    } catch (e) {
                      message.error(errorText(e, t('table.saveFailed')));
                    }
                  }}
                >
                  {t('substitute.review')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {result && <ProposalModal result={result} onClose={() => setResult(null)} />}
    </Card>
  );
}
