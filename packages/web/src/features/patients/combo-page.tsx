import { useState } from 'react';
import { App, Button, Card, Form, Input, InputNumber, Space, Table, Tag, Typography } from 'antd';
import { KeyboardPopconfirm } from '../../components/keyboard-popconfirm';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PatientPerm, comboSaveSchema } from '@rehab/shared';
import { FormModal } from '../../components/form-modal';
import { useTablePaging } from '../../components/use-table-paging';
import { showApiError } from '../../lib/form-errors';
import { zodRule } from '../../lib/form-rules';
import { usePermission } from '../../lib/session';
import { useComboPage, useDeleteCombos, useSaveCombo, useTemplates, type ComboRow as Row } from './api';
import './patients.css';
import { FilterSelect } from '../../components/filter-select';

type Values = { name: string; remark?: string; items: { templateId?: number; quantity?: number }[] };

/**
 * Combo templates (组合套餐, /maintainTreat/comboTemplate): named sets of project templates with a quantity each, offered
 * when prescribing. Calls of spec section 7: comboTemplate pageInfo, info/{id}, saveOrUpdate (and delete).
 */
export function ComboPage() {
  const { t } = useTranslation('plans');
  const { message } = App.useApp();
  const can = usePermission();
  const [name, setName] = useState<string>();
  const { page, limit, setPage, pagination } = useTablePaging();
  const list = useComboPage(name, page, limit);
  const templates = useTemplates();
  const save = useSaveCombo();
  const remove = useDeleteCombos();
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [form] = Form.useForm<Values>();
  const fields = comboSaveSchema.shape;

  const open = (row: Row | 'new') => {
    setEditing(row);
    form.resetFields();
    form.setFieldsValue(
      row === 'new'
        ? { items: [{ quantity: 1 }] }
        : {
            name: row.name,
            remark: row.remark ?? undefined,
            items: row.items.map((i) => ({ templateId: i.templateId, quantity: i.quantity })),
          },
    );
  };

  return (
    <div className="pt-page" data-testid="combo-page">
      <div className="pt-header">
        <Typography.Title level={4} className="pt-title">
          {t('combo.title')}
        </Typography.Title>
        {can(PatientPerm.comboSave) && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')} data-testid="combo-add">
            {t('combo.add')}
          </Button>
        )}
      </div>
      <Card size="small">
        <Space style={{ marginBottom: 12 }}>
          <Input.Search
            allowClear
            placeholder={t('combo.searchName')}
            onSearch={(v) => {
              setName(v || undefined);
              setPage(1);
            }}
            style={{ width: 260 }}
            data-testid="combo-search"
          />
        </Space>
        <Table<Row>
          rowKey="id"
          size="small"
          loading={list.isLoading}
          dataSource={list.data?.list ?? []}
          scroll={{ x: 'max-content' }}
          pagination={pagination(list.data?.totalCount ?? 0, (total) => t('templates.total', { total }))}
          data-testid="combo-table"
          columns={[
            { key: 'name', title: t('field.name'), dataIndex: 'name', width: 180 },
            {
              key: 'items',
              title: t('linkage.projects'),
              render: (_, r) => (
                <Space size={[4, 4]} wrap>
                  {r.items.map((i) => (
                    <Tag key={i.templateId}>{`${i.name} × ${i.quantity}`}</Tag>
                  ))}
                </Space>
              ),
            },
            {
              key: 'price',
              title: t('combo.unitTotal'),
              width: 120,
              render: (_, r) => r.items.reduce((s, i) => s + i.unitPrice * i.quantity, 0).toFixed(2),
            },
            { key: 'remark', title: t('field.remark'), dataIndex: 'remark', width: 140 },
            {
              key: 'actions',
              title: t('field.actions'),
              width: 120,
              fixed: 'right',
              render: (_, r) =>
                can(PatientPerm.comboSave) && (
                  <Space size={0}>
                    <Button type="link" size="small" onClick={() => open(r)} data-testid="combo-edit">
                      {t('common:action.edit')}
                    </Button>
                    <KeyboardPopconfirm
                      title={t('templates.deleteConfirm')}
                      onConfirm={async () => {
                        try {
                          await remove.mutateAsync([r.id]);
                          message.success(t('common:status.success', { action: t('common:action.delete') }));
                        } catch (error) {
                          showApiError(
                            error,
                            t('common:status.failure', { action: t('common:action.delete') }),
                            message.error,
                          );
                        }
                      }}
                    >
                      <Button type="link" size="small" danger data-testid="combo-delete">
                        {t('common:action.delete')}
                      </Button>
                    </KeyboardPopconfirm>
                  </Space>
                ),
            },
          ]}
        />
      </Card>
      <FormModal
        open={editing !== null}
        title={editing === 'new' ? t('combo.add') : t('combo.edit')}
        form={form}
        testId="combo"
        action={editing === 'new' ? t('combo.add') : t('combo.edit')}
        pending={save.isPending}
        width={640}
        onClose={() => setEditing(null)}
        onSubmit={(v) =>
          save.mutateAsync({
            id: editing === 'new' ? undefined : editing?.id,
            name: v.name,
            remark: v.remark,
            items: v.items.map((i) => ({ templateId: i.templateId!, quantity: i.quantity ?? 1 })),
          })
        }
      >
        <Form.Item name="name" label={t('field.name')} required rules={[zodRule(fields.name, t('field.name'))]}>
          <Input maxLength={50} data-testid="combo-name" />
        </Form.Item>
        <Form.Item name="remark" label={t('field.remark')} rules={[zodRule(fields.remark, t('field.remark'))]}>
          <Input maxLength={20} />
        </Form.Item>
        <Typography.Text strong>{t('linkage.projects')}</Typography.Text>
        <Form.List
          name="items"
          rules={[
            {
              validator: async (_r, items?: unknown[]) => {
                if (!items?.length) throw new Error(t('combo.itemsRequired'));
              },
            },
          ]}
        >
          {(rows, { add, remove: drop }, { errors }) => (
            <div style={{ marginTop: 8 }}>
              {rows.map((row) => (
                <Space key={row.key} align="start" style={{ display: 'flex' }}>
                  <Form.Item
                    name={[row.name, 'templateId']}
                    rules={[{ required: true, message: t('combo.chooseProject') }]}
                    style={{ width: 360 }}
                  >
                    <FilterSelect
                      showSearch={{ optionFilterProp: 'label' }}
                      placeholder={t('combo.chooseProject')}
                      options={(templates.data ?? []).map((x) => ({
                        value: x.id,
                        label: `${x.name} · ¥${x.unitPrice.toFixed(2)}`,
                      }))}
                      data-testid="combo-item-template"
                    />
                  </Form.Item>
                  <Form.Item name={[row.name, 'quantity']} initialValue={1}>
                    <InputNumber min={1} max={9999} precision={0} addonBefore="×" style={{ width: 120 }} />
                  </Form.Item>
                  <Button type="text" danger icon={<DeleteOutlined />} onClick={() => drop(row.name)} />
                </Space>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ quantity: 1 })}
                data-testid="combo-item-add"
              >
                {t('combo.addProject')}
              </Button>
              <Form.ErrorList errors={errors} />
            </div>
          )}
        </Form.List>
      </FormModal>
    </div>
  );
}
