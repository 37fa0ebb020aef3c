import { useState } from 'react';
import { Alert, App, Badge, Button, Card, Form, Input, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { AdminPerm, RoleId, type AdminUserRow } from '@rehab/shared';
import { currentLocale, localName } from '../../lib/locale';
import { usePermission, useSession } from '../../lib/session';
import { useTablePaging } from '../../components/use-table-paging';
import {
  checkOnline,
  useOfficeOptions,
  useOrganizationOptions,
  useRemoveUser,
  useResetPassword,
  useRoleOptions,
  useUserGrade,
  useUserList,
  useUserStatus,
} from './api/users';
import { showApiError } from '../../lib/form-errors';
import { UserFormModal } from './components/user-form-modal';
import { SignatureModal } from './components/signature-modal';
import './administration.css';

type SearchValues = {
  organizationId?: number;
  name?: string;
  phone?: string;
  officeId?: number;
  roleId?: number;
  status?: number;
};

/** Users (spec section 2, /maintainSystem/user): staff accounts, their organizations, roles and departments. */
export function UsersPage() {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const can = usePermission();
  const { roleIdList, organization, user: me } = useSession();
  const locale = currentLocale();
  const isSuper = roleIdList.includes(RoleId.superAdmin);
  const [form] = Form.useForm<SearchValues>();
  const { page, limit, setPage, pagination } = useTablePaging();
  const [filters, setFilters] = useState<SearchValues>({});
  const [editing, setEditing] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const [signing, setSigning] = useState<AdminUserRow | null>(null);
  const list = useUserList({ ...filters, page, limit });
  const scopeOrg = filters.organizationId ?? organization?.id;
  const offices = useOfficeOptions(scopeOrg);
  const roles = useRoleOptions(scopeOrg);
  const organizations = useOrganizationOptions();
  const status = useUserStatus();
  const reset = useResetPassword();
  const grade = useUserGrade();
  const remove = useRemoveUser();

  const run = async (action: string, call: () => Promise<unknown>) => {
    try {
      await call();
      message.success(t('common:status.success', { action }));
    } catch (error) {
      showApiError(error, t('common:status.failure', { action }), message.error);
    }
  };

  const handleOnline = async (row: AdminUserRow) => {
    try {
      const state = await checkOnline(row.id);
      if (state.online) {
        message.info(
          t('user.onlineResult', {
            name: row.name,
            count: state.sessionCount,
            time: state.lastSeenAt ? dayjs(state.lastSeenAt).format('MM-DD HH:mm') : '-',
          }),
        );
      } else message.info(t('user.offlineResult', { name: row.name }));
    } catch (error) {
      showApiError(error, t('loadFailed'), message.error);
    }
  };

  const handleSearch = (values: SearchValues) => {
    setFilters(Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== '')));
    setPage(1);
  };

  const columns: ColumnsType<AdminUserRow> = [
    {
      key: 'name',
      title: t('user.name'),
      width: 150,
      render: (_, row) => (
        <Space size={6}>
          <Badge
            status={row.online ? 'success' : 'default'}
            title={row.online ? t('user.online') : t('user.offline')}
          />
          <Typography.Text strong>{row.name}</Typography.Text>
        </Space>
      ),
    },
    { key: 'phone', title: t('user.phone'), dataIndex: 'phone', width: 130 },
    { key: 'email', title: t('user.email'), dataIndex: 'email', width: 200, render: (v) => v || '-' },
    {
      key: 'roles',
      title: t('user.roles'),
      render: (_, row) =>
        row.roles.length ? (
          <Space size={[0, 4]} wrap>
            {row.roles.map((r) => (
              <Tag key={r.id} color={r.id === RoleId.orgAdmin || r.id === RoleId.superAdmin ? 'gold' : 'blue'}>
                {localName(r, locale)}
              </Tag>
            ))}
          </Space>
        ) : (
          '-'
        ),
    },
    {
      key: 'offices',
      title: t('user.offices'),
      render: (_, row) => row.offices.map((o) => localName(o, locale)).join('、') || '-',
    },
    ...(isSuper
      ? [
          {
            key: 'organizations',
            title: t('user.organizations'),
            render: (_: unknown, row: AdminUserRow) => row.organizations.map((o) => localName(o, locale)).join('、'),
          },
        ]
      : []),
    {
      key: 'status',
      title: t('user.status'),
      dataIndex: 'status',
      width: 90,
      render: (v: number) => (
        <Tag color={v === 1 ? 'success' : 'default'}>{v === 1 ? t('enabled') : t('disabled')}</Tag>
      ),
    },
    {
      key: 'signature',
      title: t('user.signature'),
      width: 90,
      render: (_, row) => (row.hasSignature ? <Tag color="processing">{t('yes')}</Tag> : t('no')),
    },
    {
      key: 'actions',
      title: t('actions'),
      fixed: 'right',
      width: 300,
      render: (_, row) => {
        // the platform's own account is the super administrator's to change
        const locked = !isSuper && row.roles.some((r) => r.id === RoleId.superAdmin);
        const self = row.id === me?.id || locked;
        const isAdmin = row.roles.some((r) => r.id === RoleId.orgAdmin);
        return (
          <Space size={0} wrap className="admin-actions">
            {can(AdminPerm.userUpdate) && !locked && (
              <Button
                type="link"
                size="small"
                onClick={() => setEditing({ open: true, id: row.id })}
                data-testid="user-edit"
              >
                {t('edit')}
              </Button>
            )}
            {can(AdminPerm.userStatus) && !self && (
              <Popconfirm
                title={t(row.status === 1 ? 'user.disableConfirm' : 'user.enableConfirm', { name: row.name })}
                onConfirm={() =>
                  run(t(row.status === 1 ? 'user.disable' : 'user.enable'), () =>
                    status.mutateAsync({ id: row.id, status: row.status === 1 ? 0 : 1 }),
                  )
                }
              >
                <Button type="link" size="small" danger={row.status === 1} data-testid="user-status">
                  {row.status === 1 ? t('user.disable') : t('user.enable')}
                </Button>
              </Popconfirm>
            )}
            {can(AdminPerm.userResetPassword) && !locked && (
              <Popconfirm
                title={t('user.resetConfirm', { name: row.name })}
                overlayStyle={{ maxWidth: 360 }}
                onConfirm={() => run(t('user.resetPassword'), () => reset.mutateAsync({ id: row.id }))}
              >
                <Button type="link" size="small" data-testid="user-reset">
                  {t('user.resetPassword')}
                </Button>
              </Popconfirm>
            )}
            {can(AdminPerm.userGrade) && !self && (
              <Popconfirm
                title={t(isAdmin ? 'user.demoteConfirm' : 'user.promoteConfirm', { name: row.name })}
                onConfirm={() =>
                  run(t(isAdmin ? 'user.demote' : 'user.promote'), () =>
                    grade.mutateAsync({ id: row.id, type: isAdmin ? 0 : 1 }),
                  )
                }
              >
                <Button type="link" size="small" data-testid="user-grade">
                  {isAdmin ? t('user.demote') : t('user.promote')}
                </Button>
              </Popconfirm>
            )}
            <Button type="link" size="small" onClick={() => handleOnline(row)} data-testid="user-online">
              {t('user.checkOnline')}
            </Button>
            {can(AdminPerm.userUpdate) && !locked && (
              <Button type="link" size="small" onClick={() => setSigning(row)} data-testid="user-signature">
                {t('user.signature')}
              </Button>
            )}
            {can(AdminPerm.userDelete) && !self && (
              <Popconfirm
                title={t('user.removeConfirm', { name: row.name })}
                overlayStyle={{ maxWidth: 360 }}
                onConfirm={() => run(t('user.remove'), () => remove.mutateAsync({ id: row.id }))}
              >
                <Button type="link" size="small" danger data-testid="user-remove">
                  {t('user.remove')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <div className="admin-page" data-testid="users-page">
      <Typography.Title level={4} className="admin-title">
        {t('user.title')}
      </Typography.Title>
      <Card className="admin-search-card" size="small">
        <Form form={form} layout="inline" className="admin-search" onFinish={handleSearch} data-testid="user-search">
          {isSuper && (
            <Form.Item name="organizationId" label={t('user.search.organization')}>
              <Select
                allowClear
                placeholder={t('user.allOrganizations')}
                options={(organizations.data ?? []).map((o) => ({ value: o.id, label: localName(o, locale) }))}
                onChange={() => form.setFieldsValue({ officeId: undefined, roleId: undefined })}
                popupMatchSelectWidth={false}
              />
            </Form.Item>
          )}
          <Form.Item name="name" label={t('user.search.name')}>
            <Input allowClear maxLength={64} data-testid="user-search-name" />
          </Form.Item>
          <Form.Item name="phone" label={t('user.search.phone')}>
            <Input allowClear maxLength={11} />
          </Form.Item>
          <Form.Item name="officeId" label={t('user.search.office')}>
            <Select
              allowClear
              options={(offices.data ?? []).map((o) => ({ value: o.id, label: localName(o, locale) }))}
              popupMatchSelectWidth={false}
            />
          </Form.Item>
          <Form.Item name="roleId" label={t('user.search.role')}>
            <Select
              allowClear
              options={(roles.data ?? []).map((r) => ({
                value: r.roleId,
                label: localName({ name: r.roleName, nameLang: r.roleNameLang }, locale),
              }))}
              popupMatchSelectWidth={false}
            />
          </Form.Item>
          <Form.Item name="status" label={t('user.search.status')}>
            <Select
              allowClear
              options={[
                { value: 1, label: t('enabled') },
                { value: 0, label: t('disabled') },
              ]}
            />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="user-search-submit">
                {t('common:action.search')}
              </Button>
              <Button
                icon={<ReloadOutlined />}
                onClick={() => {
                  form.resetFields();
                  handleSearch({});
                }}
              >
                {t('common:action.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      </Card>
      <Card
        title={t('user.tableTitle')}
        extra={
          can(AdminPerm.userSave) && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ open: true, id: null })}
              data-testid="user-add"
            >
              {t('user.add')}
            </Button>
          )
        }
      >
        {list.isError && <Alert type="error" showIcon title={t('loadFailed')} description={list.error.message} />}
        <Table<AdminUserRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isLoading || (list.isFetching && list.isPlaceholderData)}
          scroll={{ x: 'max-content' }}
          pagination={pagination(list.data?.totalCount ?? 0, (total) => t('total', { total }))}
          data-testid="user-table"
        />
      </Card>
      <UserFormModal
        open={editing.open}
        userId={editing.id}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
      <SignatureModal user={signing} onClose={() => setSigning(null)} />
    </div>
  );
}
