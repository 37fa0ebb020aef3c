import { useMemo, useState } from 'react';
import { App, Button, Card, Form, Input, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import { KeyboardPopconfirm } from '../../components/keyboard-popconfirm';
import { PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PlanPerm, linkageSaveSchema } from '@rehab/shared';
import { FormModal } from '../../components/form-modal';
import { useTablePaging } from '../../components/use-table-paging';
import { showApiError } from '../../lib/form-errors';
import { zodRule } from '../../lib/form-rules';
import { usePermission } from '../../lib/session';
import { useTemplates } from './api';
import { DiagnosisSelect } from './diagnosis-select';
import { useDeleteLinkages, useLinkages, useSaveLinkage, type LinkageRow } from './plans-api';
import './patients.css';

type Values = { diseaseId?: number; functioningId?: number; templateIds: number[]; remark?: string };
type ByProject = { templateId: number; name: string; linkages: LinkageRow[] };

export const LINKAGE_PATH = '/maintainTreat/linkageProject';
export const PROJECT_LINKAGE_PATH = '/maintainTreat/projectLinkage';

/**
 * Project linkage (/maintainTreat/linkageProject): which project templates the recommended plan proposes for a
 * disease, a function diagnosis, or the pair. /maintainTreat/projectLinkage shows the same linkages by project.
 */
export function LinkagePage() {
  const { t } = useTranslation('plans');
  const { message } = App.useApp();
  const can = usePermission();
  const location = useLocation();
  const navigate = useNavigate();
  const byProject = location.pathname.startsWith(PROJECT_LINKAGE_PATH);
  const [search, setSearch] = useState<{ diseaseId?: number; functioningId?: number }>({});
  const [searchForm] = Form.useForm<{ diseaseId?: number; functioningId?: number }>();
  const { page, limit, setPage, pagination } = useTablePaging();
  const linkages = useLinkages(search, byProject ? 1 : page, byProject ? 1000 : limit);
  const templates = useTemplates();
  const save = useSaveLinkage();
  const remove = useDeleteLinkages();
  const [editing, setEditing] = useState<LinkageRow | 'new' | null>(null);
  const [form] = Form.useForm<Values>();

  const open = (row: LinkageRow | 'new') => {
    setEditing(row);
    form.resetFields();
    if (row !== 'new')
      form.setFieldsValue({
        diseaseId: row.diseaseId ?? undefined,
        functioningId: row.functioningId ?? undefined,
        templateIds: row.projects.map((p) => p.templateId),
        remark: row.remark ?? undefined,
      });
  };

  const projectsView = useMemo<ByProject[]>(() => {
    const map = new Map<number, ByProject>();
    for (const l of linkages.data?.list ?? [])
      for (const p of l.projects) {
        const entry = map.get(p.templateId) ?? { templateId: p.templateId, name: p.name, linkages: [] };
        entry.linkages.push(l);
        map.set(p.templateId, entry);
      }
    return [...map.values()].sort((a, b) => a.name.localeCompare(b.name));
  }, [linkages.data]);

  const diagnosis = (l: LinkageRow) => [l.diseaseName, l.functioningName].filter(Boolean).join(' + ') || '-';

  const columns: ColumnsType<LinkageRow> = [
    {
      key: 'disease',
      title: t('field.disease'),
      width: 180,
      render: (_, r) => r.diseaseName ?? <Typography.Text type="secondary">{t('linkage.any')}</Typography.Text>,
    },
    {
      key: 'functioning',
      title: t('field.functioning'),
      width: 180,
      render: (_, r) => r.functioningName ?? <Typography.Text type="secondary">{t('linkage.any')}</Typography.Text>,
    },
    {
      key: 'projects',
      title: t('linkage.projects'),
      render: (_, r) => (
        <Space size={[4, 4]} wrap>
          {r.projects.map((p) => (
            <Tag key={p.templateId}>{p.name}</Tag>
          ))}
        </Space>
      ),
    },
    { key: 'remark', title: t('field.remark'), dataIndex: 'remark', width: 160 },
    {
      key: 'actions',
      title: t('field.actions'),
      width: 130,
      render: (_, r) => (
        <Space size={0}>
          {can(PlanPerm.linkageSave) && (
            <Button type="link" size="small" onClick={() => open(r)} data-testid="linkage-edit">
              {t('common:action.edit')}
            </Button>
          )}
          {can(PlanPerm.linkageDelete) && (
            <KeyboardPopconfirm
              title={t('linkage.deleteConfirm')}
              onConfirm={async () => {
                try {
                  await remove.mutateAsync([r.id]);
                  message.success(t('common:status.success', { action: t('common:action.delete') }));
                } catch (error) {
                  showApiError(error, t('common:status.failure', { action: t('common:action.delete') }), message.error);
                }
              }}
            >
              <Button type="link" size="small" danger data-testid="linkage-delete">
                {t('common:action.delete')}
              </Button>
            </KeyboardPopconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="pt-page" data-testid="linkage-page">
      <div className="pt-header">
        <Typography.Title level={4} className="pt-title">
          {t('linkage.title')}
        </Typography.Title>
        <Space wrap>
          <Segmented
            value={byProject ? 'project' : 'diagnosis'}
            onChange={(v) => navigate(v === 'project' ? PROJECT_LINKAGE_PATH : LINKAGE_PATH)}
            options={[
              { value: 'diagnosis', label: t('linkage.byDiagnosis') },
              { value: 'project', label: t('linkage.byProject') },
            ]}
            data-testid="linkage-view"
          />
          {can(PlanPerm.linkageSave) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')} data-testid="linkage-add">
              {t('linkage.add')}
            </Button>
          )}
        </Space>
      </div>
      <Card size="small">
        <Form
          form={searchForm}
          layout="inline"
          className="pt-actions"
          style={{ marginBottom: 12, rowGap: 8 }}
          onFinish={(v) => {
            setSearch({ diseaseId: v.diseaseId, functioningId: v.functioningId });
            setPage(1);
          }}
        >
          <Form.Item name="diseaseId" label={t('field.disease')}>
            <DiagnosisSelect kind="disease" testId="linkage-search-disease" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="functioningId" label={t('field.functioning')}>
            <DiagnosisSelect kind="functioning" testId="linkage-search-functioning" style={{ width: 200 }} />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" data-testid="linkage-search">
              {t('common:action.search')}
            </Button>
            <Button
              onClick={() => {
                searchForm.resetFields();
                setSearch({});
                setPage(1);
              }}
            >
              {t('common:action.reset')}
            </Button>
          </Space>
        </Form>
        {byProject ? (
          <Table<ByProject>
            rowKey="templateId"
            size="small"
            loading={linkages.isLoading}
            dataSource={projectsView}
            pagination={false}
            data-testid="project-linkage-table"
            columns={[
              { key: 'name', title: t('field.project'), dataIndex: 'name', width: 220 },
              {
                key: 'diagnoses',
                title: t('linkage.recommendedFor'),
                render: (_, p) => (
                  <Space size={[4, 4]} wrap>
                    {p.linkages.map((l) => (
                      <Tag key={l.id} color="blue">
                        {diagnosis(l)}
                      </Tag>
                    ))}
                  </Space>
                ),
              },
            ]}
          />
        ) : (
          <Table<LinkageRow>
            rowKey="id"
            size="small"
            loading={linkages.isLoading}
            dataSource={linkages.data?.list ?? []}
            columns={columns}
            scroll={{ x: 'max-content' }}
            pagination={pagination(linkages.data?.totalCount ?? 0, (total) => t('linkage.total', { total }))}
            data-testid="linkage-table"
          />
        )}
      </Card>
      <FormModal
        open={editing !== null}
        title={editing === 'new' ? t('linkage.add') : t('linkage.edit')}
        form={form}
        testId="linkage"
        action={editing === 'new' ? t('linkage.add') : t('linkage.edit')}
        pending={save.isPending}
        width={640}
        onClose={() => setEditing(null)}
        onSubmit={(v) => save.mutateAsync({ ...v, id: editing === 'new' ? undefined : editing?.id })}
      >
        <Typography.Paragraph type="secondary">{t('linkage.hint')}</Typography.Paragraph>
        <Form.Item name="diseaseId" label={t('field.disease')}>
          <DiagnosisSelect
            kind="disease"
            testId="linkage-disease"
            currentName={editing !== 'new' ? editing?.diseaseName : undefined}
          />
        </Form.Item>
        <Form.Item
          name="functioningId"
          label={t('field.functioning')}
          dependencies={['diseaseId']}
          rules={[
            {
              validator: async (_r, value) => {
                if (value === undefined && form.getFieldValue('diseaseId') === undefined)
                  throw new Error(t('linkage.diagnosisRequired'));
              },
            },
          ]}
        >
          <DiagnosisSelect
            kind="functioning"
            testId="linkage-functioning"
            currentName={editing !== 'new' ? editing?.functioningName : undefined}
          />
        </Form.Item>
        <Form.Item
          name="templateIds"
          label={t('linkage.projects')}
          required
          rules={[zodRule(linkageSaveSchema.shape.templateIds, t('linkage.projects'))]}
        >
          <Select
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            options={(templates.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
            data-testid="linkage-templates"
          />
        </Form.Item>
        <Form.Item name="remark" label={t('field.remark')}>
          <Input maxLength={30} />
        </Form.Item>
      </FormModal>
    </div>
  );
}
