import { NAME_EN_FIELD, NAME_FIELD, SORT_FIELD, STATUS_FIELD } from './fields';
import type { EntityDescriptor } from './types';

const text = (zh: string, en: string) => ({ 'zh-CN': zh, en });

/**
 * Product information (产品信息, /productInformation/productInfo): the organization's catalogue of rehab products
 * and devices it sells, lends or uses (name, model, kind, maker, description, a picture, status). A master-data
 * entity: list, search, add, edit, delete and export come from the engine. The picture is the address of an image
 * (the engine has no file field; see docs/decisions.md, issue 20).
 */
export const productInfoEntity: EntityDescriptor = {
  name: 'productInfo',
  label: text('产品信息', 'Product information'),
  api: '/sys/productInfo',
  route: '/productInformation/productInfo',
  group: 'productInformation',
  perm: 'sys:productInfo',
  fields: [
    { ...NAME_FIELD, label: text('产品名称', 'Product name') },
    NAME_EN_FIELD,
    { name: 'model', type: 'string', label: text('规格型号', 'Model'), max: 50 },
    {
      name: 'kind',
      type: 'enum',
      label: text('产品类别', 'Kind'),
      required: true,
      default: 1,
      options: [
        { value: 1, label: text('康复器械', 'Rehab device'), tone: 'processing' },
        { value: 2, label: text('辅助器具', 'Assistive product'), tone: 'success' },
        { value: 3, label: text('耗材', 'Consumable'), tone: 'default' },
        { value: 4, label: text('家庭康复设备', 'Home-rehab equipment'), tone: 'warning' },
      ],
    },
    { name: 'manufacturer', type: 'string', label: text('生产厂家', 'Manufacturer'), max: 50 },
    { name: 'description', type: 'text', label: text('产品介绍', 'Description'), max: 500 },
    {
      name: 'imageUrl',
      type: 'string',
      label: text('产品图片地址', 'Picture address'),
      max: 300,
      pattern: { regex: '^https?://\\S+$', message: 'validation.imageUrl' },
    },
    STATUS_FIELD,
    SORT_FIELD,
  ],
  columns: [
    { field: 'name', fixed: 'left', width: 180 },
    { field: 'nameEn', width: 180 },
    { field: 'model', width: 140 },
    { field: 'kind', width: 130 },
    { field: 'manufacturer', width: 160 },
    { field: 'description', width: 240 },
    { field: 'imageUrl', width: 200 },
    { field: 'status', width: 90 },
    { field: 'sort', width: 80 },
    { field: 'updatedAt', width: 170 },
  ],
  search: ['name', 'kind', 'status'],
  unique: ['name'],
  display: 'name',
  selectWhere: { status: 1 },
};
