import { paths } from '../../lib/paths';
import type { ScreenRoute } from './screen-route';

const content = async () => import('../../features/content/pages');

/**
 * Mini-program content (issue 20): homepages, categories, knowledge articles and education items under their menus;
 * the editor of an article or education item (/frisApplet/knowledge/detail/:id, `new` for a new one) opens from the
 * two lists and highlights the knowledge menu.
 */
export const contentRoutes: ScreenRoute[] = [
  {
    path: paths.frisCompanyHomepage,
    menu: paths.frisCompanyHomepage,
    screen: async () => (await content()).CompanyHomepagePage,
  },
  {
    path: paths.frisHospitalHomepage,
    menu: paths.frisHospitalHomepage,
    screen: async () => (await content()).HospitalHomepagePage,
  },
  { path: paths.frisCategory, menu: paths.frisCategory, screen: async () => (await content()).CategoryPage },
  { path: paths.frisKnowledge, menu: paths.frisKnowledge, screen: async () => (await content()).KnowledgePage },
  {
    path: paths.frisKnowledgeDetail,
    menu: paths.frisKnowledge,
    activeMenu: paths.frisKnowledge,
    screen: async () => (await content()).ContentDetailPage,
  },
  { path: paths.frisEducation, menu: paths.frisEducation, screen: async () => (await content()).EducationPage },
];
