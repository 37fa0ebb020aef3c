import { defineModule } from '../../kernel/module';
import * as tables from './content.tables';
import { contentMenus } from './content.menus';
import { contentRoutes } from './content.routes';
import { contentPublishJob } from './content.jobs';

/**
 * Mini-program content (小程序内容, issue 20): homepages, categories, knowledge articles and education items with a
 * review workflow (the reviewer is never the author) and versions, scheduled publishing, the media library, education
 * sent to patients with read receipts, and the public read API of the mini-program (published only, ETags).
 */
export const contentModule = defineModule({
  name: 'content',
  dependsOn: ['organizations', 'users', 'patients'],
  tables,
  routes: contentRoutes,
  menus: contentMenus(),
  jobs: [contentPublishJob],
});
