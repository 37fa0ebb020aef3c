import { useState } from 'react';
import { App, Badge, Button, DatePicker, Form, Input, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CheckOutlined, DeleteOutlined, EditOutlined, PaperClipOutlined, RollbackOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { MessagePerm, type MessageBox, type MessageListQuery, type MessageRow } from '@rehab/shared';
import { useTablePaging } from '../../components/use-table-paging';
import { ListPage, SearchCard, TableCard } from '../../components/list-page';
import { href, paths } from '../../lib/paths';
import { usePermission } from '../../lib/session';
import { useMessageAction, useMessageList } from './api/messages';
import './messages.css';

export const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

type SearchValues = {
  title?: string;
  sender?: string;
  sign?: 0 | 1;
  range?: [Dayjs | null, Dayjs | null] | null;
};
type Filters = Pick<MessageListQuery, 'title' | 'sender' | 'sign' | 'startTime' | 'endTime'>;

/** The search form as the list call takes it: empty text left out, the range as ISO 8601 times. */
export function toFilters(values: SearchValues): Filters {
  const filters: Filters = {};
  if (values.title?.trim()) filters.title = values.title.trim();
  if (values.sender?.trim()) filters.sender = values.sender.trim();
  if (values.sign === 0 || values.sign === 1) filters.sign = values.sign;
  const [start, end] = values.range ?? [];
  if (start) filters.startTime = start.toISOString();
  if (end) filters.endTime = end.toISOString();
  return filters;
}

/**
 * Inbox, sent box and recycle bin of the internal messages (/email/my-news), and the cost messages
 * (/email/costMessage, `category="cost"`): search by title, sender, time and read state; mark read; delete.
 */
export function MessageListPage({ category = 'mail' }: { category?: 'mail' | 'cost' }) {
  const { t } = useTranslation('messages');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const can = usePermission();
  const [form] = Form.useForm<SearchValues>();
  const { page, limit, setPage, pagination } = useTablePaging();
  const [box, setBox] = useState<MessageBox>('inbox');
  const [filters, setFilters] = useState<Filters>({});
  const [selected, setSelected] = useState<number[]>([]);
  const list = useMessageList({ ...filters, box, category, page, limit });
  const action = useMessageAction();
  const cost = category === 'cost';
  const received = box !== 'sent';
  const infoPath = (id: number) => href(cost ? paths.costInfo : paths.newsInfo, { emailId: id });

  const handleSearch = (values: SearchValues) => {
    setFilters(toFilters(values));
    setPage(1);
  };
  const handleReset = () => {
    setFilters({});
    setPage(1);
  };
  const run = async (name: 'updateSign' | 'updateAllSign' | 'recycleDelete' | 'recycleRestore', ids?: number[]) => {
    try {
      await action.mutateAsync({ action: name, ids });
      message.success(t(`done.${name}`));
      setSelected([]);
    } catch (err) {
      message.error((err as Error).message);
    }
  };

  const columns: ColumnsType<MessageRow> = [
    ...(received
      ? [
          {
            key: 'sign',
            title: t('columns.state'),
            dataIndex: 'sign',
            width: 100,
            render: (v: 0 | 1) =>
              v ? (
                <Tag>{t('state.read')}</Tag>
              ) : (
                <Badge status="processing" text={<strong>{t('state.unread')}</strong>} data-testid="unread-mark" />
              ),
          },
        ]
      : []),
    {
      key: 'title',
      title: t('columns.title'),
      dataIndex: 'title',
      render: (v: string, row) => (
        <Space>
          <Link to={infoPath(row.id)} className={row.sign ? undefined : 'msg-unread-title'} data-testid="message-title">
            {v}
          </Link>
          {row.category === 'execute' && <Tag color="orange">{t('category.execute')}</Tag>}
          {row.fileCount > 0 && (
            <Typography.Text type="secondary">
              <PaperClipOutlined /> {row.fileCount}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    received
      ? { key: 'sender', title: t('columns.sender'), dataIndex: 'senderName', width: 160 }
      : {
          key: 'recipients',
          title: t('columns.recipients'),
          dataIndex: 'recipientNames',
          width: 260,
          ellipsis: true,
          render: (v: string[]) => v.join(t('separator')),
        },
    {
      key: 'time',
      title: t('columns.time'),
      dataIndex: 'time',
      width: 180,
      render: (v: string) => dayjs(v).format(TIME_FORMAT),
    },
  ];

  const title = cost ? t('cost.title') : t('title');
  return (
    <ListPage
      title={title}
      testId={cost ? 'cost-messages' : 'my-news'}
      extra={
        !cost &&
        can(MessagePerm.save) && (
          <Button
            type="primary"
            icon={<EditOutlined />}
            onClick={() => navigate(href(paths.sendNews))}
            data-testid="compose"
          >
            {t('compose')}
          </Button>
        )
      }
    >
      <SearchCard<SearchValues>
        form={form}
        onSearch={handleSearch}
        onReset={handleReset}
        testId="message-search"
        submitTestId="search-submit"
      >
        <Form.Item name="title" label={t('columns.title')}>
          <Input allowClear maxLength={100} placeholder={t('search.title')} data-testid="search-title" />
        </Form.Item>
        {received && (
          <Form.Item name="sender" label={t('columns.sender')}>
            <Input allowClear maxLength={64} placeholder={t('search.sender')} data-testid="search-sender" />
          </Form.Item>
        )}
        {received && (
          <Form.Item name="sign" label={t('columns.state')}>
            <Select
              allowClear
              placeholder={t('search.all')}
              options={[
                { value: 0, label: t('state.unread') },
                { value: 1, label: t('state.read') },
              ]}
            />
          </Form.Item>
        )}
        <Form.Item name="range" label={t('search.range')}>
          <DatePicker.RangePicker showTime format={TIME_FORMAT} allowEmpty={[true, true]} />
        </Form.Item>
      </SearchCard>
      <TableCard
        lead={
          <>
            {!cost && (
              <Tabs
                activeKey={box}
                onChange={(key) => {
                  setBox(key as MessageBox);
                  setSelected([]);
                  setPage(1);
                }}
                items={(['inbox', 'sent', 'recycle'] as const).map((key) => ({ key, label: t(`box.${key}`) }))}
              />
            )}
            {received && (
              <Space className="msg-toolbar" wrap>
                {box === 'inbox' && (
                  <>
                    <Button
                      icon={<CheckOutlined />}
                      disabled={selected.length === 0}
                      onClick={() => void run('updateSign', selected)}
                      data-testid="mark-read"
                    >
                      {t('markRead')}
                    </Button>
                    <Button onClick={() => void run('updateAllSign')} data-testid="mark-all-read">
                      {t('markAllRead')}
                    </Button>
                    <Button
                      danger
                      icon={<DeleteOutlined />}
                      disabled={selected.length === 0}
                      onClick={() => void run('recycleDelete', selected)}
                      data-testid="delete"
                    >
                      {t('delete')}
                    </Button>
                  </>
                )}
                {box === 'recycle' && (
                  <Button
                    icon={<RollbackOutlined />}
                    disabled={selected.length === 0}
                    onClick={() => void run('recycleRestore', selected)}
                    data-testid="restore"
                  >
                    {t('restore')}
                  </Button>
                )}
              </Space>
            )}
          </>
        }
        error={list.error}
        errorTitle={t('loadFailed')}
      >
        <Table<MessageRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isLoading || (list.isFetching && list.isPlaceholderData)}
          rowSelection={
            received ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) } : undefined
          }
          rowClassName={(row) => (received && !row.sign ? 'msg-row-unread' : '')}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t(box === 'recycle' ? 'empty.recycle' : cost ? 'empty.cost' : `empty.${box}`) }}
          pagination={pagination(list.data?.totalCount ?? 0, (total) => t('total', { total }))}
          data-testid="message-table"
        />
      </TableCard>
    </ListPage>
  );
}

/** /email/costMessage */
export function CostMessagePage() {
  return <MessageListPage category="cost" />;
}
