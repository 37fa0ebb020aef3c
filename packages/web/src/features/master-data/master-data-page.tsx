import { useMemo, useState } from 'react';
import { Alert, App, Badge, Button, Card, Empty, Result, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import {
  columnLabel,
  entityByRoute,
  entityField,
  entityPermissions,
  type EntityDescriptor,
  type EntityRow,
  type Locale,
} from '@rehab/shared';
import { ApiError } from '../../lib/api';
import { currentLocale } from '../../lib/locale';
import { usePermission } from '../../lib/session';
import { useDeleteEntities } from './api/delete-entities';
import { fetchExportRows, useEntityList } from './api/entity-list';
import { cellText, tableText } from './cell-text';
import type { ColumnDef } from '../../components/table-tools/column-settings';
import { useColumnChoice } from '../../components/table-tools/use-column-choice';
import { TableTools } from '../../components/table-tools/table-tools';
import { EntityFormModal } from './components/entity-form-modal';
import { SearchBar } from './components/search-bar';
import { hasPictures, useProductCovers } from './product-pictures/api';
import { CoverCell } from './product-pictures/product-pictures';
import { downloadExcel, exportFileName } from '../../lib/export-excel';
import './master-data.css';
import { useTablePaging } from '../../components/use-table-paging';

const SYSTEM_COLUMN_WIDTH = 180;

/**
 * The one screen of every master-data entity (spec section 2, /maintainOffice, /maintainTreat, /maintainSystem):
 * the route names the entity, whose descriptor gives the table, the search form and the edit form.
 */
export function MasterDataPage() {
  const { t } = useTranslation('master-data');
  const matches = useMatches();
  const route = [...matches].reverse().find((m) => (m.handle as { menu?: string } | undefined)?.menu);
  const entity = entityByRoute((route?.handle as { menu: string } | undefined)?.menu ?? '');
  if (!entity) return <Result status="404" title={t('notFound')} />;
  return <EntityScreen key={entity.name} entity={entity} />;
}

function EntityScreen({ entity }: { entity: EntityDescriptor }) {
  const { t } = useTranslation('master-data');
  const { message, modal } = App.useApp();
  const locale: Locale = currentLocale();
  const can = usePermission();
  const perms = entityPermissions(entity);
  const canSave = can(perms.save);
  const canUpdate = can(perms.update);
  const canDelete = can(perms.delete);
  const label = entity.label[locale];
  const words = { yes: t('bool.yes'), no: t('bool.no') };

  const { page, limit, setPage, pagination } = useTablePaging();
  const [search, setSearch] = useState<Record<string, unknown>>({});
  const [selected, setSelected] = useState<number[]>([]);
  const [form, setForm] = useState<{ open: boolean; row: EntityRow | null }>({ open: false, row: null });
  const [exporting, setExporting] = useState(false);

  const list = useEntityList(entity, { page, limit, search });
  const pictures = hasPictures(entity);
  const covers = useProductCovers(
    (list.data?.list ?? []).map((r) => r.id),
    pictures,
  );
  const remove = useDeleteEntities(entity);

  const columnDefs: ColumnDef[] = useMemo(
    () => entity.columns.map((c) => ({ prop: c.field, width: c.width, fixed: c.fixed })),
    [entity],
  );
  const columnChoice = useColumnChoice(columnDefs, entity.name);
  const { settings } = columnChoice;
  const labels = useMemo(
    () => Object.fromEntries(entity.columns.map((c) => [c.field, columnLabel(entity, c.field)[locale]])),
    [entity, locale],
  );
  const shown = settings.filter((s) => s.checked);

  const handleSearch = (values: Record<string, unknown>) => {
    setSearch(Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null && v !== '')));
    setPage(1);
    setSelected([]);
  };

  const confirmDelete = (ids: number[], name?: string) => {
    const action = t('actions.delete');
    modal.confirm({
      title: t('delete.title'),
      content: name
        ? t('delete.confirmOne', { entity: label, name })
        : t('delete.confirmMany', { entity: label, count: ids.length }),
      okText: t('actions.delete'),
      okButtonProps: { danger: true, 'data-testid': 'delete-confirm' } as never,
      cancelText: t('common:action.cancel'),
      width: 400,
      onOk: async () => {
        try {
          await remove.mutateAsync(ids);
          setSelected((s) => s.filter((id) => !ids.includes(id)));
          // a page emptied by the delete moves back one page
          const left = (list.data?.list ?? []).filter((r) => !ids.includes(r.id)).length;
          if (left === 0 && page > 1) setPage(page - 1);
          message.success(t('common:status.success', { action }));
        } catch (error) {
          message.error(error instanceof ApiError ? error.message : t('common:status.failure', { action }));
        }
      },
    });
  };

  const handleExport = async () => {
    setExporting(true);
    try {
      const rows = await fetchExportRows(entity, search);
      if (rows.length === 0) {
        message.info(t('export.empty'));
        return;
      }
      const props = shown.map((s) => s.prop);
      await downloadExcel(
        label,
        props.map((p) => labels[p]!),
        tableText(entity, props, rows, locale, words),
        exportFileName(label),
      );
      message.success(t('export.done', { count: rows.length }));
    } catch (error) {
      message.error(error instanceof ApiError ? error.message : t('export.failed'));
    } finally {
      setExporting(false);
    }
  };

  const columns: ColumnsType<EntityRow> = shown.map((s) => {
    const field = entityField(entity, s.prop);
    const tone = field?.type === 'enum';
    return {
      key: s.prop,
      dataIndex: s.prop,
      title: labels[s.prop],
      width: s.width ?? (field ? undefined : SYSTEM_COLUMN_WIDTH),
      fixed: s.fixed ?? undefined,
      ellipsis: { showTitle: true },
      render: (_: unknown, row: EntityRow) => {
        const text = cellText(entity, s.prop, row, locale, words);
        if (text === '') return <span className="md-empty-cell">-</span>;
        if (tone) {
          const option = field.options.find((o) => o.value === row[s.prop]);
          if (option?.tone) return <Badge status={option.tone} text={text} />;
        }
        return text;
      },
    };
  });
  if (pictures) {
    // the cover thumbnail beside the name (not a field of the descriptor: the pictures are rows of their own)
    columns.splice(columns.length > 0 && shown[0]?.fixed === 'left' ? 1 : 0, 0, {
      key: 'cover',
      title: t('pictures.column'),
      width: 96,
      render: (_: unknown, row: EntityRow) => {
        const cover = covers.get(row.id);
        return cover ? (
          <CoverCell pictureId={cover.pictureId} count={cover.count} name={String(row[entity.display] ?? '')} />
        ) : (
          <span className="md-empty-cell">-</span>
        );
      },
    });
  }
  if (canUpdate || canDelete) {
    columns.push({
      key: 'actions',
      title: t('table.actions'),
      fixed: 'right',
      width: 140,
      render: (_: unknown, row: EntityRow) => (
        <Space size={4}>
          {canUpdate && (
            <Button type="link" size="small" onClick={() => setForm({ open: true, row })} data-testid="row-edit">
              {t('common:action.edit')}
            </Button>
          )}
          {canDelete && (
            <Button
              type="link"
              size="small"
              danger
              onClick={() => confirmDelete([row.id], String(row[entity.display] ?? ''))}
              data-testid="row-delete"
            >
              {t('actions.delete')}
            </Button>
          )}
        </Space>
      ),
    });
  }

  const searching = Object.keys(search).length > 0;
  const empty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={searching ? t('table.noMatch') : t('table.empty', { entity: label })}
    >
      {!searching && canSave && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true, row: null })}>
          {t('actions.save')}
        </Button>
      )}
    </Empty>
  );

  return (
    <div className="md-page" data-testid={`master-data-${entity.name}`}>
      <div className="md-heading">
        <Typography.Text type="secondary" className="md-group">
          {t(`groups.${entity.group}`)}
        </Typography.Text>
        <Typography.Title level={4} className="md-title">
          {label}
        </Typography.Title>
      </div>

      {entity.search.length > 0 && (
        <Card className="md-search-card" size="small">
          <SearchBar entity={entity} locale={locale} onSearch={handleSearch} />
        </Card>
      )}

      <Card
        className="md-table-card"
        title={t('table.title', { entity: label })}
        extra={
          <Space wrap>
            {canSave && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setForm({ open: true, row: null })}
                data-testid="add-button"
              >
                {t('actions.save')}
              </Button>
            )}
            {canDelete && selected.length > 0 && (
              <Button
                danger
                icon={<DeleteOutlined />}
                onClick={() => confirmDelete(selected)}
                data-testid="batch-delete"
              >
                {t('delete.batch', { count: selected.length })}
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
        {list.isError && (
          <Alert
            type="error"
            showIcon
            className="md-error"
            title={t('error.loadFailed', { entity: label })}
            description={list.error.message}
            action={
              <Button size="small" onClick={() => void list.refetch()}>
                {t('error.retry')}
              </Button>
            }
          />
        )}
        <Table<EntityRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isLoading || columnChoice.loading || (list.isFetching && list.isPlaceholderData)}
          locale={{ emptyText: list.isLoading ? ' ' : empty }}
          scroll={{ x: 'max-content' }}
          rowSelection={
            canDelete
              ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]), columnWidth: 48 }
              : undefined
          }
          pagination={pagination(list.data?.totalCount ?? 0, (total) => t('table.total', { total }), {
            showQuickJumper: true,
          })}
          data-testid="entity-table"
        />
      </Card>

      <EntityFormModal
        entity={entity}
        locale={locale}
        row={form.row}
        open={form.open}
        onClose={() => setForm((f) => ({ ...f, open: false }))}
        onCreated={pictures && canUpdate ? (row) => setForm({ open: true, row }) : undefined}
      />
    </div>
  );
}
