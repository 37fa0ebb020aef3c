import { useEffect } from 'react';
import { Alert, DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { FrequencyUnit, TaskRow } from '@rehab/shared';
import { FormModal } from '../../components/form-modal';
import { FrequencyField, useUpdateTask } from '../../components/home-tasks/task-parts';

type Values = { timesPerUnit: number; frequencyUnit: FrequencyUnit; endOn: Dayjs; instructions?: string };

/**
 * Edits an active home-training task: its frequency, its last day (not before its first day nor today, at most a
 * year after the first day) and its instructions, prefilled with the current values. The patient's link stays; the
 * server records the edit in the task's history.
 */
export function EditTaskModal({ task, onClose }: { task: TaskRow | null; onClose: () => void }) {
  const { t } = useTranslation('tasks');
  const [form] = Form.useForm<Values>();
  const update = useUpdateTask();
  useEffect(() => {
    if (!task) return;
    form.resetFields();
    form.setFieldsValue({
      timesPerUnit: task.timesPerUnit,
      frequencyUnit: task.frequencyUnit,
      endOn: dayjs(task.endOn),
      instructions: task.instructions,
    });
  }, [task, form]);
  const required = (field: string) => [{ required: true, message: t('required', { field }) }];
  // the last day kept as it is (an overdue task) or moved to a day from max(first day, today) to a year on
  const disabledDate = (d: Dayjs) => {
    if (!task) return false;
    const day = d.format('YYYY-MM-DD');
    if (day === task.endOn) return false;
    const first = task.startOn > dayjs().format('YYYY-MM-DD') ? task.startOn : dayjs().format('YYYY-MM-DD');
    return day < first || day > dayjs(task.startOn).add(366, 'day').format('YYYY-MM-DD');
  };
  const submit = async (v: Values) => {
    await update.mutateAsync({
      body: {
        id: task!.id,
        timesPerUnit: v.timesPerUnit,
        frequencyUnit: v.frequencyUnit,
        endOn: v.endOn.format('YYYY-MM-DD'),
        instructions: v.instructions ?? '',
      },
    });
  };
  return (
    <FormModal
      open={!!task}
      title={task ? `${t('editTitle')} · ${task.title}` : t('editTitle')}
      form={form}
      testId="task-edit"
      pending={update.isPending}
      action={t('edit')}
      onClose={onClose}
      onSubmit={submit}
    >
      <Alert type="info" showIcon title={t('editHint')} style={{ marginBottom: 16 }} />
      <FrequencyField testId="task-edit" />
      <Form.Item label={t('startOn')}>
        <Input value={task?.startOn} disabled aria-label={t('startOn')} />
      </Form.Item>
      <Form.Item name="endOn" label={t('endOn')} rules={required(t('endOn'))}>
        <DatePicker
          style={{ width: '100%' }}
          allowClear={false}
          disabledDate={disabledDate}
          data-testid="task-edit-end"
        />
      </Form.Item>
      <Form.Item name="instructions" label={t('instructions')}>
        <Input.TextArea maxLength={500} rows={3} data-testid="task-edit-instructions" />
      </Form.Item>
    </FormModal>
  );
}
