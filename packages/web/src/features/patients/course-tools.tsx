import { useState } from 'react';
import { App, Button, Descriptions, Dropdown, Form, Input, List, Modal, Select, Typography } from 'antd';
import { BulbOutlined, DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  caseTemplateSaveSchema,
  CourseStatus,
  PatientPerm,
  PlanPerm,
  prescriptionTemplateSaveSchema,
  ProjectStatus,
} from '@rehab/shared';
import { FormModal } from '../../components/form-modal';
import { showApiError } from '../../lib/form-errors';
import { zodRule } from '../../lib/form-rules';
import { usePermission } from '../../lib/session';
import type { Course, ProjectRow } from './api';
import { recommendPath } from './paths';
import { useApplyCaseTemplate, useCaseTemplates, useSaveCaseTemplate, useSavePrescriptionTemplate } from './plans-api';

type Props = { course: Course; projects: ProjectRow[] };

/** Opens the recommended plan of an active course (beside prescribing). */
export function RecommendButton({ patientId, treatmentId }: { patientId: number; treatmentId: number }) {
  const { t } = useTranslation('plans');
  const navigate = useNavigate();
  return (
    <Button
      size="small"
      icon={<BulbOutlined />}
      onClick={() => navigate(recommendPath(patientId, treatmentId))}
      data-testid="open-recommend"
    >
      {t('tools.recommend')}
    </Button>
  );
}
const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * The template tools of a course on the patient detail: save the course as a case template or its projects as a
 * prescription template, and apply a case template to this course.
 */
export function CourseTools({ course, projects }: Props) {
  const { t } = useTranslation('plans');
  const { message } = App.useApp();
  const can = usePermission();
  const [dialog, setDialog] = useState<'case' | 'prescription' | 'apply' | null>(null);
  const active = course.status === CourseStatus.active;
  const savable = projects.filter((p) => p.templateId !== null && p.status !== ProjectStatus.disabled);

  const items = [
    can(PlanPerm.caseSave) && { key: 'case', label: t('tools.saveCase') },
    can(PlanPerm.prescriptionSave) && { key: 'prescription', label: t('tools.savePrescription') },
    active && can([PlanPerm.caseList, PatientPerm.update]) && { key: 'apply', label: t('tools.applyCase') },
  ].filter(Boolean) as { key: 'case' | 'prescription' | 'apply'; label: string }[];

  return (
    <>
      {items.length > 0 && (
        <Dropdown
          menu={{
            items: items.map((i) => ({ ...i, 'data-testid': `tools-${i.key}` })),
            onClick: ({ key }) => {
              if (key === 'prescription' && savable.length === 0) {
                message.warning(t('tools.noProjects'));
                return;
              }
              setDialog(key as 'case' | 'prescription' | 'apply');
            },
          }}
        >
          <Button data-testid="course-templates">
            {t('tools.templates')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
      <SaveCaseDialog open={dialog === 'case'} course={course} onClose={() => setDialog(null)} />
      <SavePrescriptionDialog open={dialog === 'prescription'} projects={savable} onClose={() => setDialog(null)} />
      <ApplyCaseDialog open={dialog === 'apply'} course={course} onClose={() => setDialog(null)} />
    </>
  );
}

function SaveCaseDialog({ open, course, onClose }: { open: boolean; course: Course; onClose: () => void }) {
  const { t } = useTranslation('plans');
  const [form] = Form.useForm<{ name: string }>();
  const save = useSaveCaseTemplate();
  return (
    <FormModal
      open={open}
      title={t('tools.saveCase')}
      form={form}
      testId="case-template"
      action={t('tools.saveCase')}
      pending={save.isPending}
      onClose={() => {
        form.resetFields();
        onClose();
      }}
      onSubmit={(v) =>
        save.mutateAsync({
          name: v.name,
          chiefComplaint: text(course.chiefComplaint),
          diseaseId: course.diseaseId as number,
          functioningId: course.functioningId as number,
          tcmDiagnosis: text(course.tcmDiagnosis),
          specialNotes: text(course.specialNotes),
        })
      }
    >
      <Form.Item
        name="name"
        label={t('field.name')}
        required
        rules={[zodRule(caseTemplateSaveSchema.shape.name, t('field.name'))]}
      >
        <Input maxLength={50} data-testid="case-template-name" />
      </Form.Item>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('field.chiefComplaint')}>{text(course.chiefComplaint) ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('field.disease')}>{course.diseaseName}</Descriptions.Item>
        <Descriptions.Item label={t('field.functioning')}>{course.functioningName}</Descriptions.Item>
        <Descriptions.Item label={t('field.tcmDiagnosis')}>{text(course.tcmDiagnosis) ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('field.specialNotes')}>{text(course.specialNotes) ?? '-'}</Descriptions.Item>
      </Descriptions>
    </FormModal>
  );
}

function SavePrescriptionDialog({
  open,
  projects,
  onClose,
}: {
  open: boolean;
  projects: ProjectRow[];
  onClose: () => void;
}) {
  const { t } = useTranslation('plans');
  const [form] = Form.useForm<{ name: string; remark?: string }>();
  const save = useSavePrescriptionTemplate();
  // one item per project template (the first prescription of it)
  const items = projects.filter((p, i) => projects.findIndex((q) => q.templateId === p.templateId) === i);
  return (
    <FormModal
      open={open}
      title={t('tools.savePrescription')}
      form={form}
      testId="prescription-template"
      action={t('tools.savePrescription')}
      pending={save.isPending}
      onClose={() => {
        form.resetFields();
        onClose();
      }}
      onSubmit={(v) =>
        save.mutateAsync({
          name: v.name,
          remark: v.remark,
          items: items.map((p) => ({
            templateId: p.templateId!,
            quantity: p.quantity,
            times: p.times,
            frequency: p.frequency,
            duration: p.duration,
          })),
        })
      }
    >
      <Form.Item
        name="name"
        label={t('field.name')}
        required
        rules={[zodRule(prescriptionTemplateSaveSchema.shape.name, t('field.name'))]}
      >
        <Input maxLength={50} data-testid="prescription-template-name" />
      </Form.Item>
      <Form.Item name="remark" label={t('field.remark')}>
        <Input maxLength={30} />
      </Form.Item>
      <List
        size="small"
        bordered
        header={t('tools.projectsSaved', { count: items.length })}
        dataSource={items}
        renderItem={(p) => (
          <List.Item>
            <Typography.Text>{p.name}</Typography.Text>
            <Typography.Text type="secondary">
              {t('tools.amounts', { frequency: p.frequency, times: p.times, duration: p.duration })}
            </Typography.Text>
          </List.Item>
        )}
      />
    </FormModal>
  );
}

function ApplyCaseDialog({ open, course, onClose }: { open: boolean; course: Course; onClose: () => void }) {
  const { t } = useTranslation('plans');
  const { message } = App.useApp();
  const templates = useCaseTemplates(open);
  const apply = useApplyCaseTemplate();
  const [id, setId] = useState<number>();
  const chosen = templates.data?.find((c) => c.id === id);
  const close = () => {
    setId(undefined);
    onClose();
  };
  return (
    <Modal
      open={open}
      title={t('tools.applyCase')}
      onCancel={close}
      okButtonProps={{ disabled: !id, 'data-testid': 'apply-case-ok' } as never}
      confirmLoading={apply.isPending}
      onOk={async () => {
        try {
          await apply.mutateAsync({ id: id!, treatmentId: course.id });
          message.success(t('common:status.success', { action: t('tools.applyCase') }));
          close();
        } catch (error) {
          showApiError(error, t('common:status.failure', { action: t('tools.applyCase') }), message.error);
        }
      }}
    >
      <Select
        style={{ width: '100%', marginBottom: 12 }}
        showSearch={{ optionFilterProp: 'label' }}
        value={id}
        onChange={setId}
        loading={templates.isLoading}
        placeholder={t('tools.chooseCase')}
        options={(templates.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        data-testid="apply-case-select"
      />
      {chosen && (
        <Descriptions size="small" column={1} bordered data-testid="apply-case-preview">
          <Descriptions.Item label={t('field.chiefComplaint')}>{chosen.chiefComplaint ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('field.disease')}>{chosen.diseaseName ?? t('tools.keep')}</Descriptions.Item>
          <Descriptions.Item label={t('field.functioning')}>
            {chosen.functioningName ?? t('tools.keep')}
          </Descriptions.Item>
          <Descriptions.Item label={t('field.tcmDiagnosis')}>{chosen.tcmDiagnosis ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('field.specialNotes')}>{chosen.specialNotes ?? '-'}</Descriptions.Item>
        </Descriptions>
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('tools.applyHint')}
      </Typography.Paragraph>
    </Modal>
  );
}
