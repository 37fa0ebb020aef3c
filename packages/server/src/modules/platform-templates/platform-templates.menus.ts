import { OrganizationTemplatePerm, RoleId } from '@rehab/shared';
import type { BuiltinMenu } from '../../kernel/menu';

const text = (zh: string, en: string) => ({ 'zh-CN': zh, en });

/**
 * The organization's side of the platform templates (/SubFirsScale/organizationTemplate): browse the platform's
 * treatment project templates and import them, for organization administrators. The platform's own maintenance
 * screen (/SubFirsScale/platFormProjectTemplate) is an engine screen of the super administrator (masterDataMenus).
 */
export function platformTemplateMenus(): BuiltinMenu[] {
  const grant = [RoleId.orgAdmin];
  return [
    {
      key: 'subFirsScale.organizationTemplate',
      parentKey: 'subFirsScale',
      type: 1,
      nameLang: text('机构项目模板', 'Organization templates'),
      url: '/SubFirsScale/organizationTemplate',
      icon: 'ProfileOutlined',
      perms: [OrganizationTemplatePerm.list],
      orderNum: 2,
      grant,
    },
    {
      key: 'subFirsScale.organizationTemplate.import',
      parentKey: 'subFirsScale.organizationTemplate',
      type: 2,
      nameLang: text('导入', 'Import'),
      perms: [OrganizationTemplatePerm.import],
      orderNum: 1,
      grant,
    },
  ];
}
