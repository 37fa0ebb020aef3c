import { useEffect, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Row,
  Select,
  Space,
  Steps,
  Typography,
} from 'antd';
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
import { problemsByField, showProblems } from './form-problems';
import { useFormDraft } from '../../lib/drafts';
import { DraftNotice } from '../../components/draft-notice';
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

/** Every problem of the values by the shared schema, the registration rules included (they need the whole form). */
function registrationIssues(input: PatientRegisterInput) {
  const parsed = patientRegisterSchema.safeParse(input);
  if (parsed.success) return [];
  const seen = new Set(parsed.error.issues.map((i) => i.path.join('.')));
  const rules = registrationRuleIssues(input).filter((i) => !seen.has(i.path[0]));
  return [...parsed.error.issues, ...rules.map((i) => ({ ...i, code: 'custom' as const, input: undefined }))];
}

const blank = (v: unknown) => v === undefined || v === null || v === '';
/** The fields the schema requires whatever else is filled in. */
const ALWAYS_REQUIRED = new Set(
  Object.entries(patientRegisterSchema.shape)
    .filter(([, field]) => !field.safeParse(undefined).success)
    .map(([name]) => name),
);
/** Whether a field is required now: by the schema, or by the rules (sex and birthday without an ID number). */
function isRequired(name: string, values: Values): boolean {
  if (ALWAYS_REQUIRED.has(name)) return true;
  if (name === 'sex' || name === 'birthday') return blank(values.idNumber);
  if (name === 'inpatientNo') return Number(values.patientType) === 2;
  return false;
}

/** A draft keeps dates as text; the form wants them as dates. */
const DATE_FIELDS = ['birthday', 'registerTime'] as const;
function fromDraft(values: Record<string, unknown>): Values {
  const out: Values = { ...values };
  for (const k of DATE_FIELDS) out[k] = typeof values[k] === 'string' ? dayjs(values[k]) : null;
  return out;
}

/** The fields of the second step (more about the patient, contact, body measures); the rest are on the first. */
const DETAIL_FIELDS = new Set([
  'email',
  'socialSecurityNo',
  'maritalStatus',
  'nationality',
  'education',
  'profession',
  'hisId',
  'address',
  'contactPerson',
  'relation',
  'contactPhone',
  'emergencyPhone',
  'weight',
  'height',
  'thighLength',
  'calfLength',
  'pelvicWidth',
]);

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
  const idNumber = Form.useWatch('idNumber', form);
  const editing = Boolean(patient && course);
  const draft = useFormDraft<Record<string, unknown>>('registration', {
    enabled: open,
    record: patient && course ? `${patient.id}-${course.id}` : null,
  });

  // two steps (issue 21): the essentials and the visit first, then the rest; both stay mounted, so one save checks
  // and sends every field, and a problem in the step not shown brings that step forward
  const [step, setStep] = useState(0);
  const showFirstProblem = () => {
    const first = form.getFieldsError().find((f) => f.errors.length > 0);
    if (!first) return;
    setStep(DETAIL_FIELDS.has(String(first.name[0])) ? 1 : 0);
    setTimeout(() => form.scrollToField(first.name), 0);
  };
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
    setStep(0);
    onClose();
  };

  const label = (field: string) => t(`field.${field}`, { defaultValue: field });
  /** Checks one field on blur against the shared schema, with the rest of the form as it is. */
  const fieldRule = (name: string) => ({
    validator: async () => {
      const problems = problemsByField(registrationIssues(toInput(form.getFieldsValue(true))), label);
      const first = problems.get(name)?.[0];
      if (first) throw new Error(first);
    },
  });
  const handleRestore = () => {
    const values = draft.restore();
    if (values) form.setFieldsValue(fromDraft(values));
  };

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
    // every field checks itself (the same rule as on blur): each problem shows once, under its field
    const values = await form.validateFields().catch(() => null);
    if (!values) {
      showFirstProblem();
      return;
    }
    const input = toInput(form.getFieldsValue(true));
    const issues = registrationIssues(input);
    if (issues.length > 0) {
      showProblems(form, issues, label);
      showFirstProblem();
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
      draft.clear();
      close();
    } catch (error) {
      // a known patient: once, at the top, with the way to the course (not under the field nor as a toast too)
      if (error instanceof ApiError && error.code === 409 && error.body.patientId) {
        setDuplicate({
          msg: error.message,
          patientId: error.body.patientId as number,
          treatmentId: error.body.treatmentId as number,
        });
        return;
      }
      // a refusal naming a field shows under it; any other as a message
      if (showProblems(form, error, label)) showFirstProblem();
      else if (error instanceof Error) message.error(error.message);
    }
  };

  const codeSelect = (field: keyof typeof PATIENT_OPTIONS) => (
    <Select
      allowClear
      options={PATIENT_OPTIONS[field].map((v) => ({ value: v, label: t(`options.${field}.${v}`) }))}
      data-testid={`reg-${field}`}
    />
  );
  const current: Values = { idNumber, patientType };
  /** What a field depends on for its rules: sex and birthday on the ID number, the inpatient number on the type. */
  const DEPENDS: Record<string, string[]> = { sex: ['idNumber'], birthday: ['idNumber'], inpatientNo: ['patientType'] };
  const item = (name: string, node: React.ReactNode, span = 8) => (
    <Col xs={24} md={12} xl={span} key={name}>
      <Form.Item
        name={name}
        label={label(name)}
        required={isRequired(name, current)}
        rules={[fieldRule(name)]}
        validateTrigger={['onBlur']}
        dependencies={DEPENDS[name]}
      >
        {node}
      </Form.Item>
    </Col>
  );
  const text = (name: string, max: number, span = 8) =>
    item(name, <Input maxLength={max} allowClear data-testid={`reg-${name}`} />, span);
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
      footer={(_, { OkBtn, CancelBtn }) => (
        <Space>
          <CancelBtn />
          {step === 0 ? (
            <Button onClick={() => setStep(1)} data-testid="reg-next">
              {t('steps.next')}
            </Button>
          ) : (
            <Button onClick={() => setStep(0)} data-testid="reg-back">
              {t('steps.back')}
            </Button>
          )}
          <OkBtn />
        </Space>
      )}
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
      <DraftNotice draft={draft.offered} onRestore={handleRestore} onDiscard={draft.discard} />
      <Form
        form={form}
        name="patientRegister"
        layout="vertical"
        className="pt-form"
        requiredMark
        onValuesChange={(changed: Values) => {
          form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })));
          draft.save(form.getFieldsValue(true));
        }}
      >
        <Steps
          size="small"
          current={step}
          onChange={setStep}
          className="pt-steps"
          items={[
            { title: t('steps.essentials'), description: t('steps.essentialsHint') },
            { title: t('steps.details'), description: t('steps.detailsHint') },
          ]}
          data-testid="reg-steps"
        />
        <div hidden={step !== 0} data-testid="reg-step-essentials">
          <Typography.Title level={5}>{t('section.essentials')}</Typography.Title>
          <Row gutter={16}>
            {item(
              'patientType',
              <Radio.Group
                options={[1, 2].map((v) => ({ value: v, label: t(`options.patientType.${v}`) }))}
                data-testid="reg-patientType"
              />,
            )}
            {text('name', 64)}
            {text('phone', 11)}
            {item(
              'idNumber',
              <Input
                maxLength={18}
                allowClear
                onChange={(e) => fillFromId(e.target.value)}
                data-testid="reg-idNumber"
              />,
            )}
            {item('sex', codeSelect('sex'), 4)}
            {item(
              'birthday',
              <DatePicker
                style={{ width: '100%' }}
                disabledDate={(d) => d.isAfter(clinicToday(), 'day')}
                data-testid="reg-birthday"
              />,
              4,
            )}
            {item('age', <Input disabled data-testid="reg-age" />, 4)}
            {item('region', <Input disabled data-testid="reg-region" />, 4)}
            {patientType === 2 && text('inpatientNo', 30)}
            {item(
              'officeId',
              <Select
                options={(staff.data?.offices ?? []).map((o) => ({ value: o.id, label: o.name }))}
                data-testid="reg-officeId"
              />,
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
            )}
            {item(
              'functioningId',
              <DiagnosisSelect kind="functioning" testId="reg-functioningId" currentName={course?.functioningName} />,
            )}
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
            {patientType !== 2 && text('inpatientNo', 30)}
            {text('visitNo', 30)}
            {text('bedNo', 20)}
            {text('roomNo', 20)}
            {text('headNurse', 64)}
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
        </div>
        <div hidden={step !== 1} data-testid="reg-step-details">
          <Typography.Title level={5}>{t('section.basic')}</Typography.Title>
          <Row gutter={16}>
            {text('email', 64)}
            {text('socialSecurityNo', 50)}
            {item('maritalStatus', codeSelect('maritalStatus'))}
            {text('nationality', 50)}
            {item('education', codeSelect('education'))}
            {text('profession', 50)}
            {text('hisId', 50)}
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
        </div>
      </Form>
    </Modal>
  );
}
