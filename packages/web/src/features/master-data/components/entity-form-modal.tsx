import { useEffect } from 'react';
import { App, Col, Form, Modal, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { entityPermissions, refNameKey, type EntityDescriptor, type EntityRow, type Locale } from '@rehab/shared';
import { ApiError } from '../../../lib/api';
import { useSaveEntity } from '../api/save-entity';
import { entityFieldRule, toApiValue } from '../entity-rules';
import { FieldInput } from './field-input';
import { usePermission } from '../../../lib/session';
import { hasPictures } from '../product-pictures/api';
import { ProductPicturesField } from '../product-pictures/product-pictures';

type Props = {
  entity: EntityDescriptor;
  locale: Locale;
  /** the row to edit; null to add one */
  row: EntityRow | null;
  open: boolean;
  onClose: () => void;
  /** a row was added: the form stays open on it (its pictures are added to the saved row) instead of closing */
  onCreated?: (row: EntityRow) => void;
};

/** Initial values of a new row: enum defaults, flags off. */
function blankValues(entity: EntityDescriptor): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const f of entity.fields) {
    if (f.type === 'enum' && f.default !== undefined) values[f.name] = f.default;
    if (f.type === 'bool') values[f.name] = false;
  }
  return values;
}

/** Adds or edits one row; the fields, widgets and rules come from the entity's descriptor. */
export function EntityFormModal({ entity, locale, row, open, onClose, onCreated }: Props) {
  const { t } = useTranslation('master-data');
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const save = useSaveEntity(entity);
  const editing = row !== null;
  const action = editing ? t('actions.update') : t('actions.save');
  const wide = entity.fields.length > 6;
  const can = usePermission();
  const pictures = hasPictures(entity);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(row ? { ...row } : blankValues(entity));
  }, [open, row, entity, form]);

  const handleOk = async () => {
    let values: Record<string, unknown>;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows what is wrong
    }
    const payload: Record<string, unknown> = {};
    for (const f of entity.fields) payload[f.name] = toApiValue(f, values[f.name]);
    if (row) payload.id = row.id;
    try {
      const saved = await save.mutateAsync(payload);
      message.success(t('common:status.success', { action }));
      if (!row && onCreated) onCreated(saved);
      else onClose();
    } catch (error) {
      const msg = error instanceof ApiError ? error.message : '';
      if (error instanceof ApiError && error.field && entity.fields.some((f) => f.name === error.field)) {
        form.setFields([{ name: error.field, errors: [msg] }]);
        form.scrollToField(error.field);
      }
      message.error(msg || t('common:status.failure', { action }));
    }
  };

  const title = t(editing ? 'form.editTitle' : 'form.addTitle', { entity: entity.label[locale] });

  return (
    <Modal
      open={open}
      title={title}
      width={wide ? 760 : 520}
      onOk={handleOk}
      onCancel={onClose}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'form-save' } as never}
      forceRender
      mask={{ closable: false }}
      data-testid="entity-form-modal"
    >
      <Form form={form} layout="vertical" className="md-form" data-testid="entity-form" requiredMark>
        <Row gutter={16}>
          {entity.fields.map((field) => (
            <Col key={field.name} span={wide && field.type !== 'text' ? 12 : 24}>
              <Form.Item
                name={field.name}
                label={field.label[locale]}
                required={field.required}
                rules={[entityFieldRule(entity, field)]}
                valuePropName="value"
              >
                <FieldInput
                  field={field}
                  locale={locale}
                  currentRefName={field.type === 'ref' ? (row?.[refNameKey(field)] as string | null) : null}
                />
              </Form.Item>
            </Col>
          ))}
        </Row>
        {pictures && (
          <Form.Item label={t('pictures.label')} className="md-pictures-item">
            {row ? (
              <ProductPicturesField productId={row.id} editable={can(entityPermissions(entity).update)} />
            ) : (
              <Typography.Text type="secondary" data-testid="pictures-after-save">
                {t('pictures.afterSave')}
              </Typography.Text>
            )}
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
