import { useState } from 'react';
import { App, Button, Card, Form, Input, InputNumber, Modal, Space, Table, Typography } from 'antd';
import { KeyboardPopconfirm } from '../../components/keyboard-popconfirm';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ContentPerm } from '@rehab/shared';
import { showApiError } from '../../lib/form-errors';
import { usePermission } from '../../lib/session';
import { useCategories, useCategoryActions } from './api';

type Category = { id: number; nameZh: string; nameEn: string; sort: number };

/** Categories of knowledge articles and education items (/frisApplet/category): add, rename, order, delete unused. */
export function CategoryPage() {
  const { t } = useTranslation('content');
  const { message } = App.useApp();
  const can = usePermission();
  const categories = useCategories();
  const actions = useCategoryActions();
  const [editing, setEditing] = useState<Partial<Category> | null>(null);
  const [form] = Form.useForm<Omit<Category, 'id'>>();

  const save = async () => {
    const values = await form.validateFields();
    try {
      await actions.save.mutateAsync({ body: { ...values, ...(editing?.id ? { id: editing.id } : {}) } });
      message.success(t('saved'));
      setEditing(null);
    } catch (error) {
      showApiError(error, t('failed'), message.error, form);
    }
  };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }} data-testid="content-categories">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('title.category')}
      </Typography.Title>
      <Card
        extra={
          can(ContentPerm.save) && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => {
                form.setFieldsValue({ nameZh: '', nameEn: '', sort: 0 });
                setEditing({});
              }}
              data-testid="category-new"
            >
              {t('category.new')}
            </Button>
          )
        }
      >
        <Table<Category>
          rowKey="id"
          size="middle"
          loading={categories.isFetching}
          dataSource={categories.data ?? []}
          pagination={false}
          columns={[
            { key: 'zh', title: t('category.nameZh'), dataIndex: 'nameZh' },
            { key: 'en', title: t('category.nameEn'), dataIndex: 'nameEn', render: (v: string) => v || '—' },
            { key: 'sort', title: t('category.sort'), dataIndex: 'sort', width: 100 },
            {
              key: 'actions',
              title: t('col.actions'),
              width: 160,
              render: (_, c) =>
                can(ContentPerm.save) && (
                  <Space>
                    <Button
                      type="link"
                      size="small"
                      onClick={() => {
                        form.setFieldsValue(c);
                        setEditing(c);
                      }}
                    >
                      {t('action.edit')}
                    </Button>
                    <KeyboardPopconfirm
                      title={t('confirm.deleteCategory')}
                      onConfirm={async () => {
                        try {
                          await actions.remove.mutateAsync({ body: { id: c.id } });
                          message.success(t('deleted'));
                        } catch (error) {
                          showApiError(error, t('failed'), message.error);
                        }
                      }}
                    >
                      <Button type="link" size="small" danger>
                        {t('action.delete')}
                      </Button>
                    </KeyboardPopconfirm>
                  </Space>
                ),
            },
          ]}
        />
      </Card>
      <Modal
        open={editing !== null}
        title={editing?.id ? t('category.edit') : t('category.new')}
        onCancel={() => setEditing(null)}
        onOk={save}
        confirmLoading={actions.save.isPending}
        forceRender
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="nameZh"
            label={t('category.nameZh')}
            rules={[{ required: true, whitespace: true, message: t('required.name') }]}
          >
            <Input maxLength={30} data-testid="category-name-zh" />
          </Form.Item>
          <Form.Item name="nameEn" label={t('category.nameEn')}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="sort" label={t('category.sort')}>
            <InputNumber min={0} max={9999} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
