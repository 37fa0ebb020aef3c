import { useState } from 'react';
import { App, Button, Form, Input, Space, Table, Tag, Typography } from 'antd';
import { KeyboardPopconfirm } from '../../components/keyboard-popconfirm';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { AdminPerm, RoleId, type RoleRow } from '@rehab/shared';
import { currentLocale, localName } from '../../lib/locale';
import { usePermission, useSession } from '../../lib/session';
import { useTablePaging } from '../../components/use-table-paging';
import { ListPage, SearchCard, TableCard } from '../../components/list-page';
import { useDeleteRole, useRoleList } from './api/roles';
import { showApiError } from '../../lib/form-errors';
import { RoleFormModal } from './components/role-form-modal';
import './administration.css';

type SearchValues = { roleName?: string };

/** Roles (spec section 2, /maintainSystem/role): names in both languages and the menus each role grants. */
export function RolesPage() {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const can = usePermission();
  const { roleIdList } = useSession();
  const isSuper = roleIdList.includes(RoleId.superAdmin);
  const locale = currentLocale();
  const [form] = Form.useForm<SearchValues>();
  const { page, limit, setPage, pagination } = useTablePaging();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const list = useRoleList({ page, limit, ...(search ? { roleName: search } : {}) });
  const remove = useDeleteRole();

  const handleDelete = async (row: RoleRow) => {
    const action = t('delete');
    try {
      await remove.mutateAsync({ roleId: row.roleId });
      message.success(t('common:status.success', { action }));
    } catch (error) {
      showApiError(error, t('common:status.failure', { action }), message.error);
    }
  };

  const handleSearch = (values: SearchValues) => {
    setSearch(values.roleName?.trim() ?? '');
    setPage(1);
  };

  // platform roles are the super administrator's; role 1 holds every menu anyway
  const editable = (row: RoleRow) =>
    can(AdminPerm.roleUpdate) && row.roleId !== RoleId.superAdmin && (isSuper || row.organizationId !== null);

  const columns: ColumnsType<RoleRow> = [
    {
      key: 'name',
      title: t('role.name'),
      render: (_, row) => (
        <Space>
          <Typography.Text strong>
            {localName({ name: row.roleName, nameLang: row.roleNameLang }, locale)}
          </Typography.Text>
          {row.builtin && <Tag>{t('builtin')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'nameOther',
      title: locale === 'en' ? t('nameZh') : t('nameEn'),
      render: (_, row) => (locale === 'en' ? row.roleName : row.roleNameLang.en) || '-',
    },
    {
      key: 'scope',
      title: t('role.scope'),
      width: 120,
      render: (_, row) =>
        row.organizationId === null ? (
          <Tag color="purple">{t('role.platform')}</Tag>
        ) : (
          <Tag>{t('role.organization')}</Tag>
        ),
    },
    { key: 'users', title: t('role.users'), dataIndex: 'userCount', width: 90, align: 'right' },
    { key: 'remark', title: t('remark'), dataIndex: 'remark', render: (v) => v || '-' },
    {
      key: 'createdAt',
      title: t('createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
    {
      key: 'actions',
      title: t('actions'),
      width: 150,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0} className="admin-actions">
          {editable(row) && (
            <Button
              type="link"
              size="small"
              onClick={() => setEditing({ open: true, id: row.roleId })}
              data-testid="role-edit"
            >
              {t('edit')}
            </Button>
          )}
          {can(AdminPerm.roleDelete) && !row.builtin && (
            <KeyboardPopconfirm
              title={t('deleteConfirm', {
                name: localName({ name: row.roleName, nameLang: row.roleNameLang }, locale),
              })}
              onConfirm={() => handleDelete(row)}
            >
              <Button type="link" size="small" danger data-testid="role-delete">
                {t('delete')}
              </Button>
            </KeyboardPopconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListPage title={t('role.title')} testId="roles-page">
      <SearchCard<SearchValues> form={form} onSearch={handleSearch}>
        <Form.Item name="roleName" label={t('role.name')}>
          <Input allowClear maxLength={64} placeholder={t('role.search')} data-testid="role-search" />
        </Form.Item>
      </SearchCard>
      <TableCard
        title={t('role.tableTitle')}
        error={list.error}
        errorTitle={t('loadFailed')}
        extra={
          can(AdminPerm.roleSave) && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ open: true, id: null })}
              data-testid="role-add"
            >
              {t('role.add')}
            </Button>
          )
        }
      >
        <Table<RoleRow>
          rowKey="roleId"
          size="middle"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isLoading || (list.isFetching && list.isPlaceholderData)}
          scroll={{ x: 'max-content' }}
          pagination={pagination(list.data?.totalCount ?? 0, (total) => t('total', { total }))}
          data-testid="role-table"
        />
      </TableCard>
      <RoleFormModal
        open={editing.open}
        roleId={editing.id}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
    </ListPage>
  );
}
