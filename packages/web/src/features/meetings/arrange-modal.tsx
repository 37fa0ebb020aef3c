import { useEffect, useState } from 'react';
import { DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { MEETING_LOCATION_MAX, MEETING_THEME_MAX, meetingSaveSchema, type MeetingInfo } from '@rehab/shared';
import { FormModal } from '../../components/form-modal';
import { zodRule } from '../../lib/form-rules';
import { useSession } from '../../lib/session';
import { useMeetingChange, useMeetingPatients, useMeetingStaff } from './api';

type Values = {
  patient?: string;
  theme: string;
  location: string;
  hostId: number;
  participantIds: number[];
  startTime: Dayjs;
};

const TIME_FORMAT = 'YYYY-MM-DD HH:mm';

/** The arrange dialog (new meeting) and the edit dialog (an arranged meeting: patient fixed). */
export function ArrangeModal({
  open,
  meeting,
  onClose,
  onSaved,
}: {
  open: boolean;
  meeting?: MeetingInfo | null;
  onClose: () => void;
  onSaved?: (id: number) => void;
}) {
  const { t } = useTranslation('meetings');
  const [form] = Form.useForm<Values>();
  const { user } = useSession();
  const [keyword, setKeyword] = useState('');
  const staff = useMeetingStaff();
  const patients = useMeetingPatients(keyword, open && !meeting);
  const change = useMeetingChange();
  const editing = Boolean(meeting);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (meeting) {
      form.setFieldsValue({
        theme: meeting.theme,
        location: meeting.location,
        hostId: meeting.hostId,
        participantIds: meeting.participants.map((p) => p.userId),
        startTime: dayjs(meeting.startTime),
      });
    } else if (user) form.setFieldsValue({ hostId: user.id });
  }, [open, meeting, user, form]);

  const submit = async (v: Values) => {
    const common = {
      theme: v.theme,
      location: v.location,
      hostId: v.hostId,
      participantIds: v.participantIds,
      startTime: v.startTime.second(0).millisecond(0).toISOString(),
    };
    if (meeting) {
      await change.mutateAsync({ call: 'update', body: { id: meeting.id, ...common } });
      onSaved?.(meeting.id);
      return;
    }
    const [patientId, treatmentId] = (v.patient ?? '').split(':').map(Number);
    const saved = await change.mutateAsync({
      call: 'save',
      body: { patientId: patientId!, treatmentId: treatmentId!, ...common },
    });
    if (saved?.id) onSaved?.(saved.id);
  };

  const label = (key: string) => t(`field.${key}`);
  const staffOptions = (staff.data ?? []).map((u) => ({ value: u.id, label: u.name }));
  return (
    <FormModal<Values>
      open={open}
      title={editing ? t('edit') : t('arrange')}
      form={form}
      testId="meeting-arrange"
      onSubmit={submit}
      pending={change.isPending}
      action={editing ? t('done.update') : t('done.save')}
      onClose={() => {
        setKeyword('');
        onClose();
      }}
      width={640}
    >
      {meeting ? (
        <Form.Item label={label('patient')}>
          <b>{meeting.patientName}</b>
        </Form.Item>
      ) : (
        <Form.Item
          name="patient"
          label={label('patient')}
          rules={[{ required: true, message: t('common:form.pleaseSelect', { label: label('patient') }) }]}
        >
          <Select
            showSearch
            filterOption={false}
            onSearch={setKeyword}
            placeholder={t('placeholder.patient')}
            loading={patients.isFetching}
            data-testid="meeting-patient"
            options={(patients.data ?? []).map((p) => ({
              value: `${p.patientId}:${p.treatmentId}`,
              label: [p.name, p.inpatientNo ?? p.outpatientNo, p.bedNo].filter(Boolean).join(' · '),
            }))}
          />
        </Form.Item>
      )}
      <Form.Item
        name="theme"
        label={label('theme')}
        rules={[zodRule(meetingSaveSchema.shape.theme, label('theme'))]}
        required
      >
        <Input maxLength={MEETING_THEME_MAX} placeholder={t('placeholder.theme')} data-testid="meeting-theme" />
      </Form.Item>
      <Form.Item
        name="location"
        label={label('location')}
        rules={[zodRule(meetingSaveSchema.shape.location, label('location'))]}
        required
      >
        <Input
          maxLength={MEETING_LOCATION_MAX}
          placeholder={t('placeholder.location')}
          data-testid="meeting-location"
        />
      </Form.Item>
      <Form.Item
        name="startTime"
        label={label('startTime')}
        required
        rules={[
          { required: true, message: t('common:form.pleaseSelect', { label: label('startTime') }) },
          {
            validator: async (_r, value?: Dayjs) => {
              if (value && value.isBefore(dayjs().startOf('minute'))) throw new Error(t('timePast'));
            },
          },
        ]}
      >
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format={TIME_FORMAT}
          disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
          className="meeting-time-picker"
          data-testid="meeting-time"
        />
      </Form.Item>
      <Form.Item
        name="hostId"
        label={label('host')}
        rules={[{ required: true, message: t('common:form.pleaseSelect', { label: label('host') }) }]}
      >
        <Select options={staffOptions} showSearch optionFilterProp="label" data-testid="meeting-host" />
      </Form.Item>
      <Form.Item
        name="participantIds"
        label={label('participants')}
        rules={[{ required: true, message: t('common:form.pleaseSelect', { label: label('participants') }) }]}
      >
        <Select
          mode="multiple"
          options={staffOptions}
          showSearch
          optionFilterProp="label"
          data-testid="meeting-participants"
        />
      </Form.Item>
    </FormModal>
  );
}
