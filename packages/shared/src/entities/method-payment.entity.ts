import { NAME_EN_FIELD, NAME_FIELD, REMARK_FIELD, SORT_FIELD, STATUS_FIELD } from './fields';
import type { EntityDescriptor } from './types';

/** Method of payment (支付方式) a clinic accepts at the cashier: cash, bank card, WeChat Pay, medical insurance ... */
export const methodPaymentEntity: EntityDescriptor = {
  name: 'methodPayment',
  label: { 'zh-CN': '支付方式', en: 'Payment method' },
  api: '/sys/methodPayment',
  route: '/maintainSystem/method-payment',
  group: 'maintainSystem',
  perm: 'sys:methodPayment',
  fields: [
    { ...NAME_FIELD, label: { 'zh-CN': '支付方式名称', en: 'Payment method name' } },
    NAME_EN_FIELD,
    {
      name: 'code',
      type: 'string',
      label: { 'zh-CN': '编码', en: 'Code' },
      required: true,
      max: 20,
      pattern: { regex: '^[A-Za-z0-9-]+$', message: 'validation.alphanumeric' },
    },
    {
      name: 'category',
      type: 'enum',
      label: { 'zh-CN': '类别', en: 'Category' },
      required: true,
      default: 1,
      options: [
        { value: 1, label: { 'zh-CN': '现金', en: 'Cash' } },
        { value: 2, label: { 'zh-CN': '银行卡', en: 'Bank card' } },
        { value: 3, label: { 'zh-CN': '移动支付', en: 'Mobile payment' } },
        { value: 4, label: { 'zh-CN': '医保', en: 'Medical insurance' } },
        { value: 5, label: { 'zh-CN': '其他', en: 'Other' } },
      ],
    },
    STATUS_FIELD,
    REMARK_FIELD,
    SORT_FIELD,
  ],
  columns: [
    { field: 'name', fixed: 'left', width: 160 },
    { field: 'nameEn', width: 170 },
    { field: 'code', width: 120 },
    { field: 'category', width: 120 },
    { field: 'status', width: 90 },
    { field: 'remark', width: 160 },
    { field: 'sort', width: 80 },
    { field: 'updatedAt' },
  ],
  search: ['name', 'category', 'status'],
  unique: ['name', 'code'],
  display: 'name',
  selectWhere: { status: 1 },
};
