import { useEffect, useMemo, useState } from 'react';
import { App, Button, Card, Form, Input, Space, TreeSelect, Typography, Upload, type UploadFile } from 'antd';
import { PaperClipOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  MESSAGE_FILE_EXTENSIONS,
  MESSAGE_FILE_LIMITS,
  idSchema,
  messageSaveSchema,
  type MessageFile,
  type RecipientOffice,
} from '@rehab/shared';
import { zodRule } from '../../lib/form-rules';
import { paths } from '../../lib/paths';
import { useFormDraft } from '../../lib/drafts';
import { DraftNotice } from '../../components/draft-notice';
import { uploadMessageFile, useMessageInfo, useRecipients, useSendMessage } from './api/messages';
import { RichTextEditor, editorText } from '../../components/rich-text/rich-text-editor';
import { fileProblem } from './file-rules';
import './messages.css';

type Values = { recipients: string[]; title: string; content: string };

/** Tree values are `<officeId>:<userId>` (a user may work in two offices); the call takes user ids. */
const userIdOf = (value: string) => Number(value.split(':')[1]);

export function recipientTree(offices: RecipientOffice[], noOffice: string) {
  return offices.map((o) => ({
    title: o.officeName || noOffice,
    value: `office:${o.officeId ?? 'none'}`,
    key: `office:${o.officeId ?? 'none'}`,
    children: o.users.map((u) => ({
      title: u.name,
      value: `${o.officeId ?? 'none'}:${u.id}`,
      key: `${o.officeId}:${u.id}`,
    })),
  }));
}

/** Compose (/email/send-news/:emailId?): with an id, a reply to that message. */
export function SendNewsPage() {
  const { t } = useTranslation('messages');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const parsed = idSchema.safeParse(useParams().emailId);
  const replyTo = useMessageInfo(parsed.success ? parsed.data : null);
  const recipients = useRecipients();
  const send = useSendMessage();
  const [files, setFiles] = useState<UploadFile<MessageFile>[]>([]);
  // what is typed survives a forced sign-out (issue 21): offered back when the page opens again
  const draft = useFormDraft<Values>('message', { enabled: true, record: parsed.success ? parsed.data : null });
  const tree = useMemo(() => recipientTree(recipients.data ?? [], t('noOffice')), [recipients.data, t]);

  // a reply: to the sender, "Re:" title, the original quoted
  const original = replyTo.data;
  useEffect(() => {
    if (!original || original.sender === null || !recipients.data) return;
    const value = tree.flatMap((o) => o.children).find((u) => userIdOf(u.value) === original.sender)?.value;
    form.setFieldsValue({
      recipients: value ? [value] : [],
      title: `${t('replyPrefix')}${original.title}`.slice(0, MESSAGE_FILE_LIMITS.titleMax),
      content: `<p><br></p><blockquote>${original.content}</blockquote>`,
    });
  }, [original, recipients.data, tree, form, t]);

  const uploading = files.some((f) => f.status === 'uploading');
  const handleFinish = async (values: Values) => {
    if (uploading) {
      message.warning(t('upload.wait'));
      return;
    }
    const ids = [...new Set(values.recipients.filter((v) => !v.startsWith('office:')).map(userIdOf))];
    try {
      await send.mutateAsync({
        title: values.title,
        content: values.content,
        recipients: ids,
        files: files.filter((f) => f.status === 'done' && f.response).map((f) => f.response!.id),
      });
      draft.clear();
      message.success(t('sent'));
      navigate(paths.myNews);
    } catch (err) {
      message.error((err as Error).message);
    }
  };

  return (
    <div className="msg-page" data-testid="send-news">
      <div className="msg-page-head">
        <Typography.Title level={4} className="msg-page-title">
          {original ? t('replyTitle') : t('compose')}
        </Typography.Title>
      </div>
      <Card className="msg-compose-card">
        <DraftNotice
          draft={draft.offered}
          onRestore={() => {
            const values = draft.restore();
            if (values) form.setFieldsValue(values);
          }}
          onDiscard={draft.discard}
        />
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) => void handleFinish(v)}
          onValuesChange={(_, all: Values) => draft.save(all)}
          initialValues={{ recipients: [] }}
        >
          <Form.Item
            name="recipients"
            label={t('columns.recipients')}
            rules={[{ required: true, type: 'array', min: 1, message: t('recipientsRequired') }]}
          >
            <TreeSelect
              treeData={tree}
              treeCheckable
              treeDefaultExpandAll
              showCheckedStrategy={TreeSelect.SHOW_CHILD}
              treeNodeFilterProp="title"
              showSearch
              allowClear
              loading={recipients.isLoading}
              placeholder={t('recipientsPlaceholder')}
              maxTagCount="responsive"
              data-testid="recipients"
            />
          </Form.Item>
          <Form.Item
            name="title"
            label={t('columns.title')}
            validateFirst
            rules={[
              { required: true, message: t('titleRequired') },
              zodRule(messageSaveSchema.shape.title, t('columns.title')),
            ]}
          >
            <Input maxLength={MESSAGE_FILE_LIMITS.titleMax} showCount data-testid="compose-title" />
          </Form.Item>
          <Form.Item
            name="content"
            label={t('content')}
            required
            rules={[
              {
                validator: async (_r, v: string | undefined) => {
                  if (!v || !editorText(v)) throw new Error(t('contentRequired'));
                },
              },
            ]}
          >
            <RichTextEditor placeholder={t('contentPlaceholder')} />
          </Form.Item>
          <Form.Item label={t('attachmentsLabel')} extra={t('upload.hint')}>
            <Upload<MessageFile>
              multiple
              fileList={files}
              accept={MESSAGE_FILE_EXTENSIONS.map((e) => `.${e}`).join(',')}
              beforeUpload={(file) => {
                const problem = fileProblem(file);
                if (problem) {
                  message.error(t(problem, { name: file.name }));
                  return Upload.LIST_IGNORE;
                }
                if (files.length >= MESSAGE_FILE_LIMITS.maxFiles) {
                  message.error(t('upload.count', { max: MESSAGE_FILE_LIMITS.maxFiles }));
                  return Upload.LIST_IGNORE;
                }
                return true;
              }}
              customRequest={({ file, onSuccess, onError }) => {
                uploadMessageFile(file as File).then(
                  (data) => onSuccess?.(data),
                  (err: Error) => {
                    message.error(`${(file as File).name}: ${err.message}`);
                    onError?.(err);
                  },
                );
              }}
              onChange={({ fileList }) => setFiles(fileList.filter((f) => f.status !== 'error'))}
            >
              <Button icon={<PaperClipOutlined />} data-testid="attach">
                {t('attach')}
              </Button>
            </Upload>
          </Form.Item>
          <Space>
            <Button
              type="primary"
              htmlType="submit"
              icon={<SendOutlined />}
              loading={send.isPending}
              disabled={uploading}
              data-testid="send"
            >
              {t('send')}
            </Button>
            <Button onClick={() => navigate(-1)}>{t('common:action.cancel')}</Button>
          </Space>
        </Form>
      </Card>
    </div>
  );
}
