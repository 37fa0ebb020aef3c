import { PRODUCT_CODES, type ProductCode } from './schemas/admin.schema';

/**
 * What each product module of an organization covers (organizationConfig/listSoftProduct): the screen routes of
 * spec section 2, the API paths of spec section 7 and the permission codes that belong to it. When an organization
 * switches a product off, its menus leave the sidebar, its permission codes leave the session (so buttons hide and
 * permission routes answer 403) and its API paths answer 403 for that organization, whatever the caller's roles.
 *
 * Matching is by prefix on whole path segments (`/email` covers `/email/my-news`, not `/emails`) and, for permission
 * codes, by a prefix ending in ":" or the exact code. A route, call or code matched by several products needs all of
 * them: the cost messages are messages and billing, so switching off either hides them.
 *
 * The organization's own administration (menus, roles, users, organizations, dictionaries, master data, time slots,
 * jobs, logs, versions) and the scale catalogue (`/scales`, read before an organization is chosen) belong to no
 * product and are never switched off.
 */
export const PRODUCT_SCOPES: Record<ProductCode, { routes: string[]; api: string[]; perms: string[] }> = {
  scheduling: {
    routes: [
      '/schedule',
      '/schedulingView',
      '/hisService/schedulingView',
      '/scheduling',
      '/shiftManage',
      '/visualWorking',
    ],
    api: ['/schedulingManagement'],
    perms: ['sys:schedulingManagement:'],
  },
  assessment: {
    routes: [
      '/recovery',
      '/gauge',
      '/patient/assess-project',
      '/SubFirsScale/platFormTemplate',
      '/maintainSystem/assessTable',
    ],
    api: ['/sys/method', '/sys/recovery', '/sys/assess'],
    perms: ['sys:method:', 'sys:recovery:', 'sys:cardUnfinishedAssess:show'],
  },
  messages: {
    routes: ['/email'],
    api: ['/sys/message'],
    perms: ['sys:message:'],
  },
  billing: {
    routes: [
      '/outpatient/payment',
      '/outpatient/refund',
      '/outpatient/cashier',
      '/outpatient/refundApproval',
      '/outpatient/shifts',
      '/outpatient/dailyReport',
      '/email/costMessage',
      '/email/costInfo',
    ],
    api: ['/sys/pay'],
    perms: ['sys:message:cost', 'sys:pay:'],
  },
  statistics: {
    routes: ['/dataStatistical', '/achievement', '/dailyWorkload', '/performance', '/frisEcharts'],
    api: ['/sys/statistics', '/doctorPerformance', '/sys/achievement', '/sys/doctorPerformance'],
    perms: ['sys:statistics:', 'sys:achievement:'],
  },
  telemedicine: {
    routes: ['/telemedicine', '/patient/patientReferral', '/transferTreatment'],
    api: ['/sys/remoteDiagnosis', '/sys/reportMedicalRecord', '/sys/patientReferral'],
    perms: ['sys:remote:', 'sys:referral:patientList', 'sys:referral:request', 'sys:referral:receive'],
  },
  deviceIntegration: {
    routes: ['/DasEquipment', '/controlManagement', '/heartbeatMonitoring', '/maintainSystem/equipment-manage'],
    api: ['/sys/camera', '/hisHeartbeat', '/sys/device'],
    perms: ['sys:camera:', 'sys:device:', 'sys:heartbeat:'],
  },
};

/**
 * Switches of an organization that are not product modules but gate screens and permissions the same way: `ca` is
 * on where the organization's CA integration is on (`sys_organization.ca_integration`; spec section 6: the signature
 * log's menu appears only then). The server adds `ca` to the session's products (menus productsOf).
 */
export const ORGANIZATION_GATES = {
  ca: { routes: ['/signature/log'], api: [] as string[], perms: ['sys:signature:list'] },
};
export type OrganizationGate = ProductCode | keyof typeof ORGANIZATION_GATES;
const SCOPES: Record<OrganizationGate, { routes: string[]; api: string[]; perms: string[] }> = {
  ...PRODUCT_SCOPES,
  ...ORGANIZATION_GATES,
};
const GATES = [...PRODUCT_CODES, ...(Object.keys(ORGANIZATION_GATES) as (keyof typeof ORGANIZATION_GATES)[])];

const pathUnder = (path: string, prefix: string) =>
  path === prefix || (path.startsWith(prefix) && path.charAt(prefix.length) === '/');

const codeUnder = (code: string, prefix: string) => (prefix.endsWith(':') ? code.startsWith(prefix) : code === prefix);

/** The products a screen route needs (none for most). */
export function productsOfRoute(route: string): OrganizationGate[] {
  return GATES.filter((p) => SCOPES[p].routes.some((prefix) => pathUnder(route, prefix)));
}

/** The products an API path (under /api, without it) needs. */
export function productsOfApi(url: string): OrganizationGate[] {
  return GATES.filter((p) => SCOPES[p].api.some((prefix) => pathUnder(url, prefix)));
}

/** The products a permission code needs. */
export function productsOfPermission(code: string): OrganizationGate[] {
  return GATES.filter((p) => SCOPES[p].perms.some((prefix) => codeUnder(code, prefix)));
}

const allOn = (needed: OrganizationGate[], enabled: ReadonlySet<string>) => needed.every((p) => enabled.has(p));

/** Whether a permission code stays in a session of an organization with these products enabled. */
export const permissionEnabled = (code: string, enabled: ReadonlySet<string>) =>
  allOn(productsOfPermission(code), enabled);

/** Whether an API path is served to an organization with these products enabled. */
export const apiEnabled = (url: string, enabled: ReadonlySet<string>) => allOn(productsOfApi(url), enabled);

/**
 * Whether a menu entry (a screen with its route, or a button) shows for an organization with these products: its
 * route and every one of its permission codes must belong to enabled products only.
 */
export function menuEnabled(menu: { url?: string | null; perms?: string | null }, enabled: ReadonlySet<string>) {
  if (menu.url && !allOn(productsOfRoute(menu.url.split('?')[0]!), enabled)) return false;
  const codes = (menu.perms ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  return codes.every((c) => permissionEnabled(c, enabled));
}
