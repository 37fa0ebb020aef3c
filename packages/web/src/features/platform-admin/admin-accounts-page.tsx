import { useState } from 'react';
import { App, Button, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { KeyboardPopconfirm } from '../../components/keyboard-popconfirm';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { PlatformAdminPerm, type AdminAccountRow } from '@rehab/shared';
import { ListPage, SearchCard, TableCard } from '../../components/list-page';
import { useTablePaging } from '../../components/use-table-paging';
import { ApiError } from '../../lib/api';
import { currentLocale, localName } from '../../lib/locale';
import { usePermission } from '../../lib/session';
import { useOrganizationOptions } from '../../lib/queries/organization-options';
import { useAdminAccountStatus, useAdminAccounts, useResetAdminPassword, useRevokeAdmin } from './api';
import { AdminAccountModal } from './admin-account-modal';
import './platform-admin.css';

type Filters = { organizationId?: number; keyword?: string; status?: number };

/**
 * Administrator accounts (/maintainSystem/adminAccount): the super administrator's list of the organization
 * administrators of every organization, with add (a new account or a promoted member), enable / disable, reset
 * password and revoke.
 */
export function AdminAccountsPage() {
  const { t } = useTranslation('platformAdmin');
  const { message } = App.useApp();
  const can = usePermission();
  const locale = currentLocale();
  const [search] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const { page, limit, setPage, pagination } = useTablePaging();
  const list = useAdminAccounts({ page, limit, ...filters });
  const organizations = useOrganizationOptions();
  const setStatus = useAdminAccountStatus();
  const reset = useResetAdminPassword();
  const revoke = useRevokeAdmin();
  const [adding, setAdding] = useState(false);

  const organizationOptions = (organizations.data ?? []).map((o) => ({ value: o.id, label: localName(o, locale) }));

  const act = async (action: string, call: () => Promise<unknown>) => {
    try {
      await call();
      message.success(t('common:status.success', { action }));
    } catch (error) {
      message.error((error instanceof ApiError && error.message) || t('common:status.failure', { action }));
    }
  };

  const columns: ColumnsType<AdminAccountRow> = [
    { key: 'name', title: t('account.columns.name'), dataIndex: 'name', width: 140 },
    { key: 'phone', title: t('account.columns.phone'), dataIndex: 'phone', width: 130 },
    { key: 'email', title: t('account.columns.email'), dataIndex: 'email', render: (v: string | null) => v || '-' },
    {
      key: 'organization',
      title: t('account.columns.organization'),
      render: (_, r) => localName({ name: r.organizationName, nameLang: r.organizationNameLang }, locale),
    },
    {
      key: 'otherRoles',
      title: t('account.columns.otherRoles'),
      render: (_, r) =>
        r.otherRoleNames.length
          ? r.otherRoleNames.map((role) => <Tag key={role.name}>{localName(role, locale)}</Tag>)
          : '-',
    },
    {
      key: 'status',
      title: t('account.columns.status'),
      dataIndex: 'status',
      width: 90,
      render: (v: number) =>
        v === 1 ? <Tag color="green">{t('account.status.enabled')}</Tag> : <Tag>{t('account.status.disabled')}</Tag>,
    },
    {
      key: 'createdAt',
      title: t('account.columns.createdAt'),
      dataIndex: 'createdAt',
      width: 110,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD'),
    },
    {
      key: 'actions',
      title: t('account.columns.actions'),
      fixed: 'right',
      width: 230,
      render: (_, r) => (
        <Space size={0} wrap>
          {can(PlatformAdminPerm.adminAccountStatus) && (
            <KeyboardPopconfirm
              title={
                r.status === 1
                  ? t('account.confirmDisable', { name: r.name })
                  : t('account.confirmEnable', { name: r.name })
              }
              onConfirm={() =>
                act(r.status === 1 ? t('account.disable') : t('account.enable'), () =>
                  setStatus.mutateAsync({ userId: r.userId, status: r.status === 1 ? 0 : 1 }),
                )
              }
            >
              <Button type="link" size="small" data-testid="admin-account-status">
                {r.status === 1 ? t('account.disable') : t('account.enable')}
              </Button>
            </KeyboardPopconfirm>
          )}
          {can(PlatformAdminPerm.adminAccountResetPassword) && (
            <KeyboardPopconfirm
              title={t('account.confirmReset', { name: r.name })}
              onConfirm={() => act(t('account.resetPassword'), () => reset.mutateAsync({ userId: r.userId }))}
            >
              <Button type="link" size="small" data-testid="admin-account-reset">
                {t('account.resetPassword')}
              </Button>
            </KeyboardPopconfirm>
          )}
          {can(PlatformAdminPerm.adminAccountRevoke) && (
            <KeyboardPopconfirm
              title={t('account.confirmRevoke', {
                name: r.name,
                organization: localName({ name: r.organizationName, nameLang: r.organizationNameLang }, locale),
              })}
              onConfirm={() =>
                act(t('account.revoke'), () =>
                  revoke.mutateAsync({ userId: r.userId, organizationId: r.organizationId }),
                )
              }
            >
              <Button type="link" size="small" danger data-testid="admin-account-revoke">
                {t('account.revoke')}
              </Button>
            </KeyboardPopconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListPage title={t('account.title')} testId="admin-accounts">
      <SearchCard<Filters>
        form={search}
        onSearch={(values) => {
          setFilters({ ...values, keyword: values.keyword?.trim() || undefined });
          setPage(1);
        }}
        testId="admin-account-search"
      >
        <Form.Item name="organizationId" label={t('account.columns.organization')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: 220 }}
            placeholder={t('account.allOrganizations')}
            options={organizationOptions}
            loading={organizations.isLoading}
            data-testid="admin-account-filter-organization"
          />
        </Form.Item>
        <Form.Item name="keyword" label={t('account.keyword')}>
          <Input allowClear maxLength={64} style={{ width: 200 }} placeholder={t('account.keywordPlaceholder')} />
        </Form.Item>
        <Form.Item name="status" label={t('account.columns.status')}>
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('account.status.all')}
            options={[
              { value: 1, label: t('account.status.enabled') },
              { value: 0, label: t('account.status.disabled') },
            ]}
          />
        </Form.Item>
      </SearchCard>
      <TableCard
        title={t('account.tableTitle')}
        extra={
          can(PlatformAdminPerm.adminAccountSave) && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setAdding(true)}
              data-testid="admin-account-add"
            >
              {t('account.add')}
            </Button>
          )
        }
        lead={<Typography.Paragraph type="secondary">{t('account.intro')}</Typography.Paragraph>}
        error={list.error}
        errorTitle={t('account.loadFailed')}
      >
        <Table<AdminAccountRow>
          rowKey={(r) => `${r.userId}-${r.organizationId}`}
          size="middle"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isLoading || (list.isFetching && list.isPlaceholderData)}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('account.empty') }}
          pagination={pagination(list.data?.totalCount ?? 0, (total) => t('total', { total }))}
          data-testid="admin-account-table"
        />
      </TableCard>
      <AdminAccountModal open={adding} organizations={organizationOptions} onClose={() => setAdding(false)} />
    </ListPage>
  );
}
