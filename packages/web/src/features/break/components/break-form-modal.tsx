import { useEffect } from 'react';
import { DatePicker, Form, Input, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { BreakRow } from '@rehab/shared';
import { FormModal } from '../../../components/form-modal';
import { useSaveBreak } from '../api/break';

type Props = { row: BreakRow | null; open: boolean; timezone: string; onClose: () => void };
type Values = { startTime: Dayjs; endTime: Dayjs; messageZh: string; messageEn: string; blockSignIn: boolean };

/** The wall-clock text the API takes: the picker's digits, read as the clinic's clock (never converted). */
export const BREAK_TIME_FORMAT = 'YYYY-MM-DD HH:mm';
const text = (d: Dayjs | null | undefined) => (d ? d.format(BREAK_TIME_FORMAT) : '');

/**
 * Adds or edits a maintenance window: start and end on the clinic's clock, the notice in Chinese and English, and
 * whether sign-in pauses while it lasts. The server refuses an overlap (the message names the window in the way).
 */
export function BreakFormModal({ row, open, timezone, onClose }: Props) {
  const { t } = useTranslation('break');
  const [form] = Form.useForm<Values>();
  const save = useSaveBreak();
  const action = row ? t('edit') : t('add');

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      row
        ? {
            startTime: dayjs(row.startTime, BREAK_TIME_FORMAT),
            endTime: dayjs(row.endTime, BREAK_TIME_FORMAT),
            messageZh: row.messageZh,
            messageEn: row.messageEn,
            blockSignIn: row.blockSignIn,
          }
        : { blockSignIn: true },
    );
  }, [open, row, form]);

  return (
    <FormModal
      open={open}
      title={action}
      width={640}
      form={form}
      testId="break"
      pending={save.isPending}
      action={action}
      onClose={onClose}
      onSubmit={(values) =>
        save.mutateAsync({
          startTime: text(values.startTime),
          endTime: text(values.endTime),
          messageZh: values.messageZh,
          messageEn: values.messageEn,
          blockSignIn: values.blockSignIn,
          ...(row ? { id: row.id } : {}),
        })
      }
    >
      <p className="break-form-zone">{t('form.zoneHint', { zone: timezone })}</p>
      <div className="break-form-times">
        {(['startTime', 'endTime'] as const).map((name) => (
          <Form.Item
            key={name}
            name={name}
            label={t(`columns.${name}`)}
            dependencies={name === 'endTime' ? ['startTime'] : undefined}
            rules={[
              { required: true, message: t('common:form.pleaseSelect', { label: t(`columns.${name}`) }) },
              ({ getFieldValue }) => ({
                validator: async (_, value: Dayjs | null | undefined) => {
                  const start = getFieldValue('startTime') as Dayjs | undefined;
                  if (name === 'endTime' && start && value && text(value) <= text(start))
                    throw new Error(t('form.endBeforeStart'));
                },
              }),
            ]}
          >
            <DatePicker
              showTime={{ format: 'HH:mm', minuteStep: 5 }}
              format={BREAK_TIME_FORMAT}
              data-testid={name === 'startTime' ? 'break-start' : 'break-end'}
              style={{ width: '100%' }}
            />
          </Form.Item>
        ))}
      </div>
      {(['messageZh', 'messageEn'] as const).map((name) => (
        <Form.Item
          key={name}
          name={name}
          label={t(`columns.${name}`)}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('common:form.pleaseInput', { label: t(`columns.${name}`) }),
            },
          ]}
        >
          <Input.TextArea
            rows={3}
            maxLength={500}
            showCount
            placeholder={t(`form.${name}Placeholder`)}
            data-testid={name === 'messageZh' ? 'break-message-zh' : 'break-message-en'}
          />
        </Form.Item>
      ))}
      <Form.Item
        name="blockSignIn"
        label={t('form.blockSignIn')}
        valuePropName="checked"
        extra={t('form.blockSignInHint')}
      >
        <Switch data-testid="break-block" />
      </Form.Item>
    </FormModal>
  );
}
