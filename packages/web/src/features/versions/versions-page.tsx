import { useState } from 'react';
import { Alert, Button, Card, Input, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { SystemPerm, type VersionRow } from '@rehab/shared';
import { currentLocale } from '../../lib/locale';
import { usePermission } from '../../lib/session';
import { useVersionList } from './api/versions';
import { VersionFormModal } from './components/version-form-modal';
import { useTablePaging } from '../../components/use-table-paging';

const PAGE_SIZES = [10, 20, 50];

/** Versions (spec section 2, /system/version): the releases, their notes in both languages, the current one. */
export function VersionsPage() {
  const { t } = useTranslation('system');
  const can = usePermission();
  const locale = currentLocale();
  const { page, limit, setPage, pagination } = useTablePaging();
  const [search, setSearch] = useState('');
  const [form, setForm] = useState<{ open: boolean; row: VersionRow | null }>({ open: false, row: null });
  const list = useVersionList({ page, limit, ...(search ? { version: search } : {}) });
  const canSave = can(SystemPerm.versionSave);
  const canUpdate = can(SystemPerm.versionUpdate);

  const columns: ColumnsType<VersionRow> = [
    {
      key: 'version',
      title: t('version.columns.version'),
      dataIndex: 'version',
      width: 160,
      render: (v: string, row) => (
        <Space>
          <Typography.Text strong>{v}</Typography.Text>
          {row.isCurrent && (
            <Tag color="green" data-testid="current-tag">
              {t('version.current')}
            </Tag>
          )}
        </Space>
      ),
    },
    {
      key: 'releaseNote',
      title: t('version.columns.releaseNote'),
      ellipsis: { showTitle: true },
      render: (_, row) => (locale === 'en' && row.releaseNoteEn) || row.releaseNote,
    },
    {
      key: 'createdAt',
      title: t('version.columns.createdAt'),
      dataIndex: 'createdAt',
      width: 180,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
  ];
  if (canUpdate) {
    columns.push({
      key: 'actions',
      title: t('version.columns.actions'),
      width: 100,
      fixed: 'right',
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => setForm({ open: true, row })} data-testid="version-edit">
          {t('common:action.edit')}
        </Button>
      ),
    });
  }

  return (
    <div className="versions-page" style={{ display: 'flex', flexDirection: 'column', gap: 16 }} data-testid="versions">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('version.title')}
      </Typography.Title>
      <Card
        title={t('version.tableTitle')}
        extra={
          <Space wrap>
            <Input.Search
              allowClear
              maxLength={32}
              placeholder={t('version.search')}
              onSearch={(v) => {
                setSearch(v.trim());
                setPage(1);
              }}
              style={{ width: 220 }}
            />
            {canSave && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setForm({ open: true, row: null })}
                data-testid="version-add"
              >
                {t('version.add')}
              </Button>
            )}
          </Space>
        }
      >
        {list.isError && (
          <Alert type="error" showIcon title={t('version.loadFailed')} description={list.error.message} />
        )}
        <Table<VersionRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isLoading || (list.isFetching && list.isPlaceholderData)}
          scroll={{ x: 'max-content' }}
          pagination={pagination(list.data?.totalCount ?? 0, (total) => t('total', { total }), {
            pageSizeOptions: PAGE_SIZES,
          })}
          data-testid="version-table"
        />
      </Card>
      <VersionFormModal row={form.row} open={form.open} onClose={() => setForm((f) => ({ ...f, open: false }))} />
    </div>
  );
}
