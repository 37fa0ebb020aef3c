import { useState } from 'react';
import { App, Button, Segmented, Space, Table, Tag, Typography } from 'antd';
import { KeyboardPopconfirm } from '../../components/keyboard-popconfirm';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { BreakPerm, type BreakRow, type BreakState } from '@rehab/shared';
import { useTablePaging } from '../../components/use-table-paging';
import { ListPage, TableCard } from '../../components/list-page';
import { ApiError } from '../../lib/api';
import { usePermission } from '../../lib/session';
import { useBreakAction, useBreakList, type BreakAction } from './api/break';
import { BreakFormModal } from './components/break-form-modal';
import './break.css';

const STATE_COLORS: Record<BreakState, string> = { upcoming: 'gold', active: 'red', past: 'default' };

/**
 * Maintenance windows (/system/break): the super administrator announces when the system is down for maintenance
 * (the login page and the signed-in shell show it from 24 hours ahead) and whether sign-in pauses meanwhile. Times
 * are on the clinic's clock. Upcoming and active windows can be edited; an active one can be ended now.
 */
export function BreakPage() {
  const { t } = useTranslation('break');
  const { message } = App.useApp();
  const can = usePermission();
  const [state, setState] = useState<BreakState | 'all'>('all');
  const { page, limit, pagination, setPage } = useTablePaging();
  const list = useBreakList({ page, limit, state: state === 'all' ? undefined : state });
  const act = useBreakAction();
  const [form, setForm] = useState<{ open: boolean; row: BreakRow | null }>({ open: false, row: null });
  const timezone = list.data?.timezone ?? '';

  const run = async (action: BreakAction, row: BreakRow) => {
    const name = t(`action.${action}`);
    try {
      await act.mutateAsync({ action, id: row.id });
      message.success(t('common:status.success', { action: name }));
    } catch (error) {
      message.error((error instanceof ApiError && error.message) || t('common:status.failure', { action: name }));
    }
  };

  const columns: ColumnsType<BreakRow> = [
    {
      key: 'state',
      title: t('columns.state'),
      dataIndex: 'state',
      width: 96,
      render: (v: BreakState) => <Tag color={STATE_COLORS[v]}>{t(`state.${v}`)}</Tag>,
    },
    {
      key: 'time',
      title: t('columns.time'),
      width: 200,
      render: (_, row) => (
        <Space orientation="vertical" size={0} className="break-time">
          <span>{row.startTime}</span>
          <Typography.Text type="secondary">{t('until', { end: row.endTime })}</Typography.Text>
        </Space>
      ),
    },
    {
      key: 'message',
      title: t('columns.message'),
      render: (_, row) => (
        <Space orientation="vertical" size={2} className="break-message">
          <span lang="zh-CN">{row.messageZh}</span>
          <Typography.Text type="secondary" lang="en">
            {row.messageEn}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'blockSignIn',
      title: t('columns.blockSignIn'),
      dataIndex: 'blockSignIn',
      width: 120,
      render: (v: boolean) => (v ? <Tag color="volcano">{t('blocked')}</Tag> : <Tag>{t('notBlocked')}</Tag>),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      fixed: 'right',
      width: 170,
      render: (_, row) => (
        <Space size={0} wrap>
          {row.state !== 'past' && can(BreakPerm.update) && (
            <Button type="link" size="small" onClick={() => setForm({ open: true, row })} data-testid="break-edit">
              {t('common:action.edit')}
            </Button>
          )}
          {row.state === 'active' && can(BreakPerm.end) && (
            <KeyboardPopconfirm title={t('confirmEnd')} onConfirm={() => run('end', row)}>
              <Button type="link" size="small" data-testid="break-end-now">
                {t('action.end')}
              </Button>
            </KeyboardPopconfirm>
          )}
          {can(BreakPerm.delete) && (
            <KeyboardPopconfirm
              title={row.state === 'past' ? t('confirmDeletePast') : t('confirmDelete')}
              onConfirm={() => run('delete', row)}
            >
              <Button type="link" size="small" danger data-testid="break-delete">
                {row.state === 'past' ? t('common:action.delete') : t('action.cancel')}
              </Button>
            </KeyboardPopconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListPage title={t('title')} testId="break">
      <TableCard
        title={
          <Segmented<BreakState | 'all'>
            value={state}
            onChange={(v) => {
              setState(v);
              setPage(1);
            }}
            options={(['all', 'upcoming', 'active', 'past'] as const).map((v) => ({
              value: v,
              label: v === 'all' ? t('state.all') : t(`state.${v}`),
            }))}
            data-testid="break-state"
          />
        }
        extra={
          can(BreakPerm.save) && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setForm({ open: true, row: null })}
              data-testid="break-add"
            >
              {t('add')}
            </Button>
          )
        }
        lead={<Typography.Paragraph type="secondary">{t('intro', { zone: timezone })}</Typography.Paragraph>}
        error={list.error}
        errorTitle={t('loadFailed')}
      >
        <Table<BreakRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isLoading || (list.isFetching && list.isPlaceholderData)}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('empty') }}
          pagination={pagination(list.data?.totalCount ?? 0, (total) => t('total', { total }))}
          data-testid="break-table"
        />
      </TableCard>
      <BreakFormModal
        row={form.row}
        open={form.open}
        timezone={timezone}
        onClose={() => setForm((f) => ({ ...f, open: false }))}
      />
    </ListPage>
  );
}
