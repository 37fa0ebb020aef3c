import { NAME_MAX_WIDTH } from '../validators/text';
import type { EnumField, IntField, LocalText, StringField } from './types';

// Field shapes many entities share. Entities spread them and give their own label where the general one would be
// vague in a message ("职务名称“科主任”已存在" rather than "名称“科主任”已存在").

const text = (zh: string, en: string): LocalText => ({ 'zh-CN': zh, en });

/**
 * A row's name: at most 50 characters and the names' display width (a Chinese character counts 2), the same rule as
 * people's names; the form's input stops at both, so it never holds what the rule refuses.
 */
export const NAME_FIELD: StringField = {
  name: 'name',
  type: 'string',
  label: text('名称', 'Name'),
  required: true,
  max: 50,
  maxWidth: NAME_MAX_WIDTH,
};

/** The English name shown in the English screens: no Chinese characters. */
export const NAME_EN_FIELD: StringField = {
  name: 'nameEn',
  type: 'string',
  label: text('英文名称', 'English name'),
  max: 64,
  pattern: { regex: '^[^\\u2e80-\\u9fff\\uf900-\\ufaff\\uff00-\\uffef]*$', message: 'validation.noChinese' },
};

/**
 * A default frequency (spec section 5): 1/2, 1/3, 1/7 (once every 2, 3 or 7 days) or times a day, 1-9999.
 * Optional here; an entity that needs it spreads it with `required: true`.
 */
export const FREQUENCY_FIELD: StringField = {
  name: 'frequency',
  type: 'string',
  label: text('默认频次', 'Default frequency'),
  max: 5,
  pattern: { regex: '^(1/2|1/3|1/7|[1-9][0-9]{0,3})$', message: 'validation.frequency' },
};

/** Remark: 20 characters (spec section 5, "remark 20"). */
export const REMARK_FIELD: StringField = { name: 'remark', type: 'string', label: text('备注', 'Remark'), max: 20 };

/** Sort number: a positive integer (spec section 5); lower sorts first. */
export const SORT_FIELD: IntField = { name: 'sort', type: 'int', label: text('排序', 'Sort'), min: 1, max: 9999 };

/** Enabled / disabled status, enabled by default. */
export const STATUS_FIELD: EnumField = {
  name: 'status',
  type: 'enum',
  label: text('状态', 'Status'),
  required: true,
  default: 1,
  options: [
    { value: 1, label: text('启用', 'Enabled'), tone: 'success' },
    { value: 0, label: text('停用', 'Disabled'), tone: 'default' },
  ],
};
