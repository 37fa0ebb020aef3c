import { useEffect } from 'react';
import { DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { TUBE_KINDS, tubeSaveSchema, type TubeKind } from '@rehab/shared';
import { FormModal } from '../../components/form-modal';
import { schemaField } from '../../lib/form-rules';
import { useSaveTube } from './api';
import { PatientSelect } from './patient-select';

type Values = {
  patientId: number;
  kind: TubeKind;
  site: string;
  size?: string;
  placedOn: Dayjs;
  placedBy: string;
  plannedChangeOn?: Dayjs | null;
  remark?: string;
};
const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);

/** Records a tube placed: the patient, what and where, when and by whom, and its next planned change. */
export function TubeFormModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('care');
  const [form] = Form.useForm<Values>();
  const save = useSaveTube();
  const site = schemaField(tubeSaveSchema, 'site', t('tube.site'));
  const placedBy = schemaField(tubeSaveSchema, 'placedBy', t('tube.placedBy'));

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ kind: 'urinary', placedOn: dayjs() });
  }, [open, form]);

  const submit = (v: Values) =>
    save.mutateAsync({
      body: {
        patientId: v.patientId,
        kind: v.kind,
        site: v.site,
        size: v.size?.trim() || null,
        placedOn: day(v.placedOn)!,
        placedBy: v.placedBy,
        plannedChangeOn: day(v.plannedChangeOn),
        remark: v.remark?.trim() || null,
      },
    });

  return (
    <FormModal
      open={open}
      title={t('tube.add')}
      form={form}
      testId="tube"
      pending={save.isPending}
      action={t('tube.add')}
      onClose={onClose}
      onSubmit={submit}
    >
      <Form.Item
        name="patientId"
        label={t('patient')}
        rules={[{ required: true, message: t('required', { field: t('patient') }) }]}
      >
        <PatientSelect kind="tubes" open={open} />
      </Form.Item>
      <Form.Item name="kind" label={t('tube.kind')} rules={[{ required: true }]}>
        <Select options={TUBE_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))} data-testid="tube-kind" />
      </Form.Item>
      <Form.Item name="site" label={t('tube.site')} required={site.required} rules={site.rules}>
        <Input maxLength={50} placeholder={t('tube.sitePlaceholder')} />
      </Form.Item>
      <Form.Item name="size" label={t('tube.size')}>
        <Input maxLength={20} placeholder="16Fr" />
      </Form.Item>
      <Form.Item
        name="placedOn"
        label={t('tube.placedOn')}
        rules={[{ required: true, message: t('required', { field: t('tube.placedOn') }) }]}
      >
        <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
      </Form.Item>
      <Form.Item name="placedBy" label={t('tube.placedBy')} required={placedBy.required} rules={placedBy.rules}>
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item name="plannedChangeOn" label={t('tube.plannedChangeOn')}>
        <DatePicker style={{ width: '100%' }} data-testid="tube-change-date" />
      </Form.Item>
      <Form.Item name="remark" label={t('remark')}>
        <Input.TextArea maxLength={200} rows={2} />
      </Form.Item>
    </FormModal>
  );
}
