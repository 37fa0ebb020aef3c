import { NAME_EN_FIELD, NAME_FIELD, SORT_FIELD } from './fields';
import type { EntityDescriptor } from './types';

/** Nationality (国籍) of a patient, with its ISO 3166 three-letter code. */
export const nationalityEntity: EntityDescriptor = {
  name: 'nationality',
  label: { 'zh-CN': '国籍', en: 'Nationality' },
  api: '/sys/nationality',
  route: '/maintainSystem/nationality',
  group: 'maintainSystem',
  perm: 'sys:nationality',
  fields: [
    { ...NAME_FIELD, label: { 'zh-CN': '国籍名称', en: 'Nationality name' } },
    NAME_EN_FIELD,
    {
      name: 'code',
      type: 'string',
      label: { 'zh-CN': '国家代码', en: 'Country code' },
      required: true,
      max: 3,
      pattern: { regex: '^[A-Z]{3}$', message: 'validation.countryCode' },
    },
    SORT_FIELD,
  ],
  columns: [
    { field: 'name' },
    { field: 'nameEn' },
    { field: 'code', width: 120 },
    { field: 'sort', width: 90 },
    { field: 'updatedAt' },
  ],
  search: ['name', 'code'],
  unique: ['name', 'code'],
  display: 'name',
  // the patient form's nationality dropdown (spec section 7, Dictionaries)
  selects: [{ method: 'POST', path: '/sys/patient/selectNationalityList' }],
};
