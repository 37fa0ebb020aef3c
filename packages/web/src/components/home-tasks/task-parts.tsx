import { Form, InputNumber, Modal, Progress, Select, Space, Tag, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import {
  FREQUENCY_UNITS,
  homeTasksEndpoints as te,
  type EndpointInput,
  type FrequencyUnit,
  type TaskState,
} from '@rehab/shared';
import { keepPreviousData } from '@tanstack/react-query';
import { useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';

export type TaskQuery = EndpointInput<typeof te.page>['body'];
const TASKS = [te.page, te.info, te.therapists];

export const useTasks = (body: TaskQuery, enabled = true) =>
  useEndpointQuery(te.page, { body }, { select: (r) => r.data, placeholderData: keepPreviousData, enabled });
export const useTask = (id: number) =>
  useEndpointQuery(te.info, { params: { id } }, { select: (r) => r.data, enabled: id > 0 });
export const useTaskTherapists = () => useEndpointQuery(te.therapists, {}, { select: (r) => r.data });
export const useTaskContents = (enabled: boolean) =>
  useEndpointQuery(te.contents, {}, { select: (r) => r.data, enabled });
export const useSaveTask = () => useEndpointMutation(te.save, { invalidates: TASKS });
export const useUpdateTask = () => useEndpointMutation(te.update, { invalidates: TASKS });
export const useCompleteTask = () => useEndpointMutation(te.complete, { invalidates: TASKS });
export const useStopTask = () => useEndpointMutation(te.stop, { invalidates: TASKS });
export const useRenewTaskLink = () => useEndpointMutation(te.renewLink, { invalidates: TASKS });

const STATE_COLOR: Record<TaskState, string> = {
  active: 'processing',
  overdue: 'error',
  completed: 'success',
  stopped: 'default',
};

export function TaskStateTag({ state }: { state: TaskState }) {
  const { t } = useTranslation('tasks');
  return (
    <Tag color={STATE_COLOR[state]} data-testid={`task-state-${state}`}>
      {t(`state.${state}`)}
    </Tag>
  );
}

/** "2 times a day" in the reader's language. */
export function useFrequencyText() {
  const { t } = useTranslation('tasks');
  return (times: number, unit: FrequencyUnit) => t(`frequency.${unit}`, { count: times });
}

/**
 * The frequency of the task dialogs (assign, edit): the times (1 to 20, fields `timesPerUnit`) per day or week
 * (`frequencyUnit`); `<testId>-times` and `<testId>-unit` on the two inputs.
 */
export function FrequencyField({ testId }: { testId: string }) {
  const { t } = useTranslation('tasks');
  return (
    <Form.Item label={t('frequencyLabel')} required>
      <Space.Compact>
        <Form.Item
          name="timesPerUnit"
          noStyle
          rules={[{ required: true, message: t('required', { field: t('times') }) }]}
        >
          <InputNumber min={1} max={20} precision={0} aria-label={t('times')} data-testid={`${testId}-times`} />
        </Form.Item>
        <Form.Item name="frequencyUnit" noStyle>
          <Select
            style={{ width: 140 }}
            aria-label={t('unit')}
            options={FREQUENCY_UNITS.map((u) => ({ value: u, label: t(`unit_${u}`) }))}
            data-testid={`${testId}-unit`}
          />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}

/** The completion rate as a small bar with the times done of those due. */
export function TaskRate({ rate, done, expected }: { rate: number | null; done: number; expected: number }) {
  const { t } = useTranslation('tasks');
  return (
    <Space orientation="vertical" size={0} style={{ minWidth: 120 }}>
      {rate === null ? (
        <Typography.Text type="secondary">{t('notDue')}</Typography.Text>
      ) : (
        <Progress percent={rate} size="small" aria-label={t('rate')} data-testid="task-rate" />
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('doneOfDue', { done, expected })}
      </Typography.Text>
    </Space>
  );
}

/** The patient's link of a task, shown once when made: the address and its QR code for the mini-program. */
export function TaskLinkModal({ token, onClose }: { token: string | null; onClose: () => void }) {
  const { t } = useTranslation('tasks');
  const url = token ? `${window.location.origin}/api/sys/applet/task/${token}` : '';
  return (
    <Modal
      open={!!token}
      title={t('link.title')}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      destroyOnHidden
    >
      <Space orientation="vertical" align="center" style={{ width: '100%' }}>
        <QRCodeSVG value={url} size={160} title={t('link.qr')} />
        <Typography.Text copyable={{ text: url }} style={{ wordBreak: 'break-all' }} data-testid="task-link">
          {url}
        </Typography.Text>
        <Typography.Text type="secondary">{t('link.hint')}</Typography.Text>
      </Space>
    </Modal>
  );
}
