import { useEffect, useState } from 'react';
import { Alert, App, Col, DatePicker, Form, Input, InputNumber, Modal, Radio, Row, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  PATIENT_OPTIONS,
  checkIdCard,
  patientRegisterSchema,
  registrationRuleIssues,
  type PatientRegisterInput,
} from '@rehab/shared';
import { ApiError } from '../../lib/api';
import { currentLocale } from '../../lib/locale';
import { clinicToday } from '../../lib/clinic-day';
import { useRegister, useStaff, useUpdatePatient, type Course, type PatientDetail } from './api';
import { DiagnosisSelect } from './diagnosis-select';
import { showProblems } from './form-problems';
import { patientDetailPath } from './paths';

type Values = Record<string, unknown> & { birthday?: Dayjs | null; registerTime?: Dayjs | null };

type Props = {
  open: boolean;
  onClose: () => void;
  /** editing: the patient and the course whose fields the form shows */
  patient?: PatientDetail;
  course?: Course;
  onSaved?: (ids: { patientId: number; treatmentId: number }) => void;
};

/** The values the API takes: dates as text, blank fields left out. */
function toInput(values: Values): PatientRegisterInput {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined || v === null || v === '') continue;
    if (k === 'birthday') out[k] = (v as Dayjs).format('YYYY-MM-DD');
    else if (k === 'registerTime') out[k] = (v as Dayjs).toISOString();
    else if (k === 'age' || k === 'region') continue;
    else out[k] = v;
  }
  return out as PatientRegisterInput;
}

/**
 * Registration of an outpatient or inpatient with every Patient field (spec section 3). The ID number fills
 * birthday, sex, age and region; the shared schema checks the form before sending, the server again after.
 */
export function RegisterModal({ open, onClose, patient, course, onSaved }: Props) {
  const { t } = useTranslation('patients');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const staff = useStaff();
  const register = useRegister();
  const update = useUpdatePatient();
  const [duplicate, setDuplicate] = useState<{ msg: string; patientId: number; treatmentId: number } | null>(null);
  const patientType = Form.useWatch('patientType', form);
  const editing = Boolean(patient && course);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (patient && course) {
      const merged = { ...course, ...patient } as unknown as Values;
      const values: Values = {};
      for (const key of Object.keys(form.getFieldsValue(true))) values[key] = merged[key] ?? undefined;
      for (const key of [
        'patientType',
        'outpatientNo',
        'inpatientNo',
        'visitNo',
        'bedNo',
        'roomNo',
        'headNurse',
        'chiefComplaint',
        'specialNotes',
        'nursingLevel',
        'costType',
        'source',
        'sourceOrganization',
        'sourceOffice',
        'diseaseId',
        'tcmDiagnosis',
        'functioningId',
        'officeId',
        'doctorId',
        'therapistId',
      ])
        values[key] = (course as Record<string, unknown>)[key] ?? undefined;
      values.birthday = patient.birthday ? dayjs(patient.birthday as string) : null;
      values.age = patient.age;
      form.setFieldsValue(values);
    } else form.setFieldsValue({ patientType: 1 });
  }, [open, patient, course, form]);

  const close = () => {
    setDuplicate(null);
    onClose();
  };

  const label = (field: string) => t(`field.${field}`, { defaultValue: field });

  const fillFromId = (value: string) => {
    const r = checkIdCard(value);
    if (!r.ok) return;
    form.setFieldsValue({
      birthday: dayjs(r.info.birthday),
      sex: r.info.sex,
      age: r.info.age,
      region: r.info.region[currentLocale()],
    });
  };

  const handleOk = async () => {
    setDuplicate(null);
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const input = toInput(values);
    // the problems of the previous attempt go; this attempt's come back below
    form.setFields(Object.keys(form.getFieldsValue(true)).map((name) => ({ name, errors: [] })));
    const parsed = patientRegisterSchema.safeParse(input);
    if (!parsed.success) {
      const seen = new Set(parsed.error.issues.map((i) => i.path.join('.')));
      const rules = registrationRuleIssues(input).filter((i) => !seen.has(i.path[0]));
      showProblems(
        form,
        [...parsed.error.issues, ...rules.map((i) => ({ ...i, code: 'custom' as const, input: undefined }))],
        label,
      );
      return;
    }
    try {
      if (patient && course) {
        await update.mutateAsync({ ...input, id: patient.id, treatmentId: course.id });
        message.success(t('updated'));
        onSaved?.({ patientId: patient.id, treatmentId: course.id });
      } else {
        const ids = await register.mutateAsync(input);
        message.success(t('saved'));
        onSaved?.(ids);
      }
      close();
    } catch (error) {
      if (error instanceof ApiError && error.code === 409 && error.body.patientId) {
        setDuplicate({
          msg: error.message,
          patientId: error.body.patientId as number,
          treatmentId: error.body.treatmentId as number,
        });
      }
      showProblems(form, error, label);
      if (error instanceof Error) message.error(error.message);
    }
  };

  const codeSelect = (field: keyof typeof PATIENT_OPTIONS) => (
    <Select
      allowClear
      options={PATIENT_OPTIONS[field].map((v) => ({ value: v, label: t(`options.${field}.${v}`) }))}
      data-testid={`reg-${field}`}
    />
  );
  const item = (name: string, node: React.ReactNode, span = 8, required = false) => (
    <Col xs={24} md={12} xl={span} key={name}>
      <Form.Item name={name} label={label(name)} required={required}>
        {node}
      </Form.Item>
    </Col>
  );
  const text = (name: string, max: number, span = 8, required = false) =>
    item(name, <Input maxLength={max} allowClear data-testid={`reg-${name}`} />, span, required);
  const decimal = (name: string, max: number) =>
    item(
      name,
      <InputNumber min={0} max={max} step={0.1} precision={1} style={{ width: '100%' }} data-testid={`reg-${name}`} />,
    );

  return (
    <Modal
      open={open}
      title={editing ? t('editTitle') : t('registerTitle')}
      width={1080}
      onOk={handleOk}
      onCancel={close}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      confirmLoading={register.isPending || update.isPending}
      okButtonProps={{ 'data-testid': 'reg-save' } as never}
      forceRender
      mask={{ closable: false }}
      data-testid="register-modal"
    >
      {duplicate && (
        <Alert
          type="warning"
          showIcon
          className="pt-duplicate"
          title={duplicate.msg}
          action={
            <Link
              to={patientDetailPath(duplicate.patientId, duplicate.treatmentId)}
              onClick={onClose}
              data-testid="reg-duplicate-link"
            >
              {t('duplicate.open')}
            </Link>
          }
          data-testid="reg-duplicate"
        />
      )}
      <Form
        form={form}
        name="patientRegister"
        layout="vertical"
        className="pt-form"
        requiredMark
        onValuesChange={(changed: Values) => form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })))}
      >
        <Typography.Title level={5}>{t('section.basic')}</Typography.Title>
        <Row gutter={16}>
          {item(
            'patientType',
            <Radio.Group
              options={[1, 2].map((v) => ({ value: v, label: t(`options.patientType.${v}`) }))}
              data-testid="reg-patientType"
            />,
            8,
            true,
          )}
          {text('name', 64, 8, true)}
          {item(
            'idNumber',
            <Input maxLength={18} allowClear onChange={(e) => fillFromId(e.target.value)} data-testid="reg-idNumber" />,
          )}
          {item('sex', codeSelect('sex'), 8)}
          {item(
            'birthday',
            <DatePicker
              style={{ width: '100%' }}
              disabledDate={(d) => d.isAfter(clinicToday(), 'day')}
              data-testid="reg-birthday"
            />,
          )}
          {item('age', <Input disabled data-testid="reg-age" />, 4)}
          {item('region', <Input disabled data-testid="reg-region" />, 4)}
          {text('phone', 11, 8, true)}
          {text('email', 64)}
          {text('socialSecurityNo', 50)}
          {item('maritalStatus', codeSelect('maritalStatus'))}
          {text('nationality', 50)}
          {item('education', codeSelect('education'))}
          {text('profession', 50)}
          {text('hisId', 50)}
        </Row>
        <Typography.Title level={5}>{t('section.course')}</Typography.Title>
        <Row gutter={16}>
          {item(
            'outpatientNo',
            <Input
              maxLength={30}
              allowClear
              placeholder={editing ? undefined : t('outpatientNoAuto')}
              data-testid="reg-outpatientNo"
            />,
          )}
          {text('inpatientNo', 30, 8, patientType === 2)}
          {text('visitNo', 30)}
          {text('bedNo', 20)}
          {text('roomNo', 20)}
          {text('headNurse', 64)}
          {item(
            'officeId',
            <Select
              options={(staff.data?.offices ?? []).map((o) => ({ value: o.id, label: o.name }))}
              data-testid="reg-officeId"
            />,
            8,
            true,
          )}
          {item(
            'doctorId',
            <Select
              allowClear
              options={(staff.data?.doctors ?? []).map((o) => ({ value: o.id, label: o.name }))}
              data-testid="reg-doctorId"
            />,
          )}
          {item(
            'therapistId',
            <Select
              allowClear
              options={(staff.data?.therapists ?? []).map((o) => ({ value: o.id, label: o.name }))}
              data-testid="reg-therapistId"
            />,
          )}
          {item(
            'diseaseId',
            <DiagnosisSelect kind="disease" testId="reg-diseaseId" currentName={course?.diseaseName} />,
            8,
            true,
          )}
          {item(
            'functioningId',
            <DiagnosisSelect kind="functioning" testId="reg-functioningId" currentName={course?.functioningName} />,
            8,
            true,
          )}
          {text('tcmDiagnosis', 100)}
          {item('dysfunctionSide', codeSelect('dysfunctionSide'))}
          {item('nursingLevel', codeSelect('nursingLevel'))}
          {item('costType', codeSelect('costType'))}
          {item('source', codeSelect('source'))}
          {text('sourceOrganization', 100)}
          {text('sourceOffice', 64)}
          {text('chiefComplaint', 100, 12)}
          {text('specialNotes', 100, 12)}
          {!editing &&
            item(
              'registerTime',
              <DatePicker showTime style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />,
            )}
        </Row>
        <Typography.Title level={5}>{t('section.contact')}</Typography.Title>
        <Row gutter={16}>
          {text('address', 60, 12)}
          {text('contactPerson', 64, 6)}
          {text('relation', 50, 6)}
          {text('contactPhone', 20)}
          {text('emergencyPhone', 20)}
        </Row>
        <Typography.Title level={5}>{t('section.body')}</Typography.Title>
        <Row gutter={16}>
          {decimal('weight', 1000)}
          {item(
            'height',
            <InputNumber min={0} max={300} precision={0} style={{ width: '100%' }} data-testid="reg-height" />,
          )}
          {decimal('thighLength', 200)}
          {decimal('calfLength', 200)}
          {decimal('pelvicWidth', 200)}
        </Row>
      </Form>
    </Modal>
  );
}
