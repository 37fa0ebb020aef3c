import { useState } from 'react';
import { Button, Card, Empty, List, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TaskPerm } from '@rehab/shared';
import { usePermission } from '../../lib/session';
import { href, paths } from '../../lib/paths';
import { AssignTaskModal } from './assign-task-modal';
import { TaskLinkModal, TaskStateTag, useFrequencyText, useTasks } from './task-parts';

/**
 * The patient's home-training tasks on the patient detail (issue 20): each with its state and completion rate,
 * opening its detail; "Assign" gives a new one and shows the patient's link. Shown to holders of the list code.
 */
export function HomeTasksPanel({ patientId }: { patientId: number }) {
  const { t } = useTranslation('tasks');
  const can = usePermission();
  const allowed = can(TaskPerm.list);
  const [open, setOpen] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  const tasks = useTasks({ patientId, page: 1, limit: 20 }, allowed);
  const frequency = useFrequencyText();
  if (!allowed) return null;
  const rows = tasks.data?.list ?? [];
  return (
    <Card
      size="small"
      title={t('panelTitle')}
      loading={tasks.isLoading}
      data-testid="home-tasks-panel"
      extra={
        can(TaskPerm.save) && (
          <Button size="small" icon={<PlusOutlined />} onClick={() => setOpen(true)} data-testid="task-assign">
            {t('assign')}
          </Button>
        )
      }
    >
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('none')} />
      ) : (
        <List
          size="small"
          dataSource={rows}
          renderItem={(r) => (
            <List.Item data-testid="home-task-row">
              <Space orientation="vertical" size={0}>
                <Space wrap size={4}>
                  <Link to={href(paths.taskDetail, { id: r.id, type: r.kind })}>{r.title}</Link>
                  <TaskStateTag state={r.state} />
                </Space>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {frequency(r.timesPerUnit, r.frequencyUnit)} · {r.startOn} ~ {r.endOn} ·{' '}
                  {r.rate === null ? t('notDue') : t('rateValue', { rate: r.rate })}
                </Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      )}
      <AssignTaskModal
        patientId={patientId}
        open={open}
        onClose={() => setOpen(false)}
        onSaved={(tk) => setToken(tk)}
      />
      <TaskLinkModal token={token} onClose={() => setToken(null)} />
    </Card>
  );
}
