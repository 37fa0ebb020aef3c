import { useMemo, useState } from 'react';
import {
  App,
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { KeyboardPopconfirm } from '../../components/keyboard-popconfirm';
import { OrderedListOutlined, PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ASSESS_PHASES, methodSaveSchema, MethodPerm, type MethodRow, type ScaleSummary } from '@rehab/shared';
import { useTablePaging } from '../../components/use-table-paging';
import { FormModal } from '../../components/form-modal';
import { zodRule } from '../../lib/form-rules';
import { paths } from '../../lib/paths';
import { usePermission } from '../../lib/session';
import {
  useCatalogue,
  useDeleteMethod,
  useMethods,
  useSaveMethod,
  useUsedScaleCodes,
  type MethodSearch,
} from './api/methods';
import { ArrangeMethodsModal } from './components/arrange-methods-modal';
import { FilterSelect } from '../../components/filter-select';

type Values = {
  scaleCode?: string;
  name?: string;
  nameEn?: string;
  phases: number[];
  sort?: number | null;
  status: boolean;
  remark?: string;
};

const fields = methodSaveSchema.shape;
const scaleLink = (code: string) => paths.scale.replace(':code', encodeURIComponent(code));

/**
 * Assessment methods (/maintainSystem/assessTable): the scales of the library the organization assesses with, their
 * names, the phases each applies to, order and status. The assessment screens offer the enabled ones.
 */
export function MethodsPage() {
  const { t, i18n } = useTranslation('methods');
  const en = i18n.language === 'en';
  const { message } = App.useApp();
  const can = usePermission();
  const [searchForm] = Form.useForm<MethodSearch>();
  const [search, setSearch] = useState<MethodSearch>({});
  const { page, limit, setPage, pagination } = useTablePaging();
  const methods = useMethods(search, page, limit);
  const catalogue = useCatalogue();
  const used = useUsedScaleCodes();
  const save = useSaveMethod();
  const remove = useDeleteMethod();
  const [editing, setEditing] = useState<MethodRow | 'new' | null>(null);
  const [arranging, setArranging] = useState(false);
  const [form] = Form.useForm<Values>();

  const phaseLabel = (p: number) => t(`phase.${p}`);
  const scaleName = (s: ScaleSummary) => `${s.abbr} · ${en ? s.nameEn : s.nameZh}`;
  const available = useMemo(
    () => (catalogue.data ?? []).filter((s) => !(used.data ?? []).includes(s.code)),
    [catalogue.data, used.data],
  );

  const open = (row: MethodRow | 'new') => {
    setEditing(row);
    form.resetFields();
    if (row === 'new') form.setFieldsValue({ phases: [...ASSESS_PHASES], status: true });
    else
      form.setFieldsValue({
        scaleCode: row.scaleCode,
        name: row.name,
        nameEn: row.nameEn,
        phases: row.phases,
        sort: row.sort,
        status: row.status === 1,
        remark: row.remark ?? '',
      });
  };

  const toggle = async (row: MethodRow, enabled: boolean) => {
    try {
      await save.mutateAsync({ ...row, status: enabled ? 1 : 0 });
    } catch (error) {
      message.error(error instanceof Error ? error.message : t('common:status.failure'));
    }
  };

  const columns: ColumnsType<MethodRow> = [
    { title: t('sort'), dataIndex: 'sort', width: 70 },
    { title: t('abbr'), dataIndex: 'abbr', width: 110 },
    {
      title: t('name'),
      key: 'name',
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <span>{en ? r.nameEn : r.name}</span>
          {(en ? r.nameEn !== r.scaleNameEn : r.name !== r.scaleNameZh) && (
            <Typography.Text type="secondary">{en ? r.scaleNameEn : r.scaleNameZh}</Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('phases'),
      dataIndex: 'phases',
      width: 330,
      render: (ps: number[]) => ps.map((p) => <Tag key={p}>{phaseLabel(p)}</Tag>),
    },
    {
      title: t('status'),
      dataIndex: 'status',
      width: 90,
      render: (s: number, r) => (
        <Switch
          size="small"
          checked={s === 1}
          disabled={!can(MethodPerm.update)}
          aria-label={t('toggle', { name: r.abbr })}
          onChange={(on) => void toggle(r, on)}
        />
      ),
    },
    { title: t('remark'), dataIndex: 'remark', width: 140, render: (v: string | null) => v ?? '' },
    {
      title: t('actions'),
      key: 'actions',
      width: 260,
      render: (_, r) => (
        <Space size={4} style={{ whiteSpace: 'nowrap' }}>
          <Link to={scaleLink(r.scaleCode)}>{t('preview')}</Link>
          {can(MethodPerm.update) && (
            <Button type="link" size="small" onClick={() => open(r)}>
              {t('common:action.edit')}
            </Button>
          )}
          {can(MethodPerm.delete) && (
            <KeyboardPopconfirm
              title={t('deleteConfirm', { name: en ? r.nameEn : r.name })}
              onConfirm={async () => {
                try {
                  await remove.mutateAsync(r.id);
                  message.success(t('common:status.success', { action: t('common:action.delete') }));
                } catch (error) {
                  message.error(error instanceof Error ? error.message : '');
                }
              }}
            >
              <Button type="link" size="small" danger>
                {t('common:action.delete')}
              </Button>
            </KeyboardPopconfirm>
          )}
        </Space>
      ),
    },
  ];

  const phaseOptions = ASSESS_PHASES.map((p) => ({ value: p, label: phaseLabel(p) }));
  const statusOptions = [
    { value: 1, label: t('enabled') },
    { value: 0, label: t('disabled') },
  ];

  return (
    <Card title={t('title')}>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <Form
        form={searchForm}
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        onFinish={(v) => {
          setSearch({ keyword: v.keyword?.trim() || undefined, phase: v.phase, status: v.status });
          setPage(1);
        }}
      >
        <Form.Item name="keyword">
          <Input allowClear placeholder={t('keywordPlaceholder')} style={{ width: 240 }} maxLength={50} />
        </Form.Item>
        <Form.Item name="phase">
          <FilterSelect allowClear placeholder={t('phases')} options={phaseOptions} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="status">
          <FilterSelect allowClear placeholder={t('status')} options={statusOptions} style={{ width: 120 }} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
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
          {can(MethodPerm.save) && (
            <Button icon={<PlusOutlined />} onClick={() => open('new')}>
              {t('add')}
            </Button>
          )}
          {can(MethodPerm.updateProjects) && (
            <Button icon={<OrderedListOutlined />} onClick={() => setArranging(true)} data-testid="methods-arrange">
              {t('arrange')}
            </Button>
          )}
        </Space>
      </Form>
      <Table<MethodRow>
        rowKey="id"
        size="middle"
        loading={methods.isLoading}
        columns={columns}
        dataSource={methods.data?.list ?? []}
        locale={{
          emptyText: methods.isError
            ? t('common:error.loadFailed')
            : t(search.keyword || search.phase || search.status !== undefined ? 'noMatch' : 'empty'),
        }}
        pagination={pagination(methods.data?.totalCount ?? 0, (total) => t('total', { total }))}
        scroll={{ x: 900 }}
      />
      <FormModal
        open={editing !== null}
        title={editing === 'new' ? t('add') : t('edit')}
        width={560}
        form={form}
        testId="method"
        pending={save.isPending}
        action={t('common:action.save')}
        onClose={() => setEditing(null)}
        onSubmit={(v) => {
          const body = { ...v, scaleCode: v.scaleCode ?? '', status: v.status ? 1 : 0, sort: v.sort ?? null };
          return save.mutateAsync(editing && editing !== 'new' ? { id: editing.id, ...body } : body);
        }}
      >
        <Form.Item
          name="scaleCode"
          label={t('scale')}
          rules={[{ required: true, message: t('common:form.pleaseSelect', { label: t('scale') }) }]}
        >
          <Select
            showSearch
            disabled={editing !== 'new'}
            placeholder={t('scalePlaceholder')}
            optionFilterProp="search"
            loading={catalogue.isLoading}
            notFoundContent={t('noScaleLeft')}
            options={(editing === 'new' ? available : (catalogue.data ?? [])).map((s) => ({
              value: s.code,
              label: scaleName(s),
              search: `${s.code} ${s.abbr} ${s.nameZh} ${s.nameEn}`.toLowerCase(),
            }))}
            onChange={(code: string) => {
              const s = catalogue.data?.find((x) => x.code === code);
              if (s) form.setFieldsValue({ name: s.nameZh, nameEn: s.nameEn });
            }}
          />
        </Form.Item>
        <Form.Item name="name" label={t('nameZh')} rules={[zodRule(fields.name, t('nameZh'))]}>
          <Input maxLength={50} placeholder={t('nameDefault')} />
        </Form.Item>
        <Form.Item name="nameEn" label={t('nameEn')} rules={[zodRule(fields.nameEn, t('nameEn'))]}>
          <Input maxLength={100} placeholder={t('nameDefault')} />
        </Form.Item>
        <Form.Item name="phases" label={t('phases')} required rules={[zodRule(fields.phases, t('phases'))]}>
          <Checkbox.Group options={phaseOptions} />
        </Form.Item>
        <Space size="large" align="start">
          <Form.Item name="sort" label={t('sort')} rules={[zodRule(fields.sort, t('sort'))]}>
            <InputNumber min={1} max={9999} precision={0} placeholder={t('sortDefault')} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="status" label={t('status')} valuePropName="checked">
            <Switch checkedChildren={t('enabled')} unCheckedChildren={t('disabled')} />
          </Form.Item>
        </Space>
        <Form.Item name="remark" label={t('remark')} rules={[zodRule(fields.remark, t('remark'))]}>
          <Input maxLength={20} />
        </Form.Item>
      </FormModal>
      <ArrangeMethodsModal open={arranging} onClose={() => setArranging(false)} />
    </Card>
  );
}
