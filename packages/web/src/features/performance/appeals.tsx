import { useState } from 'react';
import { App, Button, Card, Form, Input, Modal, Space, Table, Typography } from 'antd';
import { FlagOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { AchievementPerm, AdjustmentStatus, performanceEndpoints, type AppealRow } from '@rehab/shared';
import { mintKey } from '../../components/billing/billing-kit';
import { useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';
import { usePermission, useSession } from '../../lib/session';
import { DecisionTag } from './month-reopen';

const invalidates = [performanceEndpoints.appeals];
type Asking = { kind: 'file' } | { kind: 'reject'; id: number };

/**
 * The appeals (申诉) on a published month: a staff member files one on their own statement (a reason, sent with a
 * key minted when the dialog opens); somebody else accepts it (the correction then is an adjustment) or rejects it
 * with a reason. A therapist sees their own appeals, administrators everyone's.
 */
export function AppealsCard({ month, published }: { month: string; published: boolean }) {
  const { t } = useTranslation('performance');
  const { message } = App.useApp();
  const can = usePermission();
  const { user } = useSession();
  const [asking, setAsking] = useState<Asking | null>(null);
  const [key, setKey] = useState('');
  const [form] = Form.useForm<{ text: string }>();
  const list = useEndpointQuery(performanceEndpoints.appeals, { body: { month } }, { select: (r) => r.data });
  const onError = (error: Error) => message.error(error.message);
  const file = useEndpointMutation(performanceEndpoints.appealFile, { invalidates, onError });
  const accept = useEndpointMutation(performanceEndpoints.appealAccept, { invalidates, onError });
  const reject = useEndpointMutation(performanceEndpoints.appealReject, { invalidates, onError });
  const rows = list.data ?? [];
  if (!published && rows.length === 0) return null;
  const answers = can(AchievementPerm.appealAnswer);
  const open = (a: Asking) => {
    form.resetFields();
    setKey(mintKey());
    setAsking(a);
  };
  return (
    <Card
      size="small"
      title={t('appeal.title')}
      extra={
        published &&
        can(AchievementPerm.appeal) && (
          <Button size="small" icon={<FlagOutlined />} onClick={() => open({ kind: 'file' })} data-testid="perf-appeal">
            {t('appeal.file')}
          </Button>
        )
      }
    >
      <Table<AppealRow>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={rows}
        loading={list.isLoading}
        locale={{ emptyText: t('appeal.none') }}
        data-testid="perf-appeals"
        scroll={{ x: 800 }}
        columns={[
          {
            key: 'by',
            title: t('appeal.by'),
            render: (_, r) => `${r.requestedByName} ${dayjs(r.requestedAt).format('YYYY-MM-DD HH:mm')}`,
          },
          { key: 'reason', title: t('adjustment.reason'), dataIndex: 'reason' },
          {
            key: 'status',
            title: t('adjustment.status'),
            render: (_, r) => <DecisionTag status={r.status} labels={{ approved: t('appeal.accepted') }} />,
          },
          {
            key: 'answer',
            title: t('appeal.answer'),
            render: (_, r) =>
              r.decidedByName ? (
                <span>
                  {r.decidedByName}
                  {r.remark ? `: ${r.remark}` : ''}
                </span>
              ) : (
                '-'
              ),
          },
          ...(answers
            ? [
                {
                  key: 'act',
                  title: t('actions'),
                  render: (_: unknown, r: AppealRow) =>
                    r.status !== AdjustmentStatus.pending ? null : r.requestedBy === user?.id ? (
                      <Typography.Text type="secondary">{t('appeal.notOwn')}</Typography.Text>
                    ) : (
                      <Space>
                        <Button
                          size="small"
                          type="link"
                          onClick={() => accept.mutate({ body: { id: r.id } })}
                          data-testid={`perf-appeal-accept-${r.id}`}
                        >
                          {t('appeal.accept')}
                        </Button>
                        <Button
                          size="small"
                          type="link"
                          danger
                          onClick={() => open({ kind: 'reject', id: r.id })}
                          data-testid={`perf-appeal-reject-${r.id}`}
                        >
                          {t('adjustment.reject')}
                        </Button>
                      </Space>
                    ),
                },
              ]
            : []),
        ]}
      />
      <Typography.Paragraph type="secondary" className="perf-formula">
        {t('appeal.help')}
      </Typography.Paragraph>
      <Modal
        open={asking !== null}
        title={asking?.kind === 'reject' ? t('appeal.rejectTitle') : t('appeal.fileTitle', { month })}
        onCancel={() => setAsking(null)}
        confirmLoading={file.isPending || reject.isPending}
        onOk={async () => {
          const v = await form.validateFields();
          const done = { onSuccess: () => setAsking(null) };
          if (asking?.kind === 'reject') reject.mutate({ body: { id: asking.id, remark: v.text } }, done);
          else file.mutate({ body: { key, month, reason: v.text } }, done);
        }}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="text"
            label={asking?.kind === 'reject' ? t('appeal.rejectReason') : t('adjustment.reason')}
            rules={[{ required: true, whitespace: true, message: t('required') }]}
          >
            <Input.TextArea maxLength={200} rows={3} data-testid="perf-appeal-text" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
