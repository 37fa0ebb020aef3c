import { useState } from 'react';
import { App, Button, Card, Empty, Form, List, Modal, Select, Tag, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ContentPerm, contentEndpoints } from '@rehab/shared';
import { useEndpointMutation, useEndpointQuery } from '../lib/endpoints';
import { showApiError } from '../lib/form-errors';
import { usePermission } from '../lib/session';

type Values = { contentId?: number; diagnosis?: string; projectName?: string };

/**
 * Education sent to a patient (issue 20), on the patient detail: what was sent for which diagnosis or treatment
 * project, by whom and whether the patient has opened it in the mini-program (the read receipt); sending a
 * published education item or article. Shown to holders of the send permission only.
 */
export function EducationPanel({
  patientId,
  diagnoses,
  projects,
}: {
  patientId: number;
  diagnoses: string[];
  projects: string[];
}) {
  const { t, i18n } = useTranslation('content');
  const { message } = App.useApp();
  const can = usePermission();
  const allowed = can(ContentPerm.send);
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Values>();
  const sent = useEndpointQuery(
    contentEndpoints.educationOfPatient,
    { params: { id: patientId } },
    { select: (r) => r.data, enabled: allowed },
  );
  const items = useEndpointQuery(
    contentEndpoints.page,
    { query: { kind: 'education', status: 'published', page: 1, limit: 200 } },
    { select: (r) => r.data.list, enabled: allowed && open },
  );
  const send = useEndpointMutation(contentEndpoints.sendEducation, {
    invalidates: [contentEndpoints.educationOfPatient],
  });
  if (!allowed) return null;
  const en = i18n.language === 'en';
  const title = (r: { titleZh: string; titleEn: string }) => (en && r.titleEn ? r.titleEn : r.titleZh);
  const rows = sent.data ?? [];
  const unique = (list: string[]) => [...new Set(list.filter(Boolean))].map((v) => ({ value: v, label: v }));

  return (
    <Card
      size="small"
      title={t('education.title')}
      loading={sent.isLoading}
      data-testid="education-panel"
      extra={
        <Button
          size="small"
          icon={<SendOutlined />}
          onClick={() => {
            form.resetFields();
            setOpen(true);
          }}
          data-testid="education-send"
        >
          {t('education.send')}
        </Button>
      }
    >
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('education.none')} />
      ) : (
        <List
          size="small"
          dataSource={rows}
          renderItem={(row) => (
            <List.Item>
              <div style={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="education-row">
                <span>
                  {title(row)}{' '}
                  {row.readAt ? <Tag color="success">{t('education.read')}</Tag> : <Tag>{t('education.unread')}</Tag>}
                </span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {[row.diagnosis, row.projectName].filter(Boolean).join(' · ')}
                  {row.diagnosis || row.projectName ? ' · ' : ''}
                  {row.sentBy ?? '-'} {dayjs(row.sentAt).format('YYYY-MM-DD HH:mm')}
                </Typography.Text>
                <Typography.Text
                  type="secondary"
                  copyable={{ text: `/api/sys/applet/education/${row.token}` }}
                  style={{ fontSize: 12 }}
                >
                  {t('education.link')}
                </Typography.Text>
              </div>
            </List.Item>
          )}
        />
      )}
      <Modal
        open={open}
        title={t('education.send')}
        onCancel={() => setOpen(false)}
        confirmLoading={send.isPending}
        okButtonProps={{ 'data-testid': 'education-send-ok' } as never}
        forceRender
        onOk={async () => {
          const v = await form.validateFields();
          try {
            await send.mutateAsync({
              body: {
                patientId,
                contentId: v.contentId!,
                diagnosis: v.diagnosis ?? '',
                projectName: v.projectName ?? '',
              },
            });
            message.success(t('education.sent'));
            setOpen(false);
          } catch (error) {
            showApiError(error, t('failed'), message.error, form);
          }
        }}
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="contentId"
            label={t('education.item')}
            rules={[{ required: true, message: t('education.required') }]}
          >
            <Select
              showSearch
              optionFilterProp="label"
              loading={items.isFetching}
              options={(items.data ?? []).map((r) => ({ value: r.id, label: title(r) }))}
              data-testid="education-item"
            />
          </Form.Item>
          <Form.Item name="diagnosis" label={t('education.diagnosis')}>
            <Select allowClear options={unique(diagnoses)} />
          </Form.Item>
          <Form.Item name="projectName" label={t('education.project')}>
            <Select allowClear options={unique(projects)} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
