import { useMemo, useState } from 'react';
import { Alert, App, Button, Card, Space, Table, Tag, Typography } from 'antd';
import { KeyboardPopconfirm } from '../../components/keyboard-popconfirm';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AdminPerm, type AdminMenuNode } from '@rehab/shared';
import { currentLocale, localName } from '../../lib/locale';
import { usePermission } from '../../lib/session';
import { useDeleteMenu, useMenuTree } from './api/menus';
import { showApiError } from '../../lib/form-errors';
import { MenuFormModal, type MenuFormTarget } from './components/menu-form-modal';
import './administration.css';

type Row = Omit<AdminMenuNode, 'children'> & { children?: Row[] };
const TYPE_COLOR = ['default', 'blue', 'orange'] as const;

/** antd shows an expand icon for any `children`, even empty: leaves get none. */
const toRows = (list: AdminMenuNode[]): Row[] =>
  list.map(({ children, ...n }) => (children.length ? { ...n, children: toRows(children) } : n));

/** Menus (spec section 2, /maintainSystem/menu): the tree of directories, screens and buttons with their codes. */
export function MenusPage() {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const can = usePermission();
  const locale = currentLocale();
  const tree = useMenuTree();
  const remove = useDeleteMenu();
  const [target, setTarget] = useState<MenuFormTarget | null>(null);
  const rows = useMemo(() => toRows(tree.data ?? []), [tree.data]);

  const handleDelete = async (row: Row) => {
    const action = t('delete');
    try {
      await remove.mutateAsync({ menuId: row.menuId });
      message.success(t('common:status.success', { action }));
    } catch (error) {
      showApiError(error, t('common:status.failure', { action }), message.error);
    }
  };

  const columns: ColumnsType<Row> = [
    {
      key: 'name',
      title: t('menu.name'),
      width: 280,
      render: (_, row) => (
        <Space size={6}>
          <span data-testid="menu-name">{localName(row, locale)}</span>
          {row.builtin && <Tag bordered={false}>{t('builtin')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'type',
      title: t('menu.type'),
      dataIndex: 'type',
      width: 90,
      render: (v: number) => <Tag color={TYPE_COLOR[v]}>{t(`menu.types.${v}`)}</Tag>,
    },
    { key: 'icon', title: t('menu.icon'), dataIndex: 'icon', width: 160, render: (v) => v || '-' },
    { key: 'url', title: t('menu.url'), dataIndex: 'url', width: 240, render: (v) => v || '-' },
    {
      key: 'perms',
      title: t('menu.perms'),
      dataIndex: 'perms',
      ellipsis: { showTitle: true },
      render: (v: string | null) => (v ? <Typography.Text code>{v}</Typography.Text> : '-'),
    },
    { key: 'orderNum', title: t('menu.orderNum'), dataIndex: 'orderNum', width: 80, align: 'right' },
    {
      key: 'actions',
      title: t('actions'),
      width: 200,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0} className="admin-actions">
          {can(AdminPerm.menuSave) && row.type !== 2 && (
            <Button type="link" size="small" onClick={() => setTarget({ parent: row })} data-testid="menu-add-child">
              {t('menu.addChild')}
            </Button>
          )}
          {can(AdminPerm.menuUpdate) && (
            <Button type="link" size="small" onClick={() => setTarget({ menu: row })} data-testid="menu-edit">
              {t('edit')}
            </Button>
          )}
          {can(AdminPerm.menuDelete) && (
            <KeyboardPopconfirm
              title={t('deleteConfirm', { name: localName(row, locale) })}
              onConfirm={() => handleDelete(row)}
            >
              <Button type="link" size="small" danger data-testid="menu-delete">
                {t('delete')}
              </Button>
            </KeyboardPopconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="admin-page" data-testid="menus-page">
      <Typography.Title level={4} className="admin-title">
        {t('menu.title')}
      </Typography.Title>
      <Alert type="info" showIcon title={t('menu.rules')} />
      <Card
        title={t('menu.tableTitle')}
        extra={
          can(AdminPerm.menuSave) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({})} data-testid="menu-add">
              {t('menu.add')}
            </Button>
          )
        }
      >
        {tree.isError && <Alert type="error" showIcon title={t('loadFailed')} description={tree.error.message} />}
        <Table<Row>
          rowKey="menuId"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={tree.isLoading}
          scroll={{ x: 'max-content' }}
          pagination={false}
          data-testid="menu-table"
        />
      </Card>
      <MenuFormModal target={target} tree={tree.data ?? []} onClose={() => setTarget(null)} />
    </div>
  );
}
