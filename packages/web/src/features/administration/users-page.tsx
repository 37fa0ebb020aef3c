import { useMemo, useState } from 'react';
import { App, Badge, Button, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { KeyboardPopconfirm } from '../../components/keyboard-popconfirm';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { AdminPerm, RoleId, type AdminUserRow, type Locale } from '@rehab/shared';
import { downloadExcel, exportFileName } from '../../lib/export-excel';
import { currentLocale, localName } from '../../lib/locale';
import { usePermission, useSession } from '../../lib/session';
import { useOrganizationOptions } from '../../lib/queries/organization-options';
import { useTablePaging } from '../../components/use-table-paging';
import { ListPage, SearchCard, TableCard } from '../../components/list-page';
import type { ColumnDef } from '../../components/table-tools/column-settings';
import { useColumnChoice } from '../../components/table-tools/use-column-choice';
import { TableTools } from '../../components/table-tools/table-tools';
import {
  checkOnline,
  fetchAllUsers,
  useOfficeOptions,
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

/** The columns a user can show, hide and order (the actions column always shows, on the right). */
const COLUMN_PROPS = [
  'name',
  'phone',
  'email',
  'roles',
  'offices',
  'post',
  'organizations',
  'status',
  'signature',
] as const;
type ColumnProp = (typeof COLUMN_PROPS)[number];
const WIDTHS: Partial<Record<ColumnProp, number>> = {
  name: 150,
  phone: 130,
  email: 200,
  status: 90,
  signature: 90,
};

/** A user's post in the listed organization: post type / post small type, in the caller's language. */
export const postText = (row: AdminUserRow) =>
  [row.postTypeName, row.postSmallTypeName].filter((n): n is string => !!n).join(' / ');

/** The text of a cell, as the export writes it. */
function cellText(row: AdminUserRow, prop: ColumnProp, locale: Locale, t: (key: string) => string): string {
  const names = (list: { name: string; nameLang?: Record<string, string> }[]) =>
    list.map((x) => localName(x, locale)).join('、');
  switch (prop) {
    case 'name':
      return row.name;
    case 'phone':
      return row.phone;
    case 'email':
      return row.email ?? '';
    case 'roles':
      return names(row.roles);
    case 'offices':
      return names(row.offices);
    case 'post':
      return postText(row);
    case 'organizations':
      return names(row.organizations);
    case 'status':
      return row.status === 1 ? t('enabled') : t('disabled');
    case 'signature':
      return row.hasSignature ? t('yes') : t('no');
  }
}

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
  const [exporting, setExporting] = useState(false);
  const list = useUserList({ ...filters, page, limit });
  const scopeOrg = filters.organizationId ?? organization?.id;
  const offices = useOfficeOptions(scopeOrg);
  const roles = useRoleOptions(scopeOrg);
  const organizations = useOrganizationOptions();
  const status = useUserStatus();
  const reset = useResetPassword();
  const grade = useUserGrade();
  const remove = useRemoveUser();

  // the column chooser: the choice is kept per user on the server, as on the master-data screens
  const columnDefs: ColumnDef[] = useMemo(
    () =>
      COLUMN_PROPS.filter((prop) => isSuper || prop !== 'organizations').map((prop) => ({
        prop,
        width: WIDTHS[prop],
        fixed: prop === 'name' ? ('left' as const) : undefined,
      })),
    [isSuper],
  );
  const columnChoice = useColumnChoice(columnDefs, 'users', 'administration');
  const { settings } = columnChoice;
  const labels: Record<ColumnProp, string> = {
    name: t('user.name'),
    phone: t('user.phone'),
    email: t('user.email'),
    roles: t('user.roles'),
    offices: t('user.offices'),
    post: t('user.post'),
    organizations: t('user.organizations'),
    status: t('user.status'),
    signature: t('user.signature'),
  };
  const shown = settings.filter((s) => s.checked).map((s) => s.prop as ColumnProp);

  const handleExport = async () => {
    setExporting(true);
    try {
      const rows = await fetchAllUsers(filters);
      if (rows.length === 0) {
        message.info(t('master-data:export.empty'));
        return;
      }
      const title = t('user.title');
      await downloadExcel(
        title,
        shown.map((p) => labels[p]),
        rows.map((row) => shown.map((p) => cellText(row, p, locale, t))),
        exportFileName(title),
      );
      message.success(t('master-data:export.done', { count: rows.length }));
    } catch (error) {
      showApiError(error, t('master-data:export.failed'), message.error);
    } finally {
      setExporting(false);
    }
  };

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

  const columnOf: Record<ColumnProp, ColumnsType<AdminUserRow>[number]> = {
    name: {
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
    phone: { dataIndex: 'phone' },
    email: { dataIndex: 'email', render: (v) => v || '-' },
    roles: {
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
    offices: { render: (_, row) => cellText(row, 'offices', locale, t) || '-' },
    post: {
      render: (_, row) =>
        row.postTypeName ? (
          <span data-testid="user-post">
            {row.postTypeName}
            {row.postSmallTypeName && <Typography.Text type="secondary"> / {row.postSmallTypeName}</Typography.Text>}
          </span>
        ) : (
          '-'
        ),
    },
    organizations: { render: (_, row) => cellText(row, 'organizations', locale, t) },
    status: {
      dataIndex: 'status',
      render: (v: number) => (
        <Tag color={v === 1 ? 'success' : 'default'}>{v === 1 ? t('enabled') : t('disabled')}</Tag>
      ),
    },
    signature: { render: (_, row) => (row.hasSignature ? <Tag color="processing">{t('yes')}</Tag> : t('no')) },
  };

  const columns: ColumnsType<AdminUserRow> = [
    ...settings
      .filter((c) => c.checked)
      .map((c) => ({
        ...columnOf[c.prop as ColumnProp],
        key: c.prop,
        title: labels[c.prop as ColumnProp],
        width: c.width ?? undefined,
        fixed: c.fixed ?? undefined,
      })),
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
              <KeyboardPopconfirm
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
              </KeyboardPopconfirm>
            )}
            {can(AdminPerm.userResetPassword) && !locked && (
              <KeyboardPopconfirm
                title={t('user.resetConfirm', { name: row.name })}
                overlayStyle={{ maxWidth: 360 }}
                onConfirm={() => run(t('user.resetPassword'), () => reset.mutateAsync({ id: row.id }))}
              >
                <Button type="link" size="small" data-testid="user-reset">
                  {t('user.resetPassword')}
                </Button>
              </KeyboardPopconfirm>
            )}
            {can(AdminPerm.userGrade) && !self && (
              <KeyboardPopconfirm
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
              </KeyboardPopconfirm>
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
              <KeyboardPopconfirm
                title={t('user.removeConfirm', { name: row.name })}
                overlayStyle={{ maxWidth: 360 }}
                onConfirm={() => run(t('user.remove'), () => remove.mutateAsync({ id: row.id }))}
              >
                <Button type="link" size="small" danger data-testid="user-remove">
                  {t('user.remove')}
                </Button>
              </KeyboardPopconfirm>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <ListPage title={t('user.title')} testId="users-page">
      <SearchCard<SearchValues>
        form={form}
        onSearch={handleSearch}
        testId="user-search"
        submitTestId="user-search-submit"
      >
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
          <Input allowClear maxLength={11} data-testid="user-search-phone" />
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
      </SearchCard>
      <TableCard
        title={t('user.tableTitle')}
        error={list.error}
        errorTitle={t('loadFailed')}
        extra={
          <Space wrap>
            {can(AdminPerm.userSave) && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setEditing({ open: true, id: null })}
                data-testid="user-add"
              >
                {t('user.add')}
              </Button>
            )}
            <TableTools
              exporting={exporting}
              onExport={handleExport}
              list={list}
              columns={columnChoice}
              labels={labels}
            />
          </Space>
        }
      >
        <Table<AdminUserRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isLoading || columnChoice.loading || (list.isFetching && list.isPlaceholderData)}
          scroll={{ x: 'max-content' }}
          pagination={pagination(list.data?.totalCount ?? 0, (total) => t('total', { total }))}
          data-testid="user-table"
        />
      </TableCard>
      <UserFormModal
        open={editing.open}
        userId={editing.id}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
      <SignatureModal user={signing} onClose={() => setSigning(null)} />
    </ListPage>
  );
}
