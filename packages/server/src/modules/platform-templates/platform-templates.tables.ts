import { index, integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns';
import { organizations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';
import { sysPlatformTemplate, sysProjectTemplate } from '../master-data/master-data.tables';

/**
 * Which platform template an organization's treatment project was imported from (/SubFirsScale/organizationTemplate).
 * One import per template per organization; deleting the organization's project removes the link (it can be
 * imported again), deleting a platform template keeps the organization's copy and drops the link.
 */
export const platformTemplateImports = pgTable(
  'sys_platform_template_import',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    platformTemplateId: integer('platform_template_id')
      .notNull()
      .references(() => sysPlatformTemplate.id, { onDelete: 'cascade' }),
    projectTemplateId: integer('project_template_id')
      .notNull()
      .references(() => sysProjectTemplate.id, { onDelete: 'cascade' }),
    importedBy: integer('imported_by').references(() => users.id, { onDelete: 'set null' }),
    importedAt: ts('imported_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sys_platform_template_import_org_tpl_uq').on(t.organizationId, t.platformTemplateId),
    index('sys_platform_template_import_project_idx').on(t.projectTemplateId),
  ],
);
