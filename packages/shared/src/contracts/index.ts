import type { Endpoint } from './endpoint';
import { assessmentsEndpoints } from './assessments.contracts';
import { authEndpoints } from './auth.contracts';
import { billingEndpoints } from './billing.contracts';
import { performanceEndpoints } from './performance.contracts';
import { breakEndpoints } from './break.contracts';
import { checkinEndpoints, workloadEndpoints } from './workload.contracts';
import { dashboardEndpoints } from './dashboard.contracts';
import { dictionariesEndpoints } from './dictionaries.contracts';
import { jobsEndpoints } from './jobs.contracts';
import { logsEndpoints } from './logs.contracts';
import { masterDataEndpointGroup } from './master-data.contracts';
import { meetingsEndpoints } from './meetings.contracts';
import { menusEndpoints } from './menus.contracts';
import { messagesEndpoints } from './messages.contracts';
import { methodsEndpoints } from './methods.contracts';
import { officesEndpoints } from './offices.contracts';
import { organizationsEndpoints } from './organizations.contracts';
import { patientsEndpoints } from './patients.contracts';
import { plansEndpoints } from './plans.contracts';
import { platformAdminEndpoints } from './platform-admin.contracts';
import { platformTemplatesEndpoints } from './platform-templates.contracts';
import { prescriptionsEndpoints } from './prescriptions.contracts';
import { rolesEndpoints } from './roles.contracts';
import { scalesEndpoints } from './scales.contracts';
import { screenEndpoints } from './screen.contracts';
import { devicesEndpoints } from './devices.contracts';
import { schedulingEndpoints } from './scheduling.contracts';
import { statisticsEndpoints } from './statistics.contracts';
import { teamsEndpoints } from './teams.contracts';
import { timeSlotsEndpoints } from './time-slots.contracts';
import { userConfigEndpoints } from './user-config.contracts';
import { usersEndpoints } from './users.contracts';
import { versionsEndpoints } from './versions.contracts';
import { workOrdersEndpoints } from './work-orders.contracts';
import { heartbeatsEndpoints } from './heartbeats.contracts';
import { camerasEndpoints } from './cameras.contracts';
import { remoteEndpoints } from './telemedicine.contracts';
import { referralsEndpoints } from './referrals.contracts';
import { qrLoginEndpoints } from './qr-login.contracts';
import { signaturesEndpoints } from './signatures.contracts';
import { leasesEndpoints, tubesEndpoints } from './care.contracts';
import { contentEndpoints } from './content.contracts';
import { homeTasksEndpoints } from './tasks.contracts';
import { productPicturesEndpoints } from './product-pictures.contracts';

export * from './endpoint';
export {
  leasesEndpoints,
  tubesEndpoints,
  assessmentsEndpoints,
  authEndpoints,
  billingEndpoints,
  performanceEndpoints,
  breakEndpoints,
  checkinEndpoints,
  dashboardEndpoints,
  dictionariesEndpoints,
  jobsEndpoints,
  logsEndpoints,
  meetingsEndpoints,
  menusEndpoints,
  messagesEndpoints,
  methodsEndpoints,
  officesEndpoints,
  organizationsEndpoints,
  patientsEndpoints,
  plansEndpoints,
  platformAdminEndpoints,
  platformTemplatesEndpoints,
  prescriptionsEndpoints,
  rolesEndpoints,
  scalesEndpoints,
  schedulingEndpoints,
  statisticsEndpoints,
  teamsEndpoints,
  timeSlotsEndpoints,
  userConfigEndpoints,
  usersEndpoints,
  versionsEndpoints,
  workOrdersEndpoints,
  workloadEndpoints,
  screenEndpoints,
  devicesEndpoints,
  heartbeatsEndpoints,
  camerasEndpoints,
  remoteEndpoints,
  referralsEndpoints,
  qrLoginEndpoints,
  signaturesEndpoints,
  contentEndpoints,
  homeTasksEndpoints,
  productPicturesEndpoints,
};
export * from './master-data.contracts';
export {
  PRODUCT_PICTURE_LIMITS,
  productCoverSchema,
  productPictureSchema,
  type ProductCover,
  type ProductPicture,
} from './product-pictures.contracts';
export { menuNodeSchema } from './menus.contracts';
export { homeCountsSchema, type HomeCounts } from './dashboard.contracts';

/**
 * Every endpoint declared as a contract, by module (`endpoints.versions.page`). The module name is the OpenAPI tag
 * and the section of /api/docs. Modules not listed here still declare their routes on the server only.
 */
export const endpoints = {
  versions: versionsEndpoints,
  methods: methodsEndpoints,
  scales: scalesEndpoints,
  platformTemplates: platformTemplatesEndpoints,
  messages: messagesEndpoints,
  meetings: meetingsEndpoints,
  assessments: assessmentsEndpoints,
  patients: patientsEndpoints,
  billing: billingEndpoints,
  performance: performanceEndpoints,
  plans: plansEndpoints,
  prescriptions: prescriptionsEndpoints,
  teams: teamsEndpoints,
  timeSlots: timeSlotsEndpoints,
  break: breakEndpoints,
  jobs: jobsEndpoints,
  dictionaries: dictionariesEndpoints,
  platformAdmin: platformAdminEndpoints,
  masterData: masterDataEndpointGroup(),
  productPictures: productPicturesEndpoints,
  auth: authEndpoints,
  users: usersEndpoints,
  roles: rolesEndpoints,
  menus: menusEndpoints,
  organizations: organizationsEndpoints,
  offices: officesEndpoints,
  userConfig: userConfigEndpoints,
  dashboard: dashboardEndpoints,
  logs: logsEndpoints,
  checkin: checkinEndpoints,
  workload: workloadEndpoints,
  screen: screenEndpoints,
  scheduling: schedulingEndpoints,
  workOrders: workOrdersEndpoints,
  statistics: statisticsEndpoints,
  devices: devicesEndpoints,
  heartbeats: heartbeatsEndpoints,
  cameras: camerasEndpoints,
  remote: remoteEndpoints,
  referrals: referralsEndpoints,
  qrLogin: qrLoginEndpoints,
  signatures: signaturesEndpoints,
  tubes: tubesEndpoints,
  leases: leasesEndpoints,
  content: contentEndpoints,
  homeTasks: homeTasksEndpoints,
};

export type EndpointModule = keyof typeof endpoints;

/** Every contract with the module it belongs to, in declaration order. */
export function endpointsByModule(): { module: EndpointModule; name: string; endpoint: Endpoint }[] {
  return Object.entries(endpoints).flatMap(([module, group]) =>
    Object.entries(group).map(([name, endpoint]) => ({
      module: module as EndpointModule,
      name,
      endpoint: endpoint as Endpoint,
    })),
  );
}

/** Every contract. */
export function allEndpoints(): Endpoint[] {
  return endpointsByModule().map((e) => e.endpoint);
}
