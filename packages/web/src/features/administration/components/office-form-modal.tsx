import { useEffect } from 'react';
import { Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { officeSaveSchema, type OfficeRow } from '@rehab/shared';
import { zodRule } from '../../../lib/form-rules';
import { currentLocale, localName } from '../../../lib/locale';
import { useSaveOffice } from '../api/offices';
import { useOfficeOptions } from '../api/users';
import { FormModal } from '../../../components/form-modal';

type Values = {
  name: string;
  nameEn?: string;
  parentId?: number | null;
  officeTypeId?: number | null;
  phone?: string;
  remark?: string;
  orderNum: number;
};

const shape = officeSaveSchema.shape;

/** Adds or edits a department of the current organization. */
export function OfficeFormModal({
  open,
  row,
  types,
  onClose,
}: {
  open: boolean;
  row: OfficeRow | null;
  types: { id: number; name: string }[];
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const locale = currentLocale();
  const [form] = Form.useForm<Values>();
  const save = useSaveOffice();
  const offices = useOfficeOptions(undefined);
  const action = row ? t('office.edit') : t('office.add');

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      row
        ? {
            name: row.name,
            nameEn: row.nameLang.en ?? '',
            parentId: row.parentId,
            officeTypeId: row.officeTypeId,
            phone: row.phone ?? '',
            remark: row.remark ?? '',
            orderNum: row.orderNum,
          }
        : { orderNum: 0 },
    );
  }, [open, row, form]);

  return (
    <FormModal
      open={open}
      title={action}
      width={640}
      form={form}
      testId="office"
      pending={save.isPending}
      action={action}
      onClose={onClose}
      onSubmit={(values) => {
        return save.mutateAsync({ ...(row ? { id: row.id } : {}), ...values });
      }}
    >
      <div className="admin-form-grid">
        <Form.Item name="name" label={t('office.name')} required rules={[zodRule(shape.name, t('office.name'))]}>
          <Input maxLength={50} data-testid="office-name" />
        </Form.Item>
        <Form.Item
          name="nameEn"
          label={t('nameEn')}
          rules={[zodRule(shape.nameEn, t('nameEn'))]}
          tooltip={t('nameEnHint')}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="parentId" label={t('office.parent')}>
          <Select
            allowClear
            options={(offices.data ?? [])
              .filter((o) => o.id !== row?.id)
              .map((o) => ({ value: o.id, label: localName(o, locale) }))}
            data-testid="office-parent"
          />
        </Form.Item>
        <Form.Item name="officeTypeId" label={t('office.type')}>
          <Select allowClear options={types.map((o) => ({ value: o.id, label: o.name }))} data-testid="office-type" />
        </Form.Item>
        <Form.Item name="phone" label={t('office.phone')} rules={[zodRule(shape.phone, t('office.phone'))]}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="orderNum" label={t('sort')} rules={[zodRule(shape.orderNum, t('sort'))]}>
          <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </div>
      <Form.Item name="remark" label={t('remark')} rules={[zodRule(shape.remark, t('remark'))]}>
        <Input maxLength={20} showCount />
      </Form.Item>
    </FormModal>
  );
}
