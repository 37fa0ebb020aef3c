import { paths } from '../../lib/paths';
import type { ScreenRoute } from './screen-route';

/**
 * Screens of the master-data entities, all served by one page that reads the entity's shared descriptor. Only the
 * paths are listed here, so the login page does not load the descriptors (a test checks they match).
 */
export const MASTER_DATA_ROUTES = [
  '/maintainOffice/department',
  '/maintainOffice/duty',
  '/maintainOffice/postType',
  '/maintainOffice/postsmalltype',
  '/maintainOffice/rank',
  '/maintainOffice/officetype',
  '/maintainOffice/placeManage',
  '/maintainTreat/part',
  '/maintainTreat/functional',
  '/maintainTreat/equipment-type',
  '/maintainTreat/equipment',
  '/maintainTreat/therapeutic-regimen',
  '/maintainTreat/treatPackage',
  '/maintainTreat/disease',
  '/maintainTreat/functioning',
  '/maintainTreat/template',
  '/maintainSystem/profession',
  '/maintainSystem/unit',
  '/maintainSystem/relation',
  '/maintainSystem/nationality',
  '/maintainSystem/patientType',
  '/maintainSystem/method-payment',
  '/maintainSystem/registered',
  '/maintainSystem/member',
  '/maintainSystem/qualityControl',
  '/SubFirsScale/platFormProjectTemplate',
  '/maintainTreat/recoveryMethod',
  '/maintainTreat/performanceSet',
  '/productInformation/productInfo',
  '/maintainPrecept/maintainPrecept',
];

const masterDataPage = async () => (await import('../../features/master-data/master-data-page')).MasterDataPage;

/** Master data: one screen per entity, and the dictionaries. */
export const masterDataRoutes: ScreenRoute[] = [
  ...MASTER_DATA_ROUTES.map((path) => ({ path, menu: path, screen: masterDataPage })),
  {
    path: paths.dict,
    menu: paths.dict,
    screen: async () => (await import('../../features/dictionaries/dict-page')).DictPage,
  },
];
