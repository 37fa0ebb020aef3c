import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Input, Modal, Skeleton, Space, Table, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { TaskPerm, type TaskDetail } from '@rehab/shared';
import { href, paths } from '../../lib/paths';
import { usePermission } from '../../lib/session';
import { showApiError } from '../../lib/form-errors';
import {
  TaskLinkModal,
  TaskRate,
  TaskStateTag,
  useCompleteTask,
  useFrequencyText,
  useRenewTaskLink,
  useStopTask,
  useTask,
} from '../../components/home-tasks/task-parts';

type Report = TaskDetail['reports'][number];

/**
 * One home-training task (/patient/task/detail/:id/:type, `:type` its kind): what was given, how often and when,
 * the completion rate and the log of what the patient reported; complete, stop with a reason, a new patient link.
 * A `:type` that is not the task's kind is corrected in the address.
 */
export function TaskDetailPage() {
  const { t } = useTranslation('tasks');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const navigate = useNavigate();
  const params = useParams();
  const id = Number(params.id);
  const task = useTask(id);
  const frequency = useFrequencyText();
  const complete = useCompleteTask();
  const stop = useStopTask();
  const renew = useRenewTaskLink();
  const [stopping, setStopping] = useState(false);
  const [reason, setReason] = useState('');
  const [token, setToken] = useState<string | null>(null);
  const d = task.data;
  useEffect(() => {
    if (d && params.type !== d.kind) navigate(href(paths.taskDetail, { id: d.id, type: d.kind }), { replace: true });
  }, [d, params.type, navigate]);

  if (task.isError) return <Alert type="error" showIcon title={t('loadFailed')} description={task.error?.message} />;
  if (!d) return <Skeleton active />;
  const open = d.status === 'active';
  const run = async (action: string, work: () => Promise<unknown>) => {
    try {
      await work();
      message.success(t('common:status.success', { action }));
      return true;
    } catch (error) {
      showApiError(error, t('common:status.failure', { action }), message.error);
      return false;
    }
  };
  const columns = [
    { key: 'doneOn', title: t('doneOn'), dataIndex: 'doneOn', width: 120 },
    { key: 'times', title: t('times'), dataIndex: 'times', width: 80 },
    { key: 'note', title: t('note'), render: (_: unknown, r: Report) => r.note || '—' },
    {
      key: 'reportedAt',
      title: t('reportedAt'),
      width: 160,
      render: (_: unknown, r: Report) => dayjs(r.reportedAt).format('YYYY-MM-DD HH:mm'),
    },
  ];

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }} data-testid="task-detail">
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Space>
          <Link to={paths.taskManagement}>
            <Button icon={<ArrowLeftOutlined />}>{t('back')}</Button>
          </Link>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="task-title-heading">
            {d.title}
          </Typography.Title>
          <TaskStateTag state={d.state} />
        </Space>
        <Space wrap>
          {open && can(TaskPerm.save) && (
            <Button
              onClick={() =>
                modal.confirm({
                  title: t('newLink'),
                  content: t('newLinkConfirm'),
                  onOk: () =>
                    run(t('newLink'), async () => setToken((await renew.mutateAsync({ body: { id } })).data.token)),
                })
              }
              data-testid="task-renew-link"
            >
              {t('newLink')}
            </Button>
          )}
          {open && can(TaskPerm.save) && (
            <Button
              onClick={() =>
                modal.confirm({
                  title: t('complete'),
                  content: t('completeConfirm'),
                  onOk: () => run(t('complete'), () => complete.mutateAsync({ body: { id } })),
                })
              }
              data-testid="task-complete"
            >
              {t('complete')}
            </Button>
          )}
          {open && can(TaskPerm.stop) && (
            <Button
              danger
              onClick={() => {
                setReason('');
                setStopping(true);
              }}
              data-testid="task-stop"
            >
              {t('stop')}
            </Button>
          )}
        </Space>
      </Space>
      <Card size="small">
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} data-testid="task-info">
          <Descriptions.Item label={t('patient')}>{d.patientName}</Descriptions.Item>
          <Descriptions.Item label={t('kindLabel')}>{t(`kind.${d.kind}`)}</Descriptions.Item>
          <Descriptions.Item label={t('frequencyLabel')}>
            {frequency(d.timesPerUnit, d.frequencyUnit)}
          </Descriptions.Item>
          <Descriptions.Item label={t('period')}>
            {d.startOn} ~ {d.endOn}
          </Descriptions.Item>
          <Descriptions.Item label={t('therapist')}>{d.therapistName || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('rate')}>
            <TaskRate rate={d.rate} done={d.doneTimes} expected={d.expectedTimes} />
          </Descriptions.Item>
          <Descriptions.Item label={t('instructions')} span={3}>
            {d.instructions || '—'}
          </Descriptions.Item>
          {d.stopReason && (
            <Descriptions.Item label={t('stopReason')} span={3}>
              <span data-testid="task-stop-reason">{d.stopReason}</span>
            </Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      <Card size="small" title={t('log')}>
        <Table<Report>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={d.reports}
          pagination={false}
          locale={{ emptyText: t('noReports') }}
          data-testid="task-reports"
        />
      </Card>
      <Modal
        open={stopping}
        title={t('stop')}
        onCancel={() => setStopping(false)}
        okButtonProps={
          { danger: true, disabled: !reason.trim(), loading: stop.isPending, 'data-testid': 'task-stop-ok' } as never
        }
        onOk={async () => {
          if (await run(t('stop'), () => stop.mutateAsync({ body: { id, reason: reason.trim() } }))) setStopping(false);
        }}
        destroyOnHidden
      >
        <label htmlFor="task-stop-reason" style={{ display: 'block', marginBottom: 8 }}>
          {t('stopReason')}
        </label>
        <Input.TextArea
          id="task-stop-reason"
          value={reason}
          maxLength={200}
          rows={3}
          onChange={(e) => setReason(e.target.value)}
          data-testid="task-stop-input"
        />
      </Modal>
      <TaskLinkModal token={token} onClose={() => setToken(null)} />
    </div>
  );
}
