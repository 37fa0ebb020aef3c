import { useState } from 'react';
import { Button, DatePicker, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TASK_STATES, TaskPerm, type TaskRow, type TaskState } from '@rehab/shared';
import { href, paths } from '../../lib/paths';
import { usePermission } from '../../lib/session';
import { FilterSelect } from '../../components/filter-select';
import { PatientListFrame } from '../../components/patient-list-frame';
import { useTablePaging } from '../../components/use-table-paging';
import {
  TaskRate,
  TaskStateTag,
  useFrequencyText,
  useTaskTherapists,
  useTasks,
} from '../../components/home-tasks/task-parts';
import { EditTaskModal } from './edit-task-modal';

/**
 * Home-training tasks (/taskManagement/taskManagement): the tasks given to the organization's patients, active and
 * overdue first, filtered by patient, therapist, state and period, with the completion rate the patients' reports
 * make. Tasks are assigned from the patient detail; an active one is edited here or on its detail.
 */
export function TaskListPage() {
  const { t } = useTranslation('tasks');
  const { page, limit, setPage, pagination } = useTablePaging();
  const [patientName, setPatientName] = useState('');
  const [therapistId, setTherapistId] = useState<number | undefined>();
  const [state, setState] = useState<TaskState | undefined>();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [editing, setEditing] = useState<TaskRow | null>(null);
  const can = usePermission();
  const therapists = useTaskTherapists();
  const frequency = useFrequencyText();
  const tasks = useTasks({
    page,
    limit,
    ...(patientName ? { patientName } : {}),
    ...(therapistId ? { therapistId } : {}),
    ...(state ? { state } : {}),
    ...(range?.[0] ? { from: range[0].format('YYYY-MM-DD') } : {}),
    ...(range?.[1] ? { to: range[1].format('YYYY-MM-DD') } : {}),
  });
  const filter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  const columns: ColumnsType<TaskRow> = [
    { key: 'patient', title: t('patient'), dataIndex: 'patientName' },
    {
      key: 'title',
      title: t('task'),
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <Link to={href(paths.taskDetail, { id: r.id, type: r.kind })} data-testid="task-open">
            {r.title}
          </Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(`kind.${r.kind}`)} · {frequency(r.timesPerUnit, r.frequencyUnit)}
          </Typography.Text>
        </Space>
      ),
    },
    { key: 'period', title: t('period'), width: 200, render: (_, r) => `${r.startOn} ~ ${r.endOn}` },
    { key: 'therapist', title: t('therapist'), width: 110, render: (_, r) => r.therapistName || '—' },
    {
      key: 'rate',
      title: t('rate'),
      width: 170,
      render: (_, r) => <TaskRate rate={r.rate} done={r.doneTimes} expected={r.expectedTimes} />,
    },
    { key: 'lastDone', title: t('lastDoneOn'), width: 110, render: (_, r) => r.lastDoneOn ?? '—' },
    { key: 'state', title: t('stateLabel'), width: 90, render: (_, r) => <TaskStateTag state={r.state} /> },
    ...(can(TaskPerm.save)
      ? [
          {
            key: 'actions',
            title: t('actions'),
            width: 90,
            render: (_: unknown, r: TaskRow) =>
              r.status === 'active' && (
                <Button type="link" size="small" onClick={() => setEditing(r)} data-testid="task-row-edit">
                  {t('edit')}
                </Button>
              ),
          },
        ]
      : []),
  ];

  return (
    <>
      <PatientListFrame
        title={t('title')}
        testId="task-list-page"
        onPatientName={filter(setPatientName)}
        filters={
          <>
            <FilterSelect
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder={t('therapist')}
              style={{ width: 140 }}
              value={therapistId}
              onChange={filter(setTherapistId)}
              options={(therapists.data ?? []).map((u) => ({ value: u.id, label: u.name }))}
              data-testid="task-therapist-filter"
            />
            <FilterSelect
              allowClear
              placeholder={t('stateLabel')}
              style={{ width: 120 }}
              value={state}
              onChange={filter(setState)}
              options={TASK_STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))}
              data-testid="task-state-filter"
            />
            <DatePicker.RangePicker
              value={range}
              onChange={(v) => filter(setRange)(v)}
              placeholder={[t('from'), t('to')]}
              aria-label={t('period')}
              data-testid="task-period-filter"
            />
          </>
        }
        hint={t('listHint')}
        query={tasks}
        columns={columns}
        pagination={pagination}
        tableTestId="task-table"
      />
      <EditTaskModal task={editing} onClose={() => setEditing(null)} />
    </>
  );
}
