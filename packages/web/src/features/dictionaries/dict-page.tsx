import { useMemo, useState } from 'react';
import { Alert, App, Button, Card, Empty, Input, Menu, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { APP_DICTIONARIES, DICT_TYPES, DictPerm, type DictItemRow, type DictType } from '@rehab/shared';
import { ApiError } from '../../lib/api';
import { currentLocale } from '../../lib/locale';
import { usePermission } from '../../lib/session';
import { useDeleteDictItems, useDictEntries } from './api/dict-entries';
import { DictItemModal } from './components/dict-item-modal';
import './dict-page.css';

/**
 * Application dictionaries (spec section 2, /dict): every dictionary of spec section 3 with its entries in both
 * languages. Built-in entries are the product's and read-only; an extensible dictionary takes the organization's
 * own entries as well.
 */
export function DictPage() {
  const { t } = useTranslation('dict');
  const { message, modal } = App.useApp();
  const locale = currentLocale();
  const can = usePermission();
  const [type, setType] = useState<DictType>(DICT_TYPES[0]!);
  const [filter, setFilter] = useState('');
  const [form, setForm] = useState<{ open: boolean; row: DictItemRow | null }>({ open: false, row: null });
  const entries = useDictEntries(type);
  const remove = useDeleteDictItems();
  const dict = APP_DICTIONARIES[type];
  const typeLabel = dict.label[locale];
  const canSave = can(DictPerm.save) && dict.extensible;
  const canUpdate = can(DictPerm.update);
  const canDelete = can(DictPerm.delete);

  const types = useMemo(() => {
    const q = filter.trim().toLowerCase();
    return DICT_TYPES.filter(
      (k) =>
        !q ||
        k.toLowerCase().includes(q) ||
        APP_DICTIONARIES[k].label['zh-CN'].includes(q) ||
        APP_DICTIONARIES[k].label.en.toLowerCase().includes(q),
    );
  }, [filter]);

  const confirmDelete = (row: DictItemRow) => {
    modal.confirm({
      title: t('delete.title'),
      content: t('delete.confirm', { name: (locale === 'en' && row.valEn) || row.valZh }),
      okText: t('actions.delete'),
      okButtonProps: { danger: true, 'data-testid': 'dict-delete-confirm' } as never,
      cancelText: t('common:action.cancel'),
      width: 400,
      onOk: async () => {
        try {
          await remove.mutateAsync([row.id!]);
          message.success(t('common:status.success', { action: t('actions.delete') }));
        } catch (error) {
          message.error(error instanceof ApiError ? error.message : t('common:status.failure', { action: '' }));
        }
      },
    });
  };

  const columns: ColumnsType<DictItemRow> = [
    { key: 'k', title: t('columns.k'), dataIndex: 'k', width: 120, render: (v: string) => <code>{v}</code> },
    { key: 'valZh', title: t('columns.valZh'), dataIndex: 'valZh', ellipsis: { showTitle: true } },
    {
      key: 'valEn',
      title: t('columns.valEn'),
      dataIndex: 'valEn',
      ellipsis: { showTitle: true },
      render: (v: string) => v || <span className="dict-empty-cell">-</span>,
    },
    {
      key: 'source',
      title: t('columns.source'),
      width: 130,
      render: (_, row) =>
        row.builtin ? <Tag>{t('source.builtin')}</Tag> : <Tag color="blue">{t('source.organization')}</Tag>,
    },
    {
      key: 'sort',
      title: t('columns.sort'),
      dataIndex: 'sort',
      width: 90,
      render: (v: number | null) => v ?? <span className="dict-empty-cell">-</span>,
    },
  ];
  if (dict.extensible && (canUpdate || canDelete)) {
    columns.push({
      key: 'actions',
      title: t('columns.actions'),
      width: 140,
      render: (_, row) =>
        row.builtin ? (
          <span className="dict-empty-cell">-</span>
        ) : (
          <Space size={4}>
            {canUpdate && (
              <Button type="link" size="small" onClick={() => setForm({ open: true, row })} data-testid="dict-edit">
                {t('common:action.edit')}
              </Button>
            )}
            {canDelete && (
              <Button type="link" size="small" danger onClick={() => confirmDelete(row)} data-testid="dict-delete">
                {t('actions.delete')}
              </Button>
            )}
          </Space>
        ),
    });
  }

  return (
    <div className="dict-page" data-testid="dict-page">
      <div className="dict-heading">
        <Typography.Text type="secondary">{t('group')}</Typography.Text>
        <Typography.Title level={4} className="dict-title">
          {t('title')}
        </Typography.Title>
      </div>
      <div className="dict-layout">
        <Card size="small" title={t('types.title', { count: DICT_TYPES.length })} className="dict-types">
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('types.filter')}
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            data-testid="dict-type-filter"
          />
          {types.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('types.none')} />
          ) : (
            <Menu
              mode="inline"
              className="dict-type-menu"
              selectedKeys={[type]}
              onClick={({ key }) => setType(key as DictType)}
              items={types.map((k) => ({
                key: k,
                label: (
                  <span className="dict-type-item" data-testid={`dict-type-${k}`}>
                    <span className="dict-type-name">{APP_DICTIONARIES[k].label[locale]}</span>
                    <span className="dict-type-key">{k}</span>
                  </span>
                ),
              }))}
            />
          )}
        </Card>
        <Card
          className="dict-entries"
          title={
            <Space>
              <span data-testid="dict-current-title">{typeLabel}</span>
              <code className="dict-type-key">{type}</code>
              {dict.extensible ? <Tag color="blue">{t('extensible.yes')}</Tag> : <Tag>{t('extensible.no')}</Tag>}
            </Space>
          }
          extra={
            canSave && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setForm({ open: true, row: null })}
                data-testid="dict-add"
              >
                {t('actions.add')}
              </Button>
            )
          }
        >
          <Typography.Paragraph type="secondary" className="dict-hint">
            {dict.extensible ? t('hint.extensible') : t('hint.fixed')}
          </Typography.Paragraph>
          {entries.isError && (
            <Alert
              type="error"
              showIcon
              className="dict-error"
              title={t('error.loadFailed')}
              description={entries.error.message}
              action={
                <Button size="small" onClick={() => void entries.refetch()}>
                  {t('error.retry')}
                </Button>
              }
            />
          )}
          <Table<DictItemRow>
            rowKey={(row) => (row.builtin ? `b-${row.k}` : `o-${row.id}`)}
            size="middle"
            columns={columns}
            dataSource={entries.data ?? []}
            loading={entries.isLoading}
            pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
            scroll={{ x: 'max-content' }}
            data-testid="dict-table"
          />
        </Card>
      </div>
      <DictItemModal
        type={type}
        typeLabel={typeLabel}
        row={form.row}
        open={form.open}
        onClose={() => setForm((f) => ({ ...f, open: false }))}
      />
    </div>
  );
}
