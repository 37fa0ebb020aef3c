import { useState } from 'react';
import { App, Button, Form, Input, Select, Space, Table, Typography } from 'antd';
import { KeyboardPopconfirm } from '../../components/keyboard-popconfirm';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AdminPerm, type OfficeRow } from '@rehab/shared';
import { currentLocale, localName } from '../../lib/locale';
import { usePermission } from '../../lib/session';
import { useTablePaging } from '../../components/use-table-paging';
import { ListPage, SearchCard, TableCard } from '../../components/list-page';
import { useDeleteOffice, useOfficeList, useOfficeTypes } from './api/offices';
import { showApiError } from '../../lib/form-errors';
import { OfficeFormModal } from './components/office-form-modal';
import './administration.css';

type SearchValues = { name?: string; officeTypeId?: number };

/** Departments (spec section 2, /maintainOffice/office) of the current organization, with type and parent. */
export function OfficesPage() {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const can = usePermission();
  const locale = currentLocale();
  const [form] = Form.useForm<SearchValues>();
  const { page, limit, setPage, pagination } = useTablePaging();
  const [filters, setFilters] = useState<SearchValues>({});
  const [editing, setEditing] = useState<{ open: boolean; row: OfficeRow | null }>({ open: false, row: null });
  const list = useOfficeList({ ...filters, page, limit });
  const types = useOfficeTypes();
  const remove = useDeleteOffice();

  const handleDelete = async (row: OfficeRow) => {
    const action = t('delete');
    try {
      await remove.mutateAsync({ id: row.id });
      message.success(t('common:status.success', { action }));
    } catch (error) {
      showApiError(error, t('common:status.failure', { action }), message.error);
    }
  };
  const handleSearch = (values: SearchValues) => {
    setFilters({
      ...(values.name?.trim() ? { name: values.name.trim() } : {}),
      ...(values.officeTypeId ? { officeTypeId: values.officeTypeId } : {}),
    });
    setPage(1);
  };

  const columns: ColumnsType<OfficeRow> = [
    {
      key: 'name',
      title: t('office.name'),
      render: (_, row) => <Typography.Text strong>{localName(row, locale)}</Typography.Text>,
    },
    { key: 'parent', title: t('office.parent'), dataIndex: 'parentName', render: (v) => v || '-' },
    { key: 'type', title: t('office.type'), dataIndex: 'officeTypeName', render: (v) => v || '-' },
    { key: 'phone', title: t('office.phone'), dataIndex: 'phone', width: 140, render: (v) => v || '-' },
    { key: 'users', title: t('office.users'), dataIndex: 'userCount', width: 90, align: 'right' },
    { key: 'orderNum', title: t('sort'), dataIndex: 'orderNum', width: 80, align: 'right' },
    { key: 'remark', title: t('remark'), dataIndex: 'remark', render: (v) => v || '-' },
    {
      key: 'actions',
      title: t('actions'),
      width: 140,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0} className="admin-actions">
          {can(AdminPerm.officeUpdate) && (
            <Button type="link" size="small" onClick={() => setEditing({ open: true, row })} data-testid="office-edit">
              {t('edit')}
            </Button>
          )}
          {can(AdminPerm.officeDelete) && (
            <KeyboardPopconfirm
              title={t('deleteConfirm', { name: localName(row, locale) })}
              onConfirm={() => handleDelete(row)}
            >
              <Button type="link" size="small" danger data-testid="office-delete">
                {t('delete')}
              </Button>
            </KeyboardPopconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListPage title={t('office.title')} testId="offices-page">
      <SearchCard<SearchValues> form={form} onSearch={handleSearch}>
        <Form.Item name="name" label={t('office.search.name')}>
          <Input allowClear maxLength={50} data-testid="office-search-name" />
        </Form.Item>
        <Form.Item name="officeTypeId" label={t('office.search.type')}>
          <Select allowClear options={(types.data ?? []).map((o) => ({ value: o.id, label: o.name }))} />
        </Form.Item>
      </SearchCard>
      <TableCard
        title={t('office.tableTitle')}
        error={list.error}
        errorTitle={t('loadFailed')}
        extra={
          can(AdminPerm.officeSave) && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ open: true, row: null })}
              data-testid="office-add"
            >
              {t('office.add')}
            </Button>
          )
        }
      >
        <Table<OfficeRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isLoading || (list.isFetching && list.isPlaceholderData)}
          scroll={{ x: 'max-content' }}
          pagination={pagination(list.data?.totalCount ?? 0, (total) => t('total', { total }))}
          data-testid="office-table"
        />
      </TableCard>
      <OfficeFormModal
        open={editing.open}
        row={editing.row}
        types={types.data ?? []}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
    </ListPage>
  );
}
