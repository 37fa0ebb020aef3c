import { useEffect, useMemo } from 'react';
import { Alert, App, Button, Card, Empty, Form, Input, InputNumber, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  generateSlots,
  issuesToProblems,
  saveTimesSchema,
  translate,
  TIME_SLOT_LIMITS,
  TimeSlotPerm,
  timePeriodSchema,
  type TimePeriod,
} from '@rehab/shared';
import { ApiError } from '../../lib/api';
import { zodRule } from '../../lib/form-rules';
import { currentLocale } from '../../lib/locale';
import { usePermission } from '../../lib/session';
import { useSaveTimes, useTimeSlots } from './api/time-slots';

type Values = { periods: TimePeriod[] };

const NEW_PERIOD: TimePeriod = { startTime: '', endTime: '', sessionMinutes: 30, restMinutes: 10 };

/** `periods.1.startTime` as a form path. */
const fieldPath = (field: string) => field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)) as never;

const fieldError = (field: string, key: string, params: Record<string, string | number>) => ({
  name: fieldPath(field),
  errors: [translate(currentLocale(), key, params)],
});

/** The slots a set of form values would give, skipping periods that are not valid yet. */
function preview(periods: Partial<TimePeriod>[] | undefined) {
  const valid = (periods ?? []).flatMap((p) => {
    const r = timePeriodSchema.safeParse(p);
    return r.success ? [r.data] : [];
  });
  return generateSlots(valid);
}

/**
 * Time slots of the day (/maintainSystem/time): the organization's treatment periods (start, end, session length,
 * rest) and, live, the slots they generate; saving replaces the organization's slot list.
 */
export function TimeSlotsPage() {
  const { t } = useTranslation('timeSlots');
  const { message } = App.useApp();
  const can = usePermission();
  const canSave = can(TimeSlotPerm.save);
  const [form] = Form.useForm<Values>();
  const data = useTimeSlots();
  const save = useSaveTimes();
  const periods = Form.useWatch('periods', form);
  const slots = useMemo(() => preview(periods), [periods]);

  useEffect(() => {
    if (data.data) form.setFieldsValue({ periods: data.data.periods });
  }, [data.data, form]);

  const onSave = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    // checks across periods (overlap, a period too short for a session): the same words as the server
    const checked = saveTimesSchema.safeParse(values);
    if (!checked.success) {
      form.setFields(issuesToProblems(checked.error.issues).map((p) => fieldError(p.field, p.key, p.params)));
      return;
    }
    try {
      await save.mutateAsync({ body: values });
      message.success(t('common:status.success', { action: t('save') }));
    } catch (error) {
      const msg = error instanceof ApiError ? error.message : '';
      if (error instanceof ApiError && error.field?.startsWith('periods.')) {
        form.setFields([{ name: fieldPath(error.field), errors: [msg] }]);
      }
      message.error(msg || t('common:status.failure', { action: t('save') }));
    }
  };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }} data-testid="time-slots">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('title')}
      </Typography.Title>
      {data.isError && <Alert type="error" showIcon title={t('loadFailed')} description={data.error.message} />}
      <Card
        title={t('periodsTitle')}
        loading={data.isLoading}
        extra={
          canSave && (
            <Button type="primary" onClick={onSave} loading={save.isPending} data-testid="times-save">
              {t('save')}
            </Button>
          )
        }
      >
        <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
        <Form form={form} layout="vertical" disabled={!canSave} data-testid="times-form">
          <Form.List name="periods">
            {(fields, { add, remove }) => (
              <>
                {fields.length === 0 && <Empty description={t('noPeriods')} />}
                {fields.map((field, index) => (
                  <Space key={field.key} align="start" wrap data-testid="period-row">
                    <Typography.Text strong style={{ display: 'inline-block', width: 64, marginTop: 36 }}>
                      {t('period', { n: index + 1 })}
                    </Typography.Text>
                    <Form.Item
                      name={[field.name, 'startTime']}
                      style={{ width: 120 }}
                      label={t('startTime')}
                      required
                      rules={[zodRule(timePeriodSchema.shape.startTime, t('startTime'))]}
                    >
                      <Input placeholder="08:00" maxLength={5} style={{ width: '100%' }} data-testid="period-start" />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'endTime']}
                      style={{ width: 120 }}
                      label={t('endTime')}
                      required
                      rules={[zodRule(timePeriodSchema.shape.endTime, t('endTime'))]}
                    >
                      <Input placeholder="11:30" maxLength={5} style={{ width: '100%' }} data-testid="period-end" />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'sessionMinutes']}
                      style={{ width: 150 }}
                      label={t('sessionMinutes')}
                      required
                      rules={[zodRule(timePeriodSchema.shape.sessionMinutes, t('sessionMinutes'))]}
                    >
                      <InputNumber
                        min={1}
                        max={TIME_SLOT_LIMITS.sessionMax}
                        precision={0}
                        suffix={t('minutes')}
                        style={{ width: '100%' }}
                        data-testid="period-session"
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'restMinutes']}
                      style={{ width: 150 }}
                      label={t('restMinutes')}
                      required
                      rules={[zodRule(timePeriodSchema.shape.restMinutes, t('restMinutes'))]}
                    >
                      <InputNumber
                        min={0}
                        max={TIME_SLOT_LIMITS.restMax}
                        precision={0}
                        suffix={t('minutes')}
                        style={{ width: '100%' }}
                        data-testid="period-rest"
                      />
                    </Form.Item>
                    {canSave && (
                      <Button
                        icon={<DeleteOutlined />}
                        danger
                        type="text"
                        style={{ marginTop: 30 }}
                        aria-label={t('remove')}
                        onClick={() => remove(field.name)}
                        data-testid="period-remove"
                      />
                    )}
                  </Space>
                ))}
                {canSave && fields.length < TIME_SLOT_LIMITS.periodsMax && (
                  <Button
                    type="dashed"
                    icon={<PlusOutlined />}
                    onClick={() => add({ ...NEW_PERIOD })}
                    style={{ display: 'block' }}
                    data-testid="period-add"
                  >
                    {t('addPeriod')}
                  </Button>
                )}
              </>
            )}
          </Form.List>
        </Form>
      </Card>
      <Card title={t('previewTitle', { count: slots.length })} data-testid="slots-preview">
        {slots.length === 0 ? (
          <Empty description={t('noSlots')} />
        ) : (
          <Space wrap>
            {slots.map((s, i) => (
              <Tag key={`${s.startTime}-${s.endTime}`} color="blue" style={{ fontSize: 14, padding: '4px 10px' }}>
                {t('slot', { n: i + 1 })} {s.startTime}-{s.endTime}
              </Tag>
            ))}
          </Space>
        )}
      </Card>
    </div>
  );
}
