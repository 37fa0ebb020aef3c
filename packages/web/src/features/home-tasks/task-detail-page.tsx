import { useEffect, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Input,
  Modal,
  Skeleton,
  Space,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { TaskPerm, type TaskDetail, type TaskFieldChange, type TaskRow } from '@rehab/shared';
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
import { EditTaskModal } from './edit-task-modal';

type Report = TaskDetail['reports'][number];
type Change = TaskDetail['changes'][number];

/**
 * One home-training task (/patient/task/detail/:id/:type, `:type` its kind): what was given, how often and when,
 * the completion rate and the log of what the patient reported, the history of its edits; edit (frequency, last
 * day, instructions), complete, stop with a reason, a new patient link.
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
  // the task as it was when the dialog opened: a refetch meanwhile does not reset what is being typed
  const [editing, setEditing] = useState<TaskRow | null>(null);
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
  const shown = (c: TaskFieldChange, v: TaskFieldChange['before']) =>
    c.field === 'frequency' && typeof v === 'object'
      ? frequency(v.timesPerUnit, v.frequencyUnit)
      : (v as string) || t('empty');
  const FIELD_LABEL = { frequency: 'frequencyLabel', endOn: 'endOn', instructions: 'instructions' } as const;
  const historyColumns = [
    {
      key: 'changedAt',
      title: t('changedAt'),
      width: 160,
      render: (_: unknown, c: Change) => dayjs(c.changedAt).format('YYYY-MM-DD HH:mm'),
    },
    { key: 'changedBy', title: t('changedBy'), width: 120, render: (_: unknown, c: Change) => c.changedByName || '—' },
    {
      key: 'changes',
      title: t('changedFields'),
      render: (_: unknown, c: Change) => (
        <Space orientation="vertical" size={0}>
          {c.changes.map((f) => (
            <span key={f.field} data-testid={`task-change-${f.field}`}>
              {t('changeLine', {
                field: t(FIELD_LABEL[f.field]),
                before: shown(f, f.before),
                after: shown(f, f.after),
              })}
            </span>
          ))}
        </Space>
      ),
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
            <Button type="primary" onClick={() => setEditing(d)} data-testid="task-edit">
              {t('edit')}
            </Button>
          )}
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
      <LogCard title={t('log')} columns={columns} rows={d.reports} empty={t('noReports')} testId="task-reports" />
      <LogCard
        title={t('history')}
        columns={historyColumns}
        rows={d.changes}
        empty={t('noHistory')}
        testId="task-history"
      />
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
      <EditTaskModal task={editing} onClose={() => setEditing(null)} />
    </div>
  );
}

/** A card with one of the task's logs (the patient's reports, the edits), newest first, unpaged. */
function LogCard<R extends { id: number }>(props: {
  title: string;
  columns: TableColumnsType<R>;
  rows: R[];
  empty: string;
  testId: string;
}) {
  return (
    <Card size="small" title={props.title}>
      <Table<R>
        rowKey="id"
        size="small"
        columns={props.columns}
        dataSource={props.rows}
        pagination={false}
        locale={{ emptyText: props.empty }}
        data-testid={props.testId}
      />
    </Card>
  );
}
