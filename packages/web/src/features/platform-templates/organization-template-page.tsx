import { useMemo, useState } from 'react';
import { App, Button, Checkbox, Descriptions, Form, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ImportOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  OrganizationTemplatePerm,
  entityByName,
  entityField,
  type EnumField,
  type Locale,
  type OrganizationTemplateRow,
} from '@rehab/shared';
import { ListPage, SearchCard, TableCard } from '../../components/list-page';
import { showApiError } from '../../lib/form-errors';
import { currentLocale } from '../../lib/locale';
import { usePermission } from '../../lib/session';
import { useImportTemplates, useOrganizationTemplates, useTemplateInfo } from './api/templates';

const entity = entityByName('platformTemplate')!;
const enumOf = (name: string) => entityField(entity, name) as EnumField;
const TREATMENT_PROJECTS = entityByName('projectTemplate')!.route;

type SearchValues = { typeList?: number[]; name?: string };

const optionLabel = (name: string, value: number | null, locale: Locale) =>
  enumOf(name).options.find((o) => o.value === value)?.label[locale] ?? '';

/**
 * Organization templates (/SubFirsScale/organizationTemplate): the treatment project templates the hospital group
 * maintains on the platform, by project type, each marked when this organization already has its copy. Chosen
 * ones are imported into the organization's own treatment projects (/maintainTreat/template), where they can be
 * adapted; the platform's later changes do not touch the copies.
 */
export function OrganizationTemplatePage() {
  const { t } = useTranslation('platformTemplates');
  const { message } = App.useApp();
  const locale = currentLocale();
  const can = usePermission();
  const canImport = can(OrganizationTemplatePerm.import);
  const [form] = Form.useForm<SearchValues>();
  const [query, setQuery] = useState<SearchValues>({ typeList: [] });
  const [selected, setSelected] = useState<number[]>([]);
  const [viewing, setViewing] = useState<number | null>(null);
  const list = useOrganizationTemplates({ typeList: query.typeList ?? [], name: query.name });
  const importTemplates = useImportTemplates();

  const typeOptions = useMemo(
    () => enumOf('projectType').options.map((o) => ({ value: o.value, label: o.label[locale] })),
    [locale],
  );
  const label = (field: string) => entityField(entity, field)!.label[locale];
  const nameOf = (r: OrganizationTemplateRow) => (locale === 'en' && r.nameEn) || r.name;

  const handleImport = async () => {
    const action = t('import');
    try {
      const result = await importTemplates.mutateAsync(selected);
      message.success(t('imported', { imported: result.imported, skipped: result.skipped }));
      setSelected([]);
    } catch (error) {
      showApiError(error, t('common:status.failure', { action }), message.error);
    }
  };

  const columns: ColumnsType<OrganizationTemplateRow> = [
    {
      title: label('name'),
      key: 'name',
      fixed: 'left',
      width: 200,
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <span>{nameOf(r)}</span>
          {r.code && <Typography.Text type="secondary">{r.code}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: label('projectType'),
      dataIndex: 'projectType',
      width: 150,
      render: (v: number) => optionLabel('projectType', v, locale),
    },
    { title: label('unitPrice'), dataIndex: 'unitPrice', width: 110, render: (v: number) => v.toFixed(2) },
    { title: label('unitName'), dataIndex: 'unitName', width: 100 },
    { title: label('duration'), dataIndex: 'duration', width: 120 },
    { title: label('frequency'), dataIndex: 'frequency', width: 110 },
    { title: label('times'), dataIndex: 'times', width: 100 },
    {
      title: t('state'),
      key: 'state',
      width: 120,
      render: (_, r) =>
        r.importedId ? (
          <Tag color="success" data-testid="template-imported">
            {t('stateImported')}
          </Tag>
        ) : (
          <Tag>{t('stateNew')}</Tag>
        ),
    },
    {
      title: t('actions'),
      key: 'actions',
      fixed: 'right',
      width: 150,
      render: (_, r) => (
        <Space size={4} style={{ whiteSpace: 'nowrap' }}>
          <Button type="link" size="small" onClick={() => setViewing(r.id)} data-testid="template-view">
            {t('view')}
          </Button>
          {r.importedId && <Link to={TREATMENT_PROJECTS}>{t('openCopy')}</Link>}
        </Space>
      ),
    },
  ];

  return (
    <ListPage title={t('title')} testId="organization-template-page">
      <Typography.Paragraph type="secondary" className="list-page-intro">
        {t('intro')}
      </Typography.Paragraph>
      <SearchCard<SearchValues>
        form={form}
        testId="template-search"
        onSearch={(v) => {
          setQuery({ typeList: v.typeList ?? [], name: v.name?.trim() || undefined });
          setSelected([]);
        }}
      >
        <Form.Item name="typeList" label={label('projectType')}>
          <Checkbox.Group options={typeOptions} data-testid="template-types" />
        </Form.Item>
        <Form.Item name="name" label={label('name')}>
          <Input allowClear maxLength={50} data-testid="template-search-name" />
        </Form.Item>
      </SearchCard>
      <TableCard
        title={t('tableTitle')}
        error={list.error}
        errorTitle={t('loadFailed')}
        extra={
          canImport && (
            <Button
              type="primary"
              icon={<ImportOutlined />}
              disabled={selected.length === 0}
              loading={importTemplates.isPending}
              onClick={() => void handleImport()}
              data-testid="template-import"
            >
              {selected.length > 0 ? t('importCount', { count: selected.length }) : t('import')}
            </Button>
          )
        }
      >
        <Table<OrganizationTemplateRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data ?? []}
          loading={list.isLoading || list.isFetching}
          scroll={{ x: 'max-content' }}
          rowSelection={
            canImport
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys as number[]),
                  getCheckboxProps: (r) => ({ disabled: r.importedId !== null }),
                }
              : undefined
          }
          pagination={{ pageSize: 20, showTotal: (total) => t('total', { total }), hideOnSinglePage: true }}
          data-testid="template-table"
        />
      </TableCard>
      <TemplateInfoModal id={viewing} onClose={() => setViewing(null)} />
    </ListPage>
  );
}

/** One platform template in full. */
function TemplateInfoModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('platformTemplates');
  const locale = currentLocale();
  const info = useTemplateInfo(id);
  const r = info.data;
  const label = (field: string) => entityField(entity, field)!.label[locale];
  const yes = (v: boolean) => (v ? t('yes') : t('no'));
  return (
    <Modal
      open={id !== null}
      title={t('infoTitle')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common:action.close')}</Button>}
      width={720}
      destroyOnHidden
    >
      {info.isError && <Typography.Text type="danger">{info.error.message}</Typography.Text>}
      {r && (
        <Descriptions column={2} size="small" bordered data-testid="template-info">
          <Descriptions.Item label={label('name')}>{r.name}</Descriptions.Item>
          <Descriptions.Item label={label('nameEn')}>{r.nameEn ?? ''}</Descriptions.Item>
          <Descriptions.Item label={label('code')}>{r.code ?? ''}</Descriptions.Item>
          <Descriptions.Item label={label('projectType')}>
            {optionLabel('projectType', r.projectType, locale)}
          </Descriptions.Item>
          <Descriptions.Item label={label('unitPrice')}>{r.unitPrice.toFixed(2)}</Descriptions.Item>
          <Descriptions.Item label={label('unitName')}>{r.unitName}</Descriptions.Item>
          <Descriptions.Item label={label('duration')}>{r.duration}</Descriptions.Item>
          <Descriptions.Item label={label('frequency')}>{r.frequency}</Descriptions.Item>
          <Descriptions.Item label={label('times')}>{r.times}</Descriptions.Item>
          <Descriptions.Item label={label('shortLong')}>
            {optionLabel('shortLong', r.shortLong, locale)}
          </Descriptions.Item>
          <Descriptions.Item label={label('bedside')}>{yes(r.bedside)}</Descriptions.Item>
          <Descriptions.Item label={label('linkName')}>{r.linkName ?? ''}</Descriptions.Item>
          <Descriptions.Item label={label('linkPrice')}>{r.linkPrice?.toFixed(2) ?? ''}</Descriptions.Item>
          <Descriptions.Item label={label('linkMethod')}>
            {optionLabel('linkMethod', r.linkMethod, locale)}
          </Descriptions.Item>
          <Descriptions.Item label={label('remark')} span={2}>
            {r.remark ?? ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('state')} span={2}>
            {r.importedId ? t('stateImported') : t('stateNew')}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}
