import { projectTemplateEntity } from './project-template.entity';
import type { EntityDescriptor, FieldDescriptor } from './types';

const text = (zh: string, en: string) => ({ 'zh-CN': zh, en });

const projectField = (name: string) => projectTemplateEntity.fields.find((f) => f.name === name)!;

/**
 * Platform treatment project template (平台项目模板, /SubFirsScale/platFormProjectTemplate): a treatment project as the
 * hospital group defines it once, which each organization imports into its own treatment projects
 * (/SubFirsScale/organizationTemplate). The fields are the organization template's, except that the dosage unit is
 * a name (units are each organization's own; the import finds the organization's unit of that name or adds it) and
 * there is no equipment (equipment is each organization's).
 */
export const platformTemplateEntity: EntityDescriptor = {
  name: 'platformTemplate',
  label: text('平台项目模板', 'Platform project template'),
  api: '/sys/platformTemplate',
  route: '/SubFirsScale/platFormProjectTemplate',
  group: 'SubFirsScale',
  perm: 'sys:platformTemplate',
  platform: true,
  fields: [
    ...['name', 'nameEn', 'code', 'projectType', 'unitPrice'].map(projectField),
    {
      name: 'unitName',
      type: 'string',
      label: text('剂量单位', 'Dosage unit'),
      required: true,
      max: 16,
      maxWidth: 16,
    } satisfies FieldDescriptor,
    ...['duration', 'frequency', 'times', 'shortLong', 'bedside', 'linkName', 'linkPrice', 'linkMethod'].map(
      projectField,
    ),
    ...['status', 'remark', 'sort'].map(projectField),
  ],
  columns: [
    { field: 'name', fixed: 'left', width: 180 },
    { field: 'nameEn', width: 180 },
    { field: 'code', width: 110 },
    { field: 'projectType', width: 130 },
    { field: 'unitPrice', width: 110 },
    { field: 'unitName', width: 100 },
    { field: 'duration', width: 120 },
    { field: 'frequency', width: 110 },
    { field: 'times', width: 100 },
    { field: 'shortLong', width: 110 },
    { field: 'bedside', width: 80 },
    { field: 'status', width: 90 },
    { field: 'sort', width: 80 },
    { field: 'updatedAt', width: 170 },
  ],
  search: ['name', 'projectType', 'status'],
  unique: ['name'],
  display: 'name',
  selectWhere: { status: 1 },
  // spec section 7: platformTemplate page, save (a body with an id updates), delete
  calls: {
    list: { method: 'POST', path: 'page' },
    save: { method: 'POST', path: 'save' },
    update: { method: 'POST', path: 'save' },
  },
};
