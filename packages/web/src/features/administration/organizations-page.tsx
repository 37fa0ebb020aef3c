import { useMemo, useState } from 'react';
import { Alert, App, Button, Card, Input, Space, Table, Tag, Typography } from 'antd';
import { KeyboardPopconfirm } from '../../components/keyboard-popconfirm';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AdminPerm, type OrganizationNode } from '@rehab/shared';
import { currentLocale, localName } from '../../lib/locale';
import { usePermission } from '../../lib/session';
import { useDeleteOrganization, useOrganizationTree } from './api/organizations';
import { showApiError } from '../../lib/form-errors';
import { OrganizationFormModal, type OrganizationFormTarget } from './components/organization-form-modal';
import { OrganizationConfigModal } from './components/organization-config-modal';
import { RelationsModal } from './components/relations-modal';
import './administration.css';

const flatten = (list: OrganizationNode[]): OrganizationNode[] =>
  list.flatMap((o) => [o, ...flatten(o.children ?? [])]);

/**
 * Organizations (spec section 2, /maintainSystem/organizationMaintain): the tree of organizations with their
 * config (CA integration, product modules) and related organizations.
 */
export function OrganizationsPage() {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const can = usePermission();
  const locale = currentLocale();
  const [search, setSearch] = useState('');
  const tree = useOrganizationTree(search || undefined);
  const remove = useDeleteOrganization();
  const [editing, setEditing] = useState<OrganizationFormTarget | null>(null);
  const [configuring, setConfiguring] = useState<OrganizationNode | null>(null);
  const [relating, setRelating] = useState<OrganizationNode | null>(null);
  const all = useMemo(() => flatten(tree.data ?? []), [tree.data]);

  const handleDelete = async (row: OrganizationNode) => {
    const action = t('delete');
    try {
      await remove.mutateAsync({ id: row.id });
      message.success(t('common:status.success', { action }));
    } catch (error) {
      showApiError(error, t('common:status.failure', { action }), message.error);
    }
  };

  const columns: ColumnsType<OrganizationNode> = [
    {
      key: 'name',
      title: t('org.name'),
      width: 260,
      render: (_, row) => <Typography.Text strong>{localName(row, locale)}</Typography.Text>,
    },
    { key: 'contactName', title: t('org.contactName'), dataIndex: 'contactName', width: 110, render: (v) => v || '-' },
    {
      key: 'contactPhone',
      title: t('org.contactPhone'),
      dataIndex: 'contactPhone',
      width: 140,
      render: (v) => v || '-',
    },
    { key: 'address', title: t('org.address'), dataIndex: 'address', render: (v) => v || '-' },
    {
      key: 'status',
      title: t('org.status'),
      dataIndex: 'status',
      width: 90,
      render: (v: number) => (
        <Tag color={v === 1 ? 'success' : 'default'}>{v === 1 ? t('enabled') : t('disabled')}</Tag>
      ),
    },
    {
      key: 'ca',
      title: t('org.ca'),
      dataIndex: 'caIntegration',
      width: 80,
      render: (v: boolean) => (v ? <Tag color="processing">{t('org.on')}</Tag> : <Tag>{t('org.off')}</Tag>),
    },
    { key: 'users', title: t('org.users'), dataIndex: 'userCount', width: 80, align: 'right' },
    { key: 'offices', title: t('org.offices'), dataIndex: 'officeCount', width: 100, align: 'right' },
    {
      key: 'actions',
      title: t('actions'),
      width: 300,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0} wrap className="admin-actions">
          {can(AdminPerm.organizationSave) && (
            <Button
              type="link"
              size="small"
              onClick={() => setEditing({ parentId: row.id })}
              data-testid="org-add-child"
            >
              {t('org.addChild')}
            </Button>
          )}
          {can(AdminPerm.organizationUpdate) && (
            <Button type="link" size="small" onClick={() => setEditing({ organization: row })} data-testid="org-edit">
              {t('edit')}
            </Button>
          )}
          {can(AdminPerm.organizationConfig) && (
            <Button type="link" size="small" onClick={() => setConfiguring(row)} data-testid="org-config">
              {t('org.config')}
            </Button>
          )}
          {can(AdminPerm.relationList) && (
            <Button type="link" size="small" onClick={() => setRelating(row)} data-testid="org-relations">
              {t('org.relations')}
            </Button>
          )}
          {can(AdminPerm.organizationDelete) && (
            <KeyboardPopconfirm
              title={t('deleteConfirm', { name: localName(row, locale) })}
              onConfirm={() => handleDelete(row)}
            >
              <Button type="link" size="small" danger data-testid="org-delete">
                {t('delete')}
              </Button>
            </KeyboardPopconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="admin-page" data-testid="organizations-page">
      <Typography.Title level={4} className="admin-title">
        {t('org.title')}
      </Typography.Title>
      <Card
        title={t('org.tableTitle')}
        extra={
          <Space wrap>
            <Input.Search
              allowClear
              maxLength={50}
              placeholder={t('org.search')}
              onSearch={(v) => setSearch(v.trim())}
              style={{ width: 220 }}
              data-testid="org-search"
            />
            {can(AdminPerm.organizationSave) && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="org-add">
                {t('org.add')}
              </Button>
            )}
          </Space>
        }
      >
        {tree.isError && <Alert type="error" showIcon title={t('loadFailed')} description={tree.error.message} />}
        <Table<OrganizationNode>
          // remounted when organizations come or go, so that a new child shows expanded under its parent
          key={all.length}
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={tree.data ?? []}
          loading={tree.isLoading}
          scroll={{ x: 'max-content' }}
          pagination={false}
          expandable={{ defaultExpandAllRows: true }}
          data-testid="org-table"
        />
      </Card>
      <OrganizationFormModal target={editing} organizations={all} onClose={() => setEditing(null)} />
      <OrganizationConfigModal organization={configuring} onClose={() => setConfiguring(null)} />
      <RelationsModal
        organization={relating}
        organizations={all}
        editable={can(AdminPerm.relationSave)}
        onClose={() => setRelating(null)}
      />
    </div>
  );
}
