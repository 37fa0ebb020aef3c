import { App, Alert, Button, Card, Descriptions, List, Result, Space, Spin, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, DownloadOutlined, LinkOutlined, SendOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { MessagePerm, idSchema } from '@rehab/shared';
import { href, paths } from '../../lib/paths';
import { FilePreviewButton } from '../../components/file-preview';
import { usePermission } from '../../lib/session';
import { downloadMessageFile, fetchMessageFile, useMessageAction, useMessageInfo } from './api/messages';
import { TIME_FORMAT } from './message-list-page';
import '../../components/rich-text/rich-text.css';
import './messages.css';
import { sanitizeHtml } from '../../lib/safe-html';

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** One message (/email/news-info/:emailId, and /email/costInfo/:emailId for the cost messages). */
export function MessageInfoPage({ category = 'mail' }: { category?: 'mail' | 'cost' }) {
  const { t } = useTranslation('messages');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const can = usePermission();
  const parsed = idSchema.safeParse(useParams().emailId);
  const id = parsed.success ? parsed.data : null;
  const info = useMessageInfo(id);
  const action = useMessageAction();
  const back = category === 'cost' ? paths.costMessage : paths.myNews;

  if (id === null) return <Navigate to={back} replace />;
  if (info.isLoading) return <Spin className="msg-info-loading" />;
  if (info.isError || !info.data) {
    return (
      <Result
        status="warning"
        title={t('notFound')}
        subTitle={info.error?.message}
        extra={<Button onClick={() => navigate(back)}>{t('common:action.back')}</Button>}
      />
    );
  }
  const m = info.data;

  const handleDelete = async () => {
    try {
      await action.mutateAsync({ action: 'recycleDelete', ids: [m.id] });
      message.success(t('done.recycleDelete'));
      navigate(back);
    } catch (err) {
      message.error((err as Error).message);
    }
  };
  const handleDownload = async (file: { id: number; name: string }) => {
    try {
      await downloadMessageFile(file);
    } catch (err) {
      message.error((err as Error).message);
    }
  };

  return (
    <div className="msg-page" data-testid="message-info">
      <Space className="msg-page-head">
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(back)}>
          {t('common:action.back')}
        </Button>
        <Space>
          {!m.mine && m.sender !== null && can(MessagePerm.save) && (
            <Button
              icon={<SendOutlined />}
              onClick={() => navigate(href(paths.sendNews, { emailId: m.id }))}
              data-testid="reply"
            >
              {t('reply')}
            </Button>
          )}
          {!m.mine && (
            <Button danger icon={<DeleteOutlined />} onClick={() => void handleDelete()} data-testid="info-delete">
              {t('delete')}
            </Button>
          )}
        </Space>
      </Space>
      <Card>
        <Typography.Title level={4} data-testid="info-title">
          {m.title} {m.category === 'execute' && <Tag color="orange">{t('category.execute')}</Tag>}
        </Typography.Title>
        <Descriptions size="small" column={{ xs: 1, md: 3 }} className="msg-info-meta">
          <Descriptions.Item label={t('columns.sender')}>{m.senderName}</Descriptions.Item>
          <Descriptions.Item label={t('columns.time')}>{dayjs(m.time).format(TIME_FORMAT)}</Descriptions.Item>
          {m.mine && (
            <Descriptions.Item label={t('columns.recipients')}>
              <Space wrap size={4}>
                {m.recipients.map((r) => (
                  <Tag key={r.id} color={r.read ? 'default' : 'blue'}>
                    {r.name} · {r.read ? t('state.read') : t('state.unread')}
                  </Tag>
                ))}
              </Space>
            </Descriptions.Item>
          )}
        </Descriptions>
        {/* the body was sanitized by the server when it was saved (no scripts, handlers, styles or frames) */}
        <div
          className="msg-info-content"
          data-testid="info-content"
          dangerouslySetInnerHTML={{ __html: sanitizeHtml(m.content) }}
        />
        {m.link && (
          <Button type="link" icon={<LinkOutlined />} onClick={() => navigate(m.link!)}>
            {t('openLink')}
          </Button>
        )}
        {m.files.length > 0 && (
          <List
            className="msg-info-files"
            size="small"
            header={t('attachments', { count: m.files.length })}
            dataSource={m.files}
            renderItem={(file) => (
              <List.Item
                actions={[
                  <FilePreviewButton
                    key="preview"
                    file={{
                      name: file.name,
                      mime: file.mime,
                      load: () => fetchMessageFile(file),
                      download: () => downloadMessageFile(file),
                    }}
                    testId="message-file-preview"
                  />,
                  <Button
                    key="download"
                    type="link"
                    icon={<DownloadOutlined />}
                    onClick={() => void handleDownload(file)}
                  >
                    {t('download')}
                  </Button>,
                ]}
              >
                {file.name} <Typography.Text type="secondary">({sizeText(file.size)})</Typography.Text>
              </List.Item>
            )}
          />
        )}
        {m.mine && m.recipients.length === 0 && <Alert type="info" title={t('noRecipients')} />}
      </Card>
    </div>
  );
}

/** /email/costInfo/:emailId */
export function CostInfoPage() {
  return <MessageInfoPage category="cost" />;
}
