import { useEffect } from 'react';
import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { dictItemSaveSchema, type DictItemRow, type DictType } from '@rehab/shared';
import { FormModal } from '../../../components/form-modal';
import { zodRule } from '../../../lib/form-rules';
import { useSaveDictItem } from '../api/dict-entries';

type Props = { type: DictType; typeLabel: string; row: DictItemRow | null; open: boolean; onClose: () => void };
type Values = { k: string; valZh: string; valEn?: string; sort?: number | null };
const shape = dictItemSaveSchema.shape;

/**
 * Adds or edits one of the organization's own entries; the rules are the shared schema's. The code of an existing
 * entry is fixed: records already store it.
 */
export function DictItemModal({ type, typeLabel, row, open, onClose }: Props) {
  const { t } = useTranslation('dict');
  const [form] = Form.useForm<Values>();
  const save = useSaveDictItem();
  const title = row ? t('form.edit', { name: typeLabel }) : t('form.add', { name: typeLabel });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (row) form.setFieldsValue({ k: row.k, valZh: row.valZh, valEn: row.valEn, sort: row.sort });
  }, [open, row, form]);

  return (
    <FormModal
      open={open}
      title={title}
      width={520}
      form={form}
      testId="dict"
      pending={save.isPending}
      action={row ? t('common:action.edit') : t('actions.add')}
      onClose={onClose}
      onSubmit={(values) =>
        save.mutateAsync({
          type,
          k: values.k,
          valZh: values.valZh,
          valEn: values.valEn ?? '',
          ...(values.sort ? { sort: values.sort } : {}),
          ...(row?.id ? { id: row.id } : {}),
        })
      }
    >
      <Form.Item
        name="k"
        label={t('columns.k')}
        required
        rules={[zodRule(shape.k, t('columns.k'))]}
        extra={t('form.codeHint')}
      >
        <Input maxLength={20} disabled={!!row} data-testid="dict-k" />
      </Form.Item>
      <Form.Item name="valZh" label={t('columns.valZh')} required rules={[zodRule(shape.valZh, t('columns.valZh'))]}>
        <Input maxLength={50} data-testid="dict-valZh" />
      </Form.Item>
      <Form.Item
        name="valEn"
        label={t('columns.valEn')}
        rules={[zodRule(shape.valEn, t('columns.valEn'))]}
        extra={t('form.enHint')}
      >
        <Input maxLength={64} data-testid="dict-valEn" />
      </Form.Item>
      <Form.Item name="sort" label={t('columns.sort')} rules={[zodRule(shape.sort, t('columns.sort'))]}>
        <InputNumber min={1} max={9999} precision={0} style={{ width: 160 }} data-testid="dict-sort" />
      </Form.Item>
    </FormModal>
  );
}
