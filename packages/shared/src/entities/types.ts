import type { Locale } from '../i18n/locale';

/** A text in every supported language. */
export type LocalText = Record<Locale, string>;

type FieldBase = {
  /** the API name (camelCase); the column is its snake_case */
  name: string;
  label: LocalText;
  required?: boolean;
};

/**
 * Text. `max` counts characters; `maxWidth` counts display width (a Chinese character counts 2) and `maxChinese`
 * Chinese characters, the rules of spec section 5. `text` is the same value edited in a text area.
 */
export type StringField = FieldBase & {
  type: 'string' | 'text';
  max: number;
  maxWidth?: number;
  maxChinese?: number;
  /** a pattern the whole value must match, with the i18n key of its message */
  pattern?: { regex: string; message: string };
};

/** Whole number within [min, max]; `min: 1` reads "positive integer" (sort numbers). */
export type IntField = FieldBase & { type: 'int'; min: number; max: number };

/** Decimal number within [min, max] with at most `scale` decimals (prices: 0.01-99999.99, 2 decimals). */
export type DecimalField = FieldBase & { type: 'decimal'; min: number; max: number; scale: number };

export type BoolField = FieldBase & { type: 'bool' };

/** `tone` lets a screen show the value as a status badge (enabled green, disabled grey ...). */
export type EnumOption = {
  value: number;
  label: LocalText;
  tone?: 'success' | 'processing' | 'warning' | 'error' | 'default';
};
/** One of a fixed set of numeric codes, each with labels in both languages. */
export type EnumField = FieldBase & { type: 'enum'; options: readonly EnumOption[]; default?: number };

/** The id of a row of another entity of the same organization. Name it `xxxId`; lists add `xxxName`. */
export type RefField = FieldBase & { type: 'ref'; entity: string };

/** A calendar date, `YYYY-MM-DD`; `beforeToday` refuses future dates, `afterToday` past ones (spec section 5). */
export type DateField = FieldBase & { type: 'date'; mode?: 'beforeToday' | 'afterToday' };

export type FieldDescriptor = StringField | IntField | DecimalField | BoolField | EnumField | RefField | DateField;
export type FieldType = FieldDescriptor['type'];

/** Columns every row has besides its fields. */
export const SYSTEM_COLUMNS = ['createdAt', 'updatedAt'] as const;
export type SystemColumn = (typeof SYSTEM_COLUMNS)[number];

export type ColumnDescriptor = {
  /** a field name or a system column */
  field: string;
  width?: number;
  /** a fixed column stays visible and in place (spec section 5, table column chooser) */
  fixed?: 'left' | 'right';
};

export type CallMethod = 'GET' | 'POST' | 'PUT';

/** An HTTP call: a path relative to the entity's API base (`list`), or absolute under /api (`/sys/patient/x`). */
export type EntityCall = { method: CallMethod; path: string };

/**
 * The call shapes of spec section 7 that differ from the engine's defaults (`POST list`, `POST save`, `POST update`):
 * `list: { method: 'GET', path: 'list' }` takes the search as query parameters; when `save` and `update` name the
 * same call (`PUT save`, `POST saveOrUpdate`), that one call creates a row without an id and updates one with it.
 */
export type EntityCallOverrides = Partial<Record<'list' | 'save' | 'update', EntityCall>>;

/**
 * A further dropdown call of an entity (spec section 7: `profession/selectProfessionList`): its rows as id and name,
 * optionally narrowed by the exact value of some fields (`postTypeId`), or with `values` the distinct values of one
 * text field (suggestions for a free-text field such as the equipment location). Open to every member.
 */
export type SelectCall = EntityCall & { filters?: readonly string[]; values?: string };

/** The sidebar directory of a screen; also the first segment of its route. */
export type EntityGroup =
  'maintainOffice' | 'maintainTreat' | 'maintainSystem' | 'SubFirsScale' | 'productInformation' | 'maintainPrecept';

/**
 * One reference entity, described once: the server builds its table and its list / info / save / update / delete /
 * select calls from this, the web builds its screen (table, search form, edit form, export) from it.
 */
export type EntityDescriptor = {
  /** registry key (camelCase); the table is `sys_<snake_case>` */
  name: string;
  label: LocalText;
  /** API base path of spec section 7, under /api (`/sys/duty`) */
  api: string;
  /** screen route of spec section 2 (`/maintainOffice/duty`) */
  route: string;
  group: EntityGroup;
  /** permission code prefix, renren style: `sys:duty` gives sys:duty:list, :info, :save, :update, :delete */
  perm: string;
  fields: readonly FieldDescriptor[];
  /** list columns, in their default order */
  columns: readonly ColumnDescriptor[];
  /** fields of the search form: text fields match a part, the others match exactly */
  search: readonly string[];
  /** fields whose value is unique within the organization (text compared without case) */
  unique: readonly string[];
  /** the field that names a row (select lists, messages) */
  display: string;
  /** only rows matching this appear in the select list (e.g. enabled equipment) */
  selectWhere?: Readonly<Record<string, number | boolean>>;
  /** call shapes other than the defaults */
  calls?: EntityCallOverrides;
  /** further dropdown calls */
  selects?: readonly SelectCall[];
  /**
   * The table also keeps the display name's pinyin and pinyin initials (written on save), so a search can match
   * 脑梗死, naogengsi or ngs with an indexed prefix query.
   */
  pinyin?: boolean;
  /**
   * The rows belong to the platform, not to an organization (platform templates a hospital group maintains once and
   * its organizations import): one list for every organization, unique across the platform, maintained by whoever
   * holds the entity's codes (the super administrator by default). A platform entity refers to no organization's rows.
   */
  platform?: boolean;
};

export type EntityPermissions = { list: string; info: string; save: string; update: string; delete: string };

/** The post type code (岗位类型编码) of doctors: holders of such a post are the `realDoctor` list. */
export const DOCTOR_POST_CODE = 10;
