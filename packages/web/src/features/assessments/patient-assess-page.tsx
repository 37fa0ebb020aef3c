import { useEffect, useState } from 'react';
import { Alert, Button, DatePicker, Form, Input, Result, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, LineChartOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { ASSESS_PHASES, AssessPerm } from '@rehab/shared';
import { FormModal } from '../../components/form-modal';
import { usePermission, useSession } from '../../lib/session';
import { useTablePaging } from '../../components/use-table-paging';
import { useAssessCourse, useAssessList, useCreateAssessments, useEvaluators, usePhaseMethods } from './api';
import { assessPaths } from './assess-paths';
import { AssessTable } from './assess-table';
import './assessments.css';

type AddValues = {
  phase: number;
  methodIds: number[];
  assessorId: number;
  plannedTime: Dayjs;
  reportName: string;
  remark?: string;
};

/** /patient/assess-project/:projectId/:isForceShow?: the assessments of one treatment course (the id is the course's). */
export function PatientAssessPage() {
  const { t } = useTranslation('assessments');
  const navigate = useNavigate();
  const treatmentId = Number(useParams().projectId) || 0;
  const course = useAssessCourse(treatmentId);
  const can = usePermission();
  const { page, limit, pagination } = useTablePaging();
  const list = useAssessList({ type: 'all', page, limit, treatmentId });
  const [adding, setAdding] = useState(false);
  if (course.isLoading) return <Skeleton active />;
  if (!course.data)
    return (
      <Result
        status="404"
        title={t('notFound')}
        extra={<Button onClick={() => navigate(-1)}>{t('common:action.back')}</Button>}
      />
    );
  const c = course.data;
  const active = c.status === 1;
  return (
    <div className="as-page" data-testid="patient-assess">
      <div className="as-head">
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
            {t('common:action.back')}
          </Button>
          <Typography.Title level={4} className="as-title" data-testid="patient-assess-name">
            {t('patientTitle', { name: c.patientName })}
          </Typography.Title>
          <Tag>{t(`courseStatus.${c.status}`, { defaultValue: String(c.status) })}</Tag>
        </Space>
        <Space wrap>
          <Button
            icon={<LineChartOutlined />}
            onClick={() => navigate(assessPaths.patientReport(c.patientId, c.patientName))}
            data-testid="open-patient-report"
          >
            {t('report.open')}
          </Button>
          {active && can(AssessPerm.save) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="assess-add">
              {t('add.button')}
            </Button>
          )}
        </Space>
      </div>
      {!active && <Alert type="info" showIcon title={t('courseClosed')} />}
      <AssessTable
        hidePatient
        rows={list.data?.list ?? []}
        loading={list.isFetching}
        pagination={pagination(list.data?.totalCount ?? 0, (total) => t('total', { total }))}
      />
      <AddAssessmentsModal
        open={adding}
        onClose={() => setAdding(false)}
        treatmentId={treatmentId}
        patientName={c.patientName}
      />
    </div>
  );
}

function AddAssessmentsModal({
  open,
  onClose,
  treatmentId,
  patientName,
}: {
  open: boolean;
  onClose: () => void;
  treatmentId: number;
  patientName: string;
}) {
  const { t } = useTranslation('assessments');
  const [form] = Form.useForm<AddValues>();
  const phase = Form.useWatch('phase', form);
  const methods = usePhaseMethods(phase);
  const evaluators = useEvaluators();
  const { user } = useSession();
  const create = useCreateAssessments();
  // the signed-in evaluator assesses by default
  useEffect(() => {
    if (open && !form.getFieldValue('assessorId') && evaluators.data?.some((u) => u.id === user?.id))
      form.setFieldValue('assessorId', user!.id);
  }, [open, evaluators.data, user, form]);
  const required = (label: string) => ({ required: true, message: t('add.required', { field: label }) });
  const initial = {
    phase: 2,
    assessorId: evaluators.data?.some((u) => u.id === user?.id) ? user?.id : undefined,
    plannedTime: dayjs().add(10, 'minute').startOf('minute'),
  };
  return (
    <FormModal<AddValues>
      open={open}
      title={t('add.title')}
      form={form}
      testId="assess-add"
      action={t('add.button')}
      pending={create.isPending}
      onClose={() => {
        form.resetFields();
        onClose();
      }}
      onSubmit={(v) =>
        create.mutateAsync({
          treatmentId,
          phase: v.phase,
          methodIds: v.methodIds,
          assessorId: v.assessorId,
          plannedTime: v.plannedTime.format(),
          reportName: v.reportName,
          remark: v.remark,
        })
      }
    >
      <Form.Item
        name="phase"
        label={t('field.phase')}
        rules={[required(t('field.phase'))]}
        initialValue={initial.phase}
      >
        <Select
          options={ASSESS_PHASES.map((p) => ({ value: p, label: t(`phase.${p}`) }))}
          onChange={(p: number) => {
            form.setFieldsValue({
              methodIds: [],
              reportName: t('add.defaultReportName', { name: patientName, phase: t(`phase.${p}`) }),
            });
          }}
          data-testid="assess-add-phase"
        />
      </Form.Item>
      <Form.Item name="methodIds" label={t('field.method')} rules={[required(t('field.method'))]}>
        <Select
          mode="multiple"
          loading={methods.isLoading}
          placeholder={t('add.methodPlaceholder')}
          options={(methods.data ?? []).map((m) => ({ value: m.id, label: `${m.abbr} · ${m.name}` }))}
          showSearch={{ optionFilterProp: 'label' }}
          data-testid="assess-add-methods"
        />
      </Form.Item>
      <Form.Item
        name="assessorId"
        label={t('field.assessor')}
        rules={[required(t('field.assessor'))]}
        initialValue={initial.assessorId}
      >
        <Select
          loading={evaluators.isLoading}
          options={(evaluators.data ?? []).map((u) => ({ value: u.id, label: u.name }))}
          showSearch={{ optionFilterProp: 'label' }}
          data-testid="assess-add-assessor"
        />
      </Form.Item>
      <Form.Item
        name="plannedTime"
        label={t('field.plannedTime')}
        initialValue={initial.plannedTime}
        rules={[
          required(t('field.plannedTime')),
          {
            validator: (_, v?: Dayjs) =>
              !v || !v.isBefore(dayjs().startOf('minute'))
                ? Promise.resolve()
                : Promise.reject(new Error(t('add.timeBeforeNow'))),
          },
        ]}
      >
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          inputReadOnly
          className="as-full"
          disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
          data-testid="assess-add-time"
        />
      </Form.Item>
      <Form.Item
        name="reportName"
        label={t('field.reportName')}
        rules={[required(t('field.reportName')), { max: 50, message: t('add.tooLong', { max: 50 }) }]}
        initialValue={t('add.defaultReportName', { name: patientName, phase: t('phase.2') })}
      >
        <Input maxLength={50} data-testid="assess-add-report-name" />
      </Form.Item>
      <Form.Item
        name="remark"
        label={t('field.remark')}
        rules={[{ max: 100, message: t('add.tooLong', { max: 100 }) }]}
      >
        <Input.TextArea maxLength={100} rows={2} />
      </Form.Item>
    </FormModal>
  );
}
