import { useEffect } from 'react';
import { DatePicker, Form, Input, Segmented, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { FrequencyUnit, TaskKind } from '@rehab/shared';
import { FormModal } from '../form-modal';
import { FrequencyField, useSaveTask, useTaskContents } from './task-parts';

type Values = {
  kind: TaskKind;
  title?: string;
  contentId?: number;
  instructions?: string;
  timesPerUnit: number;
  frequencyUnit: FrequencyUnit;
  range: [Dayjs, Dayjs];
};

/**
 * Assigns a home-training task to the patient: an exercise (its name) or a published education or knowledge item,
 * how often and for which period, with instructions. Answers the patient's link to `onSaved`, shown once.
 */
export function AssignTaskModal({
  patientId,
  open,
  onClose,
  onSaved,
}: {
  patientId: number;
  open: boolean;
  onClose: () => void;
  onSaved: (token: string, id: number) => void;
}) {
  const { t } = useTranslation('tasks');
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form);
  const save = useSaveTask();
  const contents = useTaskContents(open && kind === 'education');
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      kind: 'exercise',
      timesPerUnit: 1,
      frequencyUnit: 'day',
      range: [dayjs(), dayjs().add(27, 'day')],
    });
  }, [open, form]);
  const required = (field: string) => [{ required: true, message: t('required', { field }) }];
  const submit = async (v: Values) => {
    const res = await save.mutateAsync({
      body: {
        patientId,
        kind: v.kind,
        title: v.kind === 'exercise' ? (v.title ?? '') : '',
        contentId: v.kind === 'education' ? (v.contentId ?? null) : null,
        instructions: v.instructions ?? '',
        timesPerUnit: v.timesPerUnit,
        frequencyUnit: v.frequencyUnit,
        startOn: v.range[0].format('YYYY-MM-DD'),
        endOn: v.range[1].format('YYYY-MM-DD'),
      },
    });
    onSaved(res.data.token, res.data.id);
  };
  return (
    <FormModal
      open={open}
      title={t('assign')}
      form={form}
      testId="task"
      pending={save.isPending}
      action={t('assign')}
      onClose={onClose}
      onSubmit={submit}
    >
      <Form.Item name="kind" label={t('kindLabel')}>
        <Segmented
          options={(['exercise', 'education'] as const).map((k) => ({ value: k, label: t(`kind.${k}`) }))}
          data-testid="task-kind"
        />
      </Form.Item>
      {kind === 'education' ? (
        <Form.Item name="contentId" label={t('content')} rules={required(t('content'))}>
          <Select
            showSearch
            optionFilterProp="label"
            loading={contents.isLoading}
            notFoundContent={t('noContent')}
            options={(contents.data ?? []).map((c) => ({
              value: c.id,
              label: `${c.title} · ${t(`contentKind.${c.kind}`)}`,
            }))}
            data-testid="task-content"
          />
        </Form.Item>
      ) : (
        <Form.Item name="title" label={t('exercise')} rules={required(t('exercise'))}>
          <Input maxLength={60} data-testid="task-title" />
        </Form.Item>
      )}
      <FrequencyField testId="task" />
      <Form.Item name="range" label={t('period')} rules={required(t('period'))}>
        <DatePicker.RangePicker
          style={{ width: '100%' }}
          placeholder={[t('startOn'), t('endOn')]}
          data-testid="task-range"
        />
      </Form.Item>
      <Form.Item name="instructions" label={t('instructions')}>
        <Input.TextArea maxLength={500} rows={3} data-testid="task-instructions" />
      </Form.Item>
    </FormModal>
  );
}
