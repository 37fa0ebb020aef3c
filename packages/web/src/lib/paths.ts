/** Screen paths: one place to change a route, and typed links everywhere else. */
export const paths = {
  root: '/',
  home: '/home',
  login: '/login',
  userReset: '/user-reset',
  checkout: '/organization/checkout',
  myCenter: '/my-center',
  telemedicineDetail: '/telemedicine/detail',
  systemLog: '/system/log',
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
  sendNews: (emailId?: number) => `/email/send-news${emailId ? `/${emailId}` : ''}`,
  newsInfo: (emailId: number) => `/email/news-info/${emailId}`,
  costMessage: '/email/costMessage',
  costInfo: (emailId: number) => `/email/costInfo/${emailId}`,
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
  // scheduling
  scheduleTable: '/scheduling/scheduleTable',
  schedulingView: '/schedulingView/:master?',
  hisSchedulingView: '/hisService/schedulingView',
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
  meetingList: '/recovery/meeting/list/:userType?',
  meetingDetail: '/recovery/meeting/detail/:id/:disable?',
  /** the platform's treatment project templates as an organization imports them */
  organizationTemplate: '/SubFirsScale/organizationTemplate',
  therapistSchedule: '/schedule/therapist/:master?',
  patientSchedule: '/schedule/patient',
  mypatientList: '/mypatient/list',
  mypatientDetail: '/mypatient/detail/:patientId/:treatmentId/:costType?',
  outpatientList: '/outpatient/list',
  outpatientDetail: '/outpatient/detail/:patientId/:treatmentId',
  maintainComboTemplate: '/maintainTreat/comboTemplate',
  /** prescription management across patients; `:action` = `all` for every prescriber's projects */
  prescriptionManage: '/mypatient/prescription/manage/:action?',
  prescriptionMenu: '/mypatient/prescription/manage',
  shiftManage: '/shiftManage',
  doctorSchedule: '/schedule/doctor',
} as const;

/** Reachable without a token (spec section 2, Route guard). */
export const PUBLIC_PATHS: readonly string[] = [
  paths.login,
  paths.userReset,
  '/schedulingView/master',
  '/hisService/schedulingView',
];

/** Reachable with a token but no current organization. */
export const NO_ORGANIZATION_PATHS: readonly string[] = [...PUBLIC_PATHS, paths.checkout, paths.telemedicineDetail];

/** Query parameters of /login that survive a logout. */
export const LOGIN_QUERY_KEYS = ['loginRoleType', 'CAState'] as const;
