import { defineModule } from '../../kernel/module';
import * as tables from './platform-templates.tables';
import { platformTemplateRoutes } from './platform-templates.routes';
import { platformTemplateMenus } from './platform-templates.menus';
import { seedPlatformTemplates } from './platform-templates.demo';

/** The platform catalogue of assessment templates that organizations import. */
export const platformTemplatesModule = defineModule({
  name: 'platform-templates',
  dependsOn: ['master-data'],
  tables,
  routes: platformTemplateRoutes,
  menus: platformTemplateMenus(),
  demo: ({ db }) => seedPlatformTemplates(db),
});
