import { App, Button, Card, List, Typography, Upload } from 'antd';
import { KeyboardPopconfirm } from '../../components/keyboard-popconfirm';
import { DeleteOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AssessPerm, type AssessProjectInfo } from '@rehab/shared';
import { usePermission } from '../../lib/session';
import { FilePreviewButton } from '../../components/file-preview';
import { downloadAttachment, fetchAttachment, useDeleteAttachment, useUploadAttachment } from './api';

const size = (n: number) => (n < 1024 * 1024 ? `${Math.ceil(n / 1024)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);

/** Report attachments: one format per assessment, 100 MB in total; the server checks each file by its content. */
export function AttachmentsCard({ info }: { info: AssessProjectInfo }) {
  const { t } = useTranslation('assessments');
  const { message } = App.useApp();
  const can = usePermission();
  const upload = useUploadAttachment(info.id);
  const remove = useDeleteAttachment();
  const fail = (e: unknown) => message.error(e instanceof Error && e.message ? e.message : t('attachments.failed'));
  return (
    <Card
      size="small"
      title={t('attachments.title')}
      data-testid="assess-attachments"
      extra={
        can(AssessPerm.upload) ? (
          <Upload
            showUploadList={false}
            accept=".pdf,.jpg,.jpeg,.png,.doc,.docx"
            customRequest={({ file }) => {
              upload.mutate(file as File, {
                onSuccess: () => void message.success(t('attachments.uploaded')),
                onError: fail,
              });
            }}
          >
            <Button size="small" icon={<UploadOutlined />} loading={upload.isPending} data-testid="attachment-upload">
              {t('attachments.upload')}
            </Button>
          </Upload>
        ) : null
      }
    >
      <Typography.Paragraph type="secondary">{t('attachments.rule')}</Typography.Paragraph>
      <List
        size="small"
        dataSource={info.attachments}
        locale={{ emptyText: t('attachments.none') }}
        renderItem={(f) => (
          <List.Item
            actions={[
              <FilePreviewButton
                key="p"
                file={{
                  name: f.name,
                  mime: f.mime,
                  load: () => fetchAttachment(f),
                  download: () => downloadAttachment(f),
                }}
                testId="attachment-preview"
              />,
              <Button
                key="d"
                type="link"
                size="small"
                icon={<DownloadOutlined />}
                onClick={() => downloadAttachment(f).catch(fail)}
              >
                {t('attachments.download')}
              </Button>,
              ...(can(AssessPerm.upload)
                ? [
                    <KeyboardPopconfirm
                      key="x"
                      title={t('attachments.deleteConfirm')}
                      onConfirm={() => remove.mutateAsync(f.id).catch(fail)}
                    >
                      <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                        {t('common:action.delete')}
                      </Button>
                    </KeyboardPopconfirm>,
                  ]
                : []),
            ]}
          >
            <span data-testid="attachment-name">{f.name}</span>
            <Typography.Text type="secondary">{size(f.size)}</Typography.Text>
          </List.Item>
        )}
      />
    </Card>
  );
}
