import { useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Form, Input, Skeleton, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { NotificationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { PlatformAdminPerm, type PlatformNoticeInfo, type PlatformNoticeRow } from '@rehab/shared';
import { ListPage, SearchCard, TableCard } from '../../components/list-page';
import { useTablePaging } from '../../components/use-table-paging';
import { currentLocale, localName } from '../../lib/locale';
import { usePermission } from '../../lib/session';
import { usePlatformNotice, usePlatformNotices } from './api';
import { NoticeSendModal } from './notice-send-modal';
import '../../components/rich-text/rich-text.css';
import './platform-admin.css';
import { sanitizeHtml } from '../../lib/safe-html';

type Filters = { title?: string };
const time = (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm');

/** Whom a notice went to: every organization, or the chosen ones, and the roles it was limited to. */
function Targets({ row }: { row: PlatformNoticeRow }) {
  const { t } = useTranslation('platformAdmin');
  const locale = currentLocale();
  return (
    <Space size={[0, 4]} wrap className="platform-notice-targets">
      {row.targetAll ? (
        <Tag color="blue">{t('notice.allOrganizations')}</Tag>
      ) : (
        row.organizations.map((o) => <Tag key={o.id}>{localName(o, locale)}</Tag>)
      )}
      {row.roles.map((r) => (
        <Tag key={r.id} color="purple">
          {localName(r, locale)}
        </Tag>
      ))}
    </Space>
  );
}

/**
 * Platform notices (/maintainSystem/operationMessage): the super administrator sends a notice to every organization
 * or chosen ones (optionally to some roles); each user reached gets it as a system message. The list shows what
 * was sent and how many read it, the drawer its body and the figures per organization.
 */
export function PlatformNoticesPage() {
  const { t } = useTranslation('platformAdmin');
  const can = usePermission();
  const [search] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const { page, limit, setPage, pagination } = useTablePaging();
  const list = usePlatformNotices({ page, limit, ...filters });
  const [sending, setSending] = useState(false);
  const [detail, setDetail] = useState<number | null>(null);

  const columns: ColumnsType<PlatformNoticeRow> = [
    {
      key: 'title',
      title: t('notice.columns.title'),
      dataIndex: 'title',
      render: (v: string, r) => (
        <Button type="link" size="small" onClick={() => setDetail(r.id)} data-testid="notice-open">
          {v}
        </Button>
      ),
    },
    { key: 'targets', title: t('notice.columns.targets'), render: (_, r) => <Targets row={r} /> },
    { key: 'createdAt', title: t('notice.columns.time'), dataIndex: 'createdAt', width: 150, render: time },
    { key: 'senderName', title: t('notice.columns.sender'), dataIndex: 'senderName', width: 120 },
    { key: 'recipientCount', title: t('notice.columns.recipients'), dataIndex: 'recipientCount', width: 100 },
    {
      key: 'readCount',
      title: t('notice.columns.read'),
      dataIndex: 'readCount',
      width: 100,
      render: (v: number, r) => `${v} / ${r.recipientCount}`,
    },
  ];

  return (
    <ListPage title={t('notice.title')} testId="platform-notices">
      <SearchCard<Filters>
        form={search}
        onSearch={(values) => {
          setFilters({ title: values.title?.trim() || undefined });
          setPage(1);
        }}
      >
        <Form.Item name="title" label={t('notice.columns.title')}>
          <Input allowClear maxLength={100} style={{ width: 240 }} />
        </Form.Item>
      </SearchCard>
      <TableCard
        title={t('notice.tableTitle')}
        extra={
          can(PlatformAdminPerm.noticeSend) && (
            <Button
              type="primary"
              icon={<NotificationOutlined />}
              onClick={() => setSending(true)}
              data-testid="notice-send-open"
            >
              {t('notice.send')}
            </Button>
          )
        }
        lead={<Typography.Paragraph type="secondary">{t('notice.intro')}</Typography.Paragraph>}
        error={list.error}
        errorTitle={t('notice.loadFailed')}
      >
        <Table<PlatformNoticeRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isLoading || (list.isFetching && list.isPlaceholderData)}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('notice.empty') }}
          pagination={pagination(list.data?.totalCount ?? 0, (total) => t('total', { total }))}
          data-testid="notice-table"
        />
      </TableCard>
      <NoticeSendModal open={sending} onClose={() => setSending(false)} />
      <NoticeDrawer id={detail} onClose={() => setDetail(null)} />
    </ListPage>
  );
}

function NoticeDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('platformAdmin');
  const info = usePlatformNotice(id);
  return (
    <Drawer open={id !== null} onClose={onClose} size={640} title={t('notice.detail')} destroyOnHidden>
      {info.isLoading && <Skeleton active />}
      {info.error && <Alert type="error" showIcon title={t('notice.loadFailed')} description={info.error.message} />}
      {info.data && <NoticeDetail notice={info.data} />}
    </Drawer>
  );
}

function NoticeDetail({ notice }: { notice: PlatformNoticeInfo }) {
  const { t } = useTranslation('platformAdmin');
  const locale = currentLocale();
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="notice-detail">
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('notice.columns.title')}>{notice.title}</Descriptions.Item>
        <Descriptions.Item label={t('notice.columns.targets')}>
          <Targets row={notice} />
          {notice.roles.length === 0 && <Typography.Text type="secondary">{t('notice.allRoles')}</Typography.Text>}
        </Descriptions.Item>
        <Descriptions.Item label={t('notice.columns.time')}>{time(notice.createdAt)}</Descriptions.Item>
        <Descriptions.Item label={t('notice.columns.sender')}>{notice.senderName}</Descriptions.Item>
        <Descriptions.Item label={t('notice.columns.read')}>
          {notice.readCount} / {notice.recipientCount}
        </Descriptions.Item>
      </Descriptions>
      {/* the body was sanitized by the server when it was sent */}
      <div
        className="platform-notice-content"
        data-testid="notice-content"
        dangerouslySetInnerHTML={{ __html: sanitizeHtml(notice.content) }}
      />
      <Table
        rowKey="organizationId"
        size="small"
        pagination={false}
        dataSource={notice.delivery}
        columns={[
          { key: 'name', title: t('notice.delivery.organization'), render: (_, d) => localName(d, locale) },
          { key: 'recipients', title: t('notice.columns.recipients'), dataIndex: 'recipientCount', width: 100 },
          { key: 'read', title: t('notice.columns.read'), dataIndex: 'readCount', width: 100 },
        ]}
      />
    </Space>
  );
}
