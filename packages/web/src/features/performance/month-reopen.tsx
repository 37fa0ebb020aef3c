import { useState } from 'react';
import { App, Button, Card, Form, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { UnlockOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { AchievementPerm, AdjustmentStatus, performanceEndpoints, type ReopenRow } from '@rehab/shared';
import { mintKey } from '../../components/billing/billing-kit';
import { useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';
import { usePermission, useSession } from '../../lib/session';

const invalidates = [
  performanceEndpoints.reopens,
  performanceEndpoints.monthStatus,
  performanceEndpoints.therapists,
  performanceEndpoints.adjustments,
];

/** Pending, approved or rejected, as a tag (adjustments and reopenings share the statuses). */
export function DecisionTag({ status, labels = {} }: { status: number; labels?: { approved?: string } }) {
  const { t } = useTranslation('performance');
  if (status === AdjustmentStatus.approved)
    return <Tag color="success">{labels.approved ?? t('adjustment.approved')}</Tag>;
  if (status === AdjustmentStatus.rejected) return <Tag color="error">{t('adjustment.rejected')}</Tag>;
  return <Tag color="warning">{t('adjustment.pending')}</Tag>;
}

/**
 * "Ask to reopen" on a closed month: a reason, sent with a key minted when the dialog opens (a double click or a
 * retry writes one request). Another administrator decides it in the card below.
 */
export function ReopenButton({ month }: { month: string }) {
  const { t } = useTranslation('performance');
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState('');
  const [form] = Form.useForm<{ reason: string }>();
  const request = useEndpointMutation(performanceEndpoints.reopenRequest, {
    invalidates,
    onError: (error) => message.error(error.message),
  });
  return (
    <>
      <Button
        icon={<UnlockOutlined />}
        onClick={() => {
          form.resetFields();
          setKey(mintKey());
          setOpen(true);
        }}
        data-testid="perf-reopen"
      >
        {t('reopen.button')}
      </Button>
      <Modal
        open={open}
        title={t('reopen.title', { month })}
        onCancel={() => setOpen(false)}
        confirmLoading={request.isPending}
        onOk={async () => {
          const v = await form.validateFields();
          request.mutate(
            { body: { key, month, reason: v.reason } },
            {
              onSuccess: () => {
                message.success(t('reopen.requested'));
                setOpen(false);
              },
            },
          );
        }}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('reopen.help')}</Typography.Paragraph>
        <Form form={form} layout="vertical">
          <Form.Item name="reason" label={t('adjustment.reason')} rules={[{ required: true, message: t('required') }]}>
            <Input.TextArea maxLength={200} rows={3} data-testid="perf-reopen-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** The month's requests to reopen it, for administrators: who asked, why, the decision; approve or reject others'. */
export function ReopenCard({ month }: { month: string }) {
  const { t } = useTranslation('performance');
  const { message } = App.useApp();
  const can = usePermission();
  const { user } = useSession();
  const list = useEndpointQuery(performanceEndpoints.reopens, { body: { month } }, { select: (r) => r.data });
  const onError = (error: Error) => message.error(error.message);
  const approve = useEndpointMutation(performanceEndpoints.reopenApprove, { invalidates, onError });
  const reject = useEndpointMutation(performanceEndpoints.reopenReject, { invalidates, onError });
  if (!list.data?.length) return null;
  return (
    <Card size="small" title={t('reopen.list')}>
      <Table<ReopenRow>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={list.data}
        data-testid="perf-reopens"
        scroll={{ x: 800 }}
        columns={[
          {
            key: 'by',
            title: t('adjustment.requestedBy'),
            render: (_, r) => `${r.requestedByName} ${dayjs(r.requestedAt).format('YYYY-MM-DD HH:mm')}`,
          },
          { key: 'reason', title: t('adjustment.reason'), dataIndex: 'reason' },
          { key: 'status', title: t('adjustment.status'), render: (_, r) => <DecisionTag status={r.status} /> },
          {
            key: 'decided',
            title: t('adjustment.decidedBy'),
            render: (_, r) =>
              r.decidedByName ? `${r.decidedByName} ${dayjs(r.decidedAt).format('YYYY-MM-DD HH:mm')}` : '-',
          },
          {
            key: 'act',
            title: t('actions'),
            render: (_, r) =>
              r.status !== AdjustmentStatus.pending || !can(AchievementPerm.reopenApprove) ? null : r.requestedBy ===
                user?.id ? (
                <Typography.Text type="secondary">{t('adjustment.notOwn')}</Typography.Text>
              ) : (
                <Space>
                  <Button
                    size="small"
                    type="link"
                    onClick={() =>
                      approve.mutate(
                        { body: { id: r.id } },
                        { onSuccess: () => message.success(t('reopen.approved', { month })) },
                      )
                    }
                    data-testid={`perf-reopen-approve-${r.id}`}
                  >
                    {t('adjustment.approve')}
                  </Button>
                  <Button
                    size="small"
                    type="link"
                    danger
                    onClick={() => reject.mutate({ body: { id: r.id } })}
                    data-testid={`perf-reopen-reject-${r.id}`}
                  >
                    {t('adjustment.reject')}
                  </Button>
                </Space>
              ),
          },
        ]}
      />
    </Card>
  );
}
