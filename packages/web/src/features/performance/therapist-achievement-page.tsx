import { useState } from 'react';
import {
  App,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { KeyboardPopconfirm } from '../../components/keyboard-popconfirm';
import {
  CalculatorOutlined,
  HistoryOutlined,
  LockOutlined,
  NotificationOutlined,
  PlusOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  AchievementPerm,
  AdjustmentStatus,
  performanceEndpoints,
  type AchievementTherapistRow,
  type AdjustmentRow,
} from '@rehab/shared';
import { mintKey } from '../../components/billing/billing-kit';
import { clinicToday } from '../../lib/clinic-day';
import { useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';
import { href, paths } from '../../lib/paths';
import { usePermission, useSession } from '../../lib/session';
import { QualityCell } from './quality';
import { AppealsCard } from './appeals';
import { DecisionTag, ReopenButton, ReopenCard } from './month-reopen';
import { ExportButton, MonthTag, PerfHeader, TotalRow, figure, useMonth } from './common';

const FIGURES = ['sessions', 'points', 'value', 'quality', 'adjustments', 'total'] as const;
const sum = <T,>(rows: readonly T[], f: (r: T) => number) => rows.reduce((s, r) => s + f(r), 0);

/**
 * The therapists' achievements of a month (/achievement/therapist-achievement): each therapist's sessions, points,
 * value, approved adjustments and total, with a total row and Excel; a name opens the therapist's projects. A
 * therapist sees their own line only. Administrators close the month, recompute it, record rule versions from the
 * performance settings and ask for and decide adjustments (never their own request).
 */
export function TherapistAchievementPage() {
  const { t } = useTranslation('performance');
  const { message } = App.useApp();
  const can = usePermission();
  const { user } = useSession();
  const [month, setMonth] = useMonth(clinicToday().format('YYYY-MM'));
  const list = useEndpointQuery(performanceEndpoints.therapists, { body: { month } }, { select: (r) => r.data });
  const adjustments = useEndpointQuery(
    performanceEndpoints.adjustments,
    { body: { month } },
    { select: (r) => r.data },
  );
  const status = useEndpointQuery(performanceEndpoints.monthStatus, { body: { month } }, { select: (r) => r.data });
  const closed = status.data?.closed ?? false;
  const invalidates = [
    performanceEndpoints.therapists,
    performanceEndpoints.adjustments,
    performanceEndpoints.monthStatus,
    performanceEndpoints.rules,
  ];
  const onError = (error: Error) => message.error(error.message);
  const close = useEndpointMutation(performanceEndpoints.monthClose, { invalidates, onError });
  const publish = useEndpointMutation(performanceEndpoints.monthPublish, { invalidates, onError });
  const recompute = useEndpointMutation(performanceEndpoints.recompute, { invalidates, onError });
  const adopt = useEndpointMutation(performanceEndpoints.ruleAdopt, { invalidates, onError });
  const approve = useEndpointMutation(performanceEndpoints.adjustmentApprove, { invalidates, onError });
  const reject = useEndpointMutation(performanceEndpoints.adjustmentReject, { invalidates, onError });
  const request = useEndpointMutation(performanceEndpoints.adjustmentRequest, { invalidates, onError });
  const [asking, setAsking] = useState(false);
  const [adoptOpen, setAdoptOpen] = useState(false);
  const [form] = Form.useForm<{ staffId: number; delta: number; reason: string }>();
  const [adoptForm] = Form.useForm<{ effectiveFrom: dayjs.Dayjs }>();
  const [requestKey, setRequestKey] = useState('');
  const rows = list.data ?? [];
  const ended = month < clinicToday().format('YYYY-MM');

  const headers = [t('therapist'), ...FIGURES.map((k) => t(`col.${k}`))];
  const exportRows = rows.map((r) => [
    r.staffName,
    r.sessions,
    r.points,
    r.value / 100,
    r.qualityX100 / 100,
    r.adjustments / 100,
    r.total / 100,
  ]);

  return (
    <div className="perf-page" data-testid="achievement-page">
      <PerfHeader
        title={
          <Space>
            {t('title')}
            <MonthTag month={month} />
          </Space>
        }
        extra={
          <Space wrap>
            <DatePicker
              picker="month"
              allowClear={false}
              value={dayjs(`${month}-01`)}
              onChange={(d) => d && setMonth(d.format('YYYY-MM'))}
              disabledDate={(d) => d.isAfter(clinicToday(), 'month')}
              data-testid="perf-month"
            />
            {can(AchievementPerm.recompute) && !closed && (
              <Button
                icon={<CalculatorOutlined />}
                loading={recompute.isPending}
                onClick={() =>
                  recompute.mutate({ body: { month } }, { onSuccess: (r) => message.success(t('recomputed', r.data)) })
                }
                data-testid="perf-recompute"
              >
                {t('recompute')}
              </Button>
            )}
            {can(AchievementPerm.rules) && (
              <Button icon={<SettingOutlined />} onClick={() => setAdoptOpen(true)} data-testid="perf-adopt">
                {t('adopt.button')}
              </Button>
            )}
            {can(AchievementPerm.rules) && (
              <Link to={paths.achievementRuleVersions} data-testid="perf-rules-link">
                <Button icon={<HistoryOutlined />}>{t('rules.title')}</Button>
              </Link>
            )}
            {can(AchievementPerm.close) && status.data && !closed && (
              <KeyboardPopconfirm
                title={t('close.confirm', { month })}
                onConfirm={() =>
                  close.mutate({ body: { month } }, { onSuccess: () => message.success(t('close.done', { month })) })
                }
                disabled={!ended}
              >
                <Button
                  icon={<LockOutlined />}
                  disabled={!ended}
                  loading={close.isPending}
                  title={ended ? undefined : t('close.notEnded')}
                  data-testid="perf-close"
                >
                  {t('close.button')}
                </Button>
              </KeyboardPopconfirm>
            )}
            {can(AchievementPerm.publish) && closed && !status.data?.published && (
              <KeyboardPopconfirm
                title={t('publish.confirm', { month })}
                onConfirm={() =>
                  publish.mutate(
                    { body: { month } },
                    { onSuccess: () => message.success(t('publish.done', { month })) },
                  )
                }
              >
                <Button icon={<NotificationOutlined />} loading={publish.isPending} data-testid="perf-publish">
                  {t('publish.button')}
                </Button>
              </KeyboardPopconfirm>
            )}
            {can(AchievementPerm.reopenRequest) && closed && <ReopenButton month={month} />}
            <ExportButton
              title={`${t('title')}_${month}`}
              headers={headers}
              rows={exportRows}
              sumColumns={[1, 2, 3, 5, 6]}
            />
          </Space>
        }
      />
      <Card size="small">
        {list.isLoading ? (
          <Skeleton active />
        ) : (
          <Table<AchievementTherapistRow>
            rowKey="staffId"
            size="small"
            pagination={false}
            dataSource={rows}
            data-testid="perf-therapists"
            locale={{ emptyText: t('empty') }}
            columns={[
              {
                key: 'name',
                title: t('therapist'),
                render: (_, r) => (
                  <Link
                    to={href(paths.achievementTherapistProjects, {
                      id: r.staffId,
                      month,
                      therapistName: r.staffName,
                    })}
                    data-testid={`perf-therapist-${r.staffId}`}
                  >
                    {r.staffName}
                  </Link>
                ),
              },
              { key: 'sessions', title: t('col.sessions'), align: 'right', dataIndex: 'sessions' },
              { key: 'points', title: t('col.points'), align: 'right', dataIndex: 'points' },
              { key: 'value', title: t('col.value'), align: 'right', render: (_, r) => figure(r.value) },
              {
                key: 'quality',
                title: t('col.quality'),
                align: 'right',
                render: (_, r) => (
                  <QualityCell row={r} month={month} editable={can(AchievementPerm.quality) && !closed} />
                ),
              },
              {
                key: 'adjustments',
                title: t('col.adjustments'),
                align: 'right',
                render: (_, r) => figure(r.adjustments),
              },
              {
                key: 'total',
                title: t('col.total'),
                align: 'right',
                render: (_, r) => <Typography.Text strong>{figure(r.total)}</Typography.Text>,
              },
              {
                key: 'split',
                title: t('col.split'),
                render: (_, r) => (
                  <Space size={4}>
                    {r.authorized > 0 && <Tag color="blue">{t('kind.authorizedN', { n: r.authorized })}</Tag>}
                    {r.substitute > 0 && <Tag color="orange">{t('kind.substituteN', { n: r.substitute })}</Tag>}
                  </Space>
                ),
              },
            ]}
            summary={(data) =>
              data.length > 0 ? (
                <TotalRow
                  label={t('total')}
                  cells={[
                    sum(data, (r) => r.sessions),
                    sum(data, (r) => r.points),
                    figure(sum(data, (r) => r.value)),
                    '',
                    figure(sum(data, (r) => r.adjustments)),
                    figure(sum(data, (r) => r.total)),
                    '',
                  ]}
                />
              ) : null
            }
          />
        )}
        <Typography.Paragraph type="secondary" className="perf-formula" data-testid="perf-formula">
          {t('quality.formula')}
        </Typography.Paragraph>
      </Card>
      {can(AchievementPerm.all) && <ReopenCard month={month} />}
      <AppealsCard month={month} published={status.data?.published ?? false} />
      <Card
        size="small"
        title={t('adjustment.title')}
        extra={
          can(AchievementPerm.adjustRequest) &&
          !closed && (
            <Button
              size="small"
              icon={<PlusOutlined />}
              onClick={() => {
                form.resetFields();
                setRequestKey(mintKey());
                setAsking(true);
              }}
              data-testid="perf-adjust-request"
            >
              {t('adjustment.request')}
            </Button>
          )
        }
      >
        <Table<AdjustmentRow>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={adjustments.data ?? []}
          loading={adjustments.isLoading}
          locale={{ emptyText: t('adjustment.none') }}
          data-testid="perf-adjustments"
          scroll={{ x: 900 }}
          columns={[
            { key: 'staff', title: t('therapist'), dataIndex: 'staffName' },
            { key: 'delta', title: t('adjustment.delta'), align: 'right', render: (_, r) => figure(r.delta) },
            { key: 'reason', title: t('adjustment.reason'), dataIndex: 'reason' },
            { key: 'by', title: t('adjustment.requestedBy'), dataIndex: 'requestedByName' },
            { key: 'status', title: t('adjustment.status'), render: (_, r) => <DecisionTag status={r.status} /> },
            {
              key: 'decided',
              title: t('adjustment.decidedBy'),
              render: (_, r) =>
                r.decidedByName ? `${r.decidedByName} ${dayjs(r.decidedAt).format('YYYY-MM-DD HH:mm')}` : '-',
            },
            ...(can(AchievementPerm.adjustApprove) && !closed
              ? [
                  {
                    key: 'act',
                    title: t('actions'),
                    render: (_: unknown, r: AdjustmentRow) =>
                      r.status === AdjustmentStatus.pending && r.requestedBy !== user?.id ? (
                        <Space>
                          <Button
                            size="small"
                            type="link"
                            onClick={() => approve.mutate({ body: { id: r.id } })}
                            data-testid={`perf-approve-${r.id}`}
                          >
                            {t('adjustment.approve')}
                          </Button>
                          <Button
                            size="small"
                            type="link"
                            danger
                            onClick={() => reject.mutate({ body: { id: r.id } })}
                            data-testid={`perf-reject-${r.id}`}
                          >
                            {t('adjustment.reject')}
                          </Button>
                        </Space>
                      ) : r.status === AdjustmentStatus.pending ? (
                        <Typography.Text type="secondary">{t('adjustment.notOwn')}</Typography.Text>
                      ) : null,
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <Modal
        open={asking}
        title={t('adjustment.request')}
        onCancel={() => setAsking(false)}
        confirmLoading={request.isPending}
        onOk={async () => {
          const v = await form.validateFields();
          request.mutate(
            {
              body: {
                key: requestKey,
                staffId: v.staffId,
                month,
                delta: Math.round(v.delta * 100),
                reason: v.reason,
              },
            },
            { onSuccess: () => setAsking(false) },
          );
        }}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item name="staffId" label={t('therapist')} rules={[{ required: true, message: t('required') }]}>
            <Select options={rows.map((r) => ({ value: r.staffId, label: r.staffName }))} />
          </Form.Item>
          <Form.Item
            name="delta"
            label={t('adjustment.deltaPoints')}
            rules={[{ required: true, message: t('required') }]}
          >
            <InputNumber step={0.01} precision={2} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="reason" label={t('adjustment.reason')} rules={[{ required: true, message: t('required') }]}>
            <Input.TextArea maxLength={200} rows={3} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={adoptOpen}
        title={t('adopt.title')}
        onCancel={() => setAdoptOpen(false)}
        confirmLoading={adopt.isPending}
        onOk={async () => {
          const v = await adoptForm.validateFields();
          adopt.mutate(
            { body: { effectiveFrom: v.effectiveFrom.format('YYYY-MM-DD') } },
            {
              onSuccess: (r) => {
                message.success(t('adopt.done', { n: r.data.created }));
                setAdoptOpen(false);
              },
            },
          );
        }}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('adopt.help')}</Typography.Paragraph>
        <Form form={adoptForm} layout="vertical" initialValues={{ effectiveFrom: clinicToday() }}>
          <Form.Item
            name="effectiveFrom"
            label={t('adopt.effectiveFrom')}
            rules={[{ required: true, message: t('required') }]}
          >
            <DatePicker allowClear={false} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
