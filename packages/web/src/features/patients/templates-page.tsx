import { useState } from 'react';
import { App, Button, Card, Form, Input, Space, Table, Tabs, Tag, Typography } from 'antd';
import { KeyboardPopconfirm } from '../../components/keyboard-popconfirm';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PlanPerm, caseTemplateSaveSchema, prescriptionTemplateSaveSchema } from '@rehab/shared';
import { FormModal } from '../../components/form-modal';
import { showApiError } from '../../lib/form-errors';
import { zodRule } from '../../lib/form-rules';
import { usePermission } from '../../lib/session';
import { DiagnosisSelect } from './diagnosis-select';
import {
  useCaseTemplates,
  useDeleteCaseTemplates,
  useDeletePrescriptionTemplates,
  usePrescriptionTemplates,
  useSaveCaseTemplate,
  useSavePrescriptionTemplate,
  type CaseTemplateRow,
  type PrescriptionTemplateRow,
} from './plans-api';
import { href, paths } from '../../lib/paths';
import './patients.css';

export const templatesPath = (action: 'case' | 'prescription') => href(paths.mypatientTemplate, { action });
const caseFields = caseTemplateSaveSchema.shape;

/**
 * Case and prescription templates (/mypatient/template/:action, action `case` or `prescription`): the organization's
 * templates, saved from a patient's course on the patient detail and applied there; here they are read, edited and
 * deleted (a case template can also be written from scratch).
 */
export function TemplatesPage() {
  const { t } = useTranslation('plans');
  const navigate = useNavigate();
  const action = useParams().action === 'prescription' ? 'prescription' : 'case';
  return (
    <div className="pt-page" data-testid="templates-page">
      <div className="pt-header">
        <Typography.Title level={4} className="pt-title">
          {t('templates.title')}
        </Typography.Title>
      </div>
      <Card size="small">
        <Tabs
          activeKey={action}
          onChange={(k) => navigate(templatesPath(k as 'case' | 'prescription'))}
          items={[
            { key: 'case', label: t('templates.case'), children: action === 'case' && <CaseTemplates /> },
            {
              key: 'prescription',
              label: t('templates.prescription'),
              children: action === 'prescription' && <PrescriptionTemplates />,
            },
          ]}
        />
      </Card>
    </div>
  );
}

function useDelete(remove: (ids: number[]) => Promise<unknown>) {
  const { t } = useTranslation('plans');
  const { message } = App.useApp();
  return async (id: number) => {
    try {
      await remove([id]);
      message.success(t('common:status.success', { action: t('common:action.delete') }));
    } catch (error) {
      showApiError(error, t('common:status.failure', { action: t('common:action.delete') }), message.error);
    }
  };
}

function CaseTemplates() {
  const { t } = useTranslation('plans');
  const can = usePermission();
  const list = useCaseTemplates();
  const save = useSaveCaseTemplate();
  const remove = useDelete(useDeleteCaseTemplates().mutateAsync);
  const [editing, setEditing] = useState<CaseTemplateRow | 'new' | null>(null);
  const [form] = Form.useForm();
  const open = (row: CaseTemplateRow | 'new') => {
    setEditing(row);
    form.resetFields();
    if (row !== 'new') form.setFieldsValue(row);
  };
  const current = editing !== 'new' ? editing : null;
  return (
    <>
      {can(PlanPerm.caseSave) && (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => open('new')}
          style={{ marginBottom: 12 }}
          data-testid="case-add"
        >
          {t('templates.addCase')}
        </Button>
      )}
      <Table<CaseTemplateRow>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 10, showTotal: (total) => t('templates.total', { total }) }}
        data-testid="case-table"
        columns={[
          { key: 'name', title: t('field.name'), dataIndex: 'name', width: 160 },
          { key: 'chiefComplaint', title: t('field.chiefComplaint'), dataIndex: 'chiefComplaint', width: 200 },
          { key: 'disease', title: t('field.disease'), dataIndex: 'diseaseName', width: 140 },
          { key: 'functioning', title: t('field.functioning'), dataIndex: 'functioningName', width: 140 },
          { key: 'tcm', title: t('field.tcmDiagnosis'), dataIndex: 'tcmDiagnosis', width: 120 },
          {
            key: 'updatedAt',
            title: t('field.updatedAt'),
            width: 140,
            render: (_, r) => dayjs(r.updatedAt).format('YYYY-MM-DD HH:mm'),
          },
          {
            key: 'actions',
            title: t('field.actions'),
            width: 120,
            fixed: 'right',
            render: (_, r) =>
              can(PlanPerm.caseSave) && (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => open(r)}>
                    {t('common:action.edit')}
                  </Button>
                  <KeyboardPopconfirm title={t('templates.deleteConfirm')} onConfirm={() => remove(r.id)}>
                    <Button type="link" size="small" danger data-testid="case-delete">
                      {t('common:action.delete')}
                    </Button>
                  </KeyboardPopconfirm>
                </Space>
              ),
          },
        ]}
      />
      <FormModal
        open={editing !== null}
        title={editing === 'new' ? t('templates.addCase') : t('templates.editCase')}
        form={form}
        testId="case-edit"
        action={editing === 'new' ? t('templates.addCase') : t('templates.editCase')}
        pending={save.isPending}
        onClose={() => setEditing(null)}
        onSubmit={(v) => save.mutateAsync({ ...v, id: current?.id })}
      >
        <Form.Item name="name" label={t('field.name')} required rules={[zodRule(caseFields.name, t('field.name'))]}>
          <Input maxLength={50} data-testid="case-edit-name" />
        </Form.Item>
        <Form.Item
          name="chiefComplaint"
          label={t('field.chiefComplaint')}
          rules={[zodRule(caseFields.chiefComplaint, t('field.chiefComplaint'))]}
        >
          <Input.TextArea maxLength={100} autoSize />
        </Form.Item>
        <Form.Item name="diseaseId" label={t('field.disease')}>
          <DiagnosisSelect kind="disease" currentName={current?.diseaseName} />
        </Form.Item>
        <Form.Item name="functioningId" label={t('field.functioning')}>
          <DiagnosisSelect kind="functioning" currentName={current?.functioningName} />
        </Form.Item>
        <Form.Item name="tcmDiagnosis" label={t('field.tcmDiagnosis')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="specialNotes" label={t('field.specialNotes')}>
          <Input maxLength={100} />
        </Form.Item>
      </FormModal>
    </>
  );
}

function PrescriptionTemplates() {
  const { t } = useTranslation('plans');
  const can = usePermission();
  const list = usePrescriptionTemplates();
  const save = useSavePrescriptionTemplate();
  const remove = useDelete(useDeletePrescriptionTemplates().mutateAsync);
  const [editing, setEditing] = useState<PrescriptionTemplateRow | null>(null);
  const [form] = Form.useForm<{ name: string; remark?: string }>();
  return (
    <>
      <Typography.Paragraph type="secondary">{t('templates.prescriptionHint')}</Typography.Paragraph>
      <Table<PrescriptionTemplateRow>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 10, showTotal: (total) => t('templates.total', { total }) }}
        data-testid="prescription-table"
        columns={[
          { key: 'name', title: t('field.name'), dataIndex: 'name', width: 160 },
          {
            key: 'items',
            title: t('linkage.projects'),
            render: (_, r) => (
              <Space size={[4, 4]} wrap>
                {r.items.map((i) => (
                  <Tag key={i.templateId}>{`${i.name} · ${i.frequency} × ${i.times}`}</Tag>
                ))}
              </Space>
            ),
          },
          { key: 'remark', title: t('field.remark'), dataIndex: 'remark', width: 140 },
          {
            key: 'actions',
            title: t('field.actions'),
            width: 120,
            fixed: 'right',
            render: (_, r) =>
              can(PlanPerm.prescriptionSave) && (
                <Space size={0}>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => {
                      setEditing(r);
                      form.setFieldsValue({ name: r.name, remark: r.remark ?? undefined });
                    }}
                  >
                    {t('common:action.edit')}
                  </Button>
                  <KeyboardPopconfirm title={t('templates.deleteConfirm')} onConfirm={() => remove(r.id)}>
                    <Button type="link" size="small" danger data-testid="prescription-delete">
                      {t('common:action.delete')}
                    </Button>
                  </KeyboardPopconfirm>
                </Space>
              ),
          },
        ]}
      />
      <FormModal
        open={editing !== null}
        title={t('templates.editPrescription')}
        form={form}
        testId="prescription-edit"
        action={t('templates.editPrescription')}
        pending={save.isPending}
        onClose={() => setEditing(null)}
        onSubmit={(v) =>
          save.mutateAsync({
            id: editing!.id,
            name: v.name,
            remark: v.remark,
            items: editing!.items.map((i) => ({
              templateId: i.templateId,
              quantity: i.quantity,
              times: i.times,
              frequency: i.frequency,
              duration: i.duration,
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
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="remark" label={t('field.remark')}>
          <Input maxLength={30} />
        </Form.Item>
      </FormModal>
    </>
  );
}
