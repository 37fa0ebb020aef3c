/**
 * Screen paths: one place to change a route, and typed links everywhere else. Every entry is a route pattern
 * (`:name` a parameter, `:name?` an optional one); a link to a screen is `href(paths.x, { ...params })`.
 */
export const paths = {
  root: '/',
  home: '/home',
  login: '/login',
  userReset: '/user-reset',
  checkout: '/organization/checkout',
  myCenter: '/my-center',
  telemedicineDetail: '/telemedicine/detail',
  /** the phone's confirmation of a QR collaborative login (issue 19): the QR carries this link */
  qrConfirm: '/qr-confirm/:qrId',
  /** remote consultation (issue 17): the requests sent and received */
  telemedicineList: '/telemedicine/list',
  /** the expert's proposals from a consultation (`?id=` names it): treatment projects and assessments */
  telemedicineTreatProject: '/telemedicine/treat-project',
  telemedicineAssessProject: '/telemedicine/assess-project',
  /** referral of a patient (issue 17): the referrals sent and received; `?id=` opens one */
  patientReferral: '/patient/patientReferral',
  /** transfer of treatment (issue 17): the transfers sent and received, and one with what its acceptance moved */
  transferList: '/transferTreatment/treatmentList',
  transferDetail: '/transferTreatment/treatmentDetail',
  /** mini-program content (issue 20): homepages, categories, knowledge articles, education items */
  frisCompanyHomepage: '/frisApplet/companyHomepage',
  frisHospitalHomepage: '/frisApplet/hospitalHomepage',
  frisCategory: '/frisApplet/category',
  frisKnowledge: '/frisApplet/knowledge',
  frisKnowledgeDetail: '/frisApplet/knowledge/detail/:id',
  frisEducation: '/frisApplet/educationDetail',
  systemLog: '/system/log',
  systemAccessLog: '/system/access-log',
  systemVersion: '/system/version',
  systemTimedTask: '/system/timedTask',
  systemBreak: '/system/break',
  maintainTime: '/maintainSystem/time',
  /** the organization's assessment methods (scales it uses) */
  maintainAssessTable: '/maintainSystem/assessTable',
  /** the scale library: the platform catalogue of assessment scales */
  scaleLibrary: '/SubFirsScale/platFormTemplate',
  scale: '/SubFirsScale/platFormTemplate/:code',
  dict: '/dict',
  myNews: '/email/my-news',
  sendNews: '/email/send-news/:emailId?',
  newsInfo: '/email/news-info/:emailId?',
  costMessage: '/email/costMessage',
  costInfo: '/email/costInfo/:emailId?',
  adminUsers: '/maintainSystem/user',
  adminRoles: '/maintainSystem/role',
  adminMenus: '/maintainSystem/menu',
  adminOrganizations: '/maintainSystem/organizationMaintain',
  adminOffices: '/maintainOffice/office',
  adminAccounts: '/maintainSystem/adminAccount',
  operationMessage: '/maintainSystem/operationMessage',
  patientManage: '/patient/manage',
  patientDetail: '/patient/detail/:id/:treatmentId/:showChineseDiagnosis?/:associationFingerprint?',
  patientProject: '/patient/project/:projectId/:isForceShow?',
  orderMy: '/order/my',
  orderDetail: '/order/detail/:id/:page?/:path?',
  orderPatient: '/order/patientOrder',
  orderExpired: '/order/expired',
  orderCheck: '/order/check',
  signatureList: '/signature/list',
  signatureGoSign: '/signature/goSign/:patientName/:currentPatientCardId/:id',
  /** the signature log, the CA provider and certificates (issue 19; shown with CA integration on) */
  signatureLog: '/signature/log',
  // scheduling
  scheduleTable: '/scheduling/scheduleTable',
  schedulingView: '/schedulingView/:master?',
  hisSchedulingView: '/hisService/schedulingView',
  /** the patient's treatment record framed by the hospital system's own page (signed entry, no shell) */
  treatmentIframe: '/treatmentRecord/treatmentIframe',
  /** the department's big screen (no sidebar; also opened by a TV with a screen link, without signing in) */
  bigScreen: '/frisEcharts/screenFris',
  screen: '/screen',
  therapistLeave: '/schedule/therapistLeave',
  therapistSubstitute: '/schedule/therapistSubstitute',
  workplace: '/workplace/manage',
  dailyWorkload: '/dailyWorkload',
  visualWorking: '/visualWorking/visualWorking',
  manageTherapist: '/manageTherapist/therapist',
  patientRecommend: '/patient/project/system-recommend-detail/:patientId/:treatmentId',
  maintainLinkageProject: '/maintainTreat/linkageProject',
  maintainProjectLinkage: '/maintainTreat/projectLinkage',
  mypatientTemplate: '/mypatient/template/:action',
  mypatientTemplateCase: '/mypatient/template/case',
  /** assessments (issue 6): the menu of the /recovery screens, then their route patterns */
  recoveryMenu: '/recovery/list',
  recoveryList: '/recovery/list/:type?',
  recoveryProject: '/recovery/project/:projectId/:isForceShow?',
  recoveryDetail: '/recovery/recovery-detail/:projectId/:oneAndAllType?',
  recoveryViewReport: '/recovery/view-report',
  patientAssessProject: '/patient/assess-project/:projectId/:isForceShow?',
  patientReport: '/patient/report/:patientId/:patientName',
  gauge: '/gauge/:projectId/:methodId/:patientId?/:treatmentId?',
  meetingMenu: '/recovery/meeting/list',
  meetingList: '/recovery/meeting/list/:userType?',
  meetingDetail: '/recovery/meeting/detail/:id/:disable?',
  /** the platform's treatment project templates as an organization imports them */
  organizationTemplate: '/SubFirsScale/organizationTemplate',
  /** the therapists' schedule; with `:master` the master's view (a menu of its own) */
  therapistSchedule: '/schedule/therapist',
  therapistScheduleMaster: '/schedule/therapist/:master',
  patientSchedule: '/schedule/patient',
  mypatientList: '/mypatient/list',
  mypatientDetail: '/mypatient/detail/:patientId/:treatmentId/:costType?',
  outpatientList: '/outpatient/list',
  outpatientDetail: '/outpatient/detail/:patientId/:treatmentId',
  /** outpatient billing: the till, payment (businessId = the course or 0; type 0 all, 1 registration, 2 treatment
   * projects, 3 packages, 4 other; treatmentId preselects one project's charge), refund of a settlement (id) */
  billingCashier: '/outpatient/cashier',
  billingPayment: '/outpatient/payment/:patientId/:businessId/:type/:treatmentId?',
  billingRefund: '/outpatient/refund/:patientId/:businessId/:type/:id',
  billingRefundApproval: '/outpatient/refundApproval',
  billingShifts: '/outpatient/shifts',
  billingDailyReport: '/outpatient/dailyReport',
  /** performance (绩效): the month's table, a therapist's projects (the name for the title), the sessions of one
   * template and combo (comboId 0, combo the combo's name or `~` for projects prescribed alone) */
  achievementTherapist: '/achievement/therapist-achievement',
  achievementTherapistProjects: '/achievement/therapist-projects/:id/:month/:therapistName',
  achievementTherapistDetail: '/achievement/therapist-detail/:templateId/:id/:month/:comboId/:combo',
  /** the rule versions of every project template (record one) */
  achievementRuleVersions: '/achievement/rule-versions',
  /** the doctors' month, a doctor's projects, the prescriptions of one template (0: without a template) */
  achievementDoctor: '/achievement/doctor-achievement',
  achievementDoctorProjects: '/achievement/doctor-projects/:id/:month',
  achievementDoctorDetail: '/achievement/doctor-detail/:templateId/:id/:month',
  /** workload: therapists' and doctors' months, one person's days (type therapist or doctor) */
  achievementTherapistWorkload: '/achievement/therapist-wordload',
  achievementDoctorWorkload: '/achievement/doctor-wordload',
  achievementUserWorkloadDetail: '/achievement/user-wordload-detail/:type/:id/:name/:month',
  /** a doctor's own month: figures, projects and days */
  performanceDoctor: '/performance/doctor',
  maintainComboTemplate: '/maintainTreat/comboTemplate',
  /** prescription management across patients; `:action` = `all` for every prescriber's projects */
  prescriptionManage: '/mypatient/prescription/manage/:action?',
  prescriptionMenu: '/mypatient/prescription/manage',
  shiftManage: '/shiftManage',
  doctorSchedule: '/schedule/doctor',
  /** statistics (issue 16): the load screens and the detail their figures open (filter in the query) */
  statisticsOperations: '/dataStatistical/operational-data',
  statisticsOffice: '/dataStatistical/officeWorkLoad',
  statisticsTherapist: '/dataStatistical/therapistWorkLoad',
  statisticsTherapistDetail: '/dataStatistical/therapistWorkDetail',
  statisticsTherapistProjectDetail: '/dataStatistical/therapistWorkProjectDetail',
  statisticsProject: '/dataStatistical/projectAnalysisLoad',
  statisticsProjectDetail: '/dataStatistical/projectAnalysisDetail',
  statisticsEquipment: '/dataStatistical/equipmentUseLoad',
  statisticsEquipmentDetail: '/dataStatistical/equipmentUseDetail',
  statisticsTurnover: '/dataStatistical/turnOver',
  /** `id`: a cashier, 0 for all */
  statisticsTurnoverDetail: '/dataStatistical/turnOverDetail/:id',
  statisticsTreatmentCost: '/dataStatistical/treatmentCostLoad',
  statisticsTreatmentCostDetail: '/dataStatistical/treatmentCostDetail',
  statisticsHospitalizedCost: '/dataStatistical/hospitalizedCostLoad',
  statisticsHospitalizedCostDetail: '/dataStatistical/hospitalizedCostDetail',
  /** devices (issue 18): the registry, the monitor and one device's pages (the device in the query, `?id=`) */
  deviceManage: '/maintainSystem/equipment-manage',
  deviceMonitor: '/controlManagement/monitor',
  deviceDrill: '/DasEquipment/gameDrill',
  deviceInfo: '/DasEquipment/equipmentInfo',
  deviceHud: '/DasEquipment/visualHUD',
  /** interface heartbeat monitoring (issue 18) */
  heartbeatMonitoring: '/heartbeatMonitoring/index',
  /** the camera wall (issue 18) */
  cameraWall: '/DasEquipment/camera',
  /** tube and catheter care (issue 20): the list, and a tube (its state when opened; its course, if any) */
  pipelineManage: '/pipeline/pipeline-manage',
  pipelineDetail: '/pipeline/pipeline-detail/:patientId/:id/:status/:treatmentId?',
  /** equipment lease to patients (issue 20) */
  customerServiceLease: '/customerService/lease',
  /** home-training tasks (issue 20): the list, and one task (`:type` is its kind, exercise or education) */
  taskManagement: '/taskManagement/taskManagement',
  taskDetail: '/patient/task/detail/:id/:type',
} as const;

/** The segments of a path pattern. */
type Segments<P extends string> = P extends `${infer Head}/${infer Rest}` ? Head | Segments<Rest> : P;
type RequiredName<S> = S extends `:${string}?` ? never : S extends `:${infer Name}` ? Name : never;
type OptionalName<S> = S extends `:${infer Name}?` ? Name : never;
/** A value of a path parameter: strings are encoded, numbers written as they are. */
export type PathValue = string | number;
/** The parameters of a path pattern: `:name` required, `:name?` optional (dropped when null or undefined). */
export type PathParams<P extends string> = { [K in RequiredName<Segments<P>>]: PathValue } & {
  [K in OptionalName<Segments<P>>]?: PathValue | null;
};
type HrefArgs<P extends string> = [RequiredName<Segments<P>>] extends [never]
  ? [params?: PathParams<P>, query?: HrefQuery]
  : [params: PathParams<P>, query?: HrefQuery];
/** A query string's entries; null and undefined ones are left out. */
export type HrefQuery = Record<string, string | number | boolean | null | undefined>;

/**
 * The link to a screen: `href(paths.patientDetail, { id: 1, treatmentId: 2 })`. Each parameter is written
 * encodeURIComponent'ed; a missing optional parameter drops its segment, a missing required one is a type error
 * (and throws). `query` adds a query string (`?tab=password`).
 */
export function href<P extends string>(pattern: P, ...[params, query]: HrefArgs<P>): string {
  const values = (params ?? {}) as Record<string, PathValue | null | undefined>;
  const segments: string[] = [];
  for (const segment of pattern.split('/')) {
    if (!segment.startsWith(':')) {
      segments.push(segment);
      continue;
    }
    const optional = segment.endsWith('?');
    const name = segment.slice(1, optional ? -1 : undefined);
    const value = values[name];
    if (value === undefined || value === null) {
      if (optional) continue;
      throw new Error(`href: ${pattern} needs :${name}`);
    }
    segments.push(encodeURIComponent(String(value)));
  }
  const path = segments.join('/') || '/';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Reachable without a token (spec section 2, Route guard). */
export const PUBLIC_PATHS: readonly string[] = [
  paths.login,
  paths.userReset,
  '/schedulingView/master',
  '/hisService/schedulingView',
  // the hospital system's frame of a patient's treatment record signs in itself with the signed entry
  paths.treatmentIframe,
  // the big screen decides itself: a screen link's token, else the signed-in user's permission, else a sign-in link
  paths.bigScreen,
  paths.screen,
];

/** Reachable with a token but no current organization. */
export const NO_ORGANIZATION_PATHS: readonly string[] = [...PUBLIC_PATHS, paths.checkout, paths.telemedicineDetail];

/**
 * The query flag of the patient list that keeps the patients with projects no therapist is assigned to (spec section 2:
 * the home card opens `/patient/manage?unAssigned=1`). The card and the list both read this one name.
 */
export const UNASSIGNED_QUERY_KEY = 'unAssigned';

/** Query parameters of /login that survive a logout. */
export const LOGIN_QUERY_KEYS = ['loginRoleType', 'CAState'] as const;
