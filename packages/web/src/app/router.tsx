import { createBrowserRouter, Navigate } from 'react-router';
import { MenuGuard, RouteGuard, type RouteHandle } from './guards';
import { paths } from '../lib/paths';
import { RouteError } from './route-error';

const handle = (h: RouteHandle) => h;

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
];

/** Every screen, loaded on demand: the login page downloads only what it shows. */
export const router = createBrowserRouter([
  {
    element: <RouteGuard />,
    errorElement: <RouteError />,
    children: [
      { path: paths.root, element: <Navigate to={paths.home} replace /> },
      {
        path: paths.login,
        // the login page shows the break feature's maintenance notice, both downloaded together
        lazy: async () => {
          const [{ LoginPage }, { LoginBreakNotice }] = await Promise.all([
            import('../features/auth/login-page'),
            import('../features/break/components/login-break-notice'),
          ]);
          return { Component: () => <LoginPage notice={<LoginBreakNotice />} /> };
        },
      },
      {
        // every other screen is built with Ant Design
        lazy: async () => (await import('./antd-layout')).antdLayoutRoute(),
        children: [
          {
            path: paths.userReset,
            lazy: async () => ({ Component: (await import('../features/auth/reset-password-page')).ResetPasswordPage }),
          },
          {
            // signed-in screens: server state and dates, which the login screens do not need
            lazy: async () => ({ Component: (await import('./data-layout')).DataLayout }),
            children: [
              {
                path: paths.checkout,
                lazy: async () => ({
                  Component: (await import('../features/organization/checkout-page')).CheckoutPage,
                }),
              },
              // the schedule view and the hospital-system entry have no sidebar (spec section 2)
              {
                path: paths.schedulingView,
                // the day's cards are asked for while the page's code downloads (it must paint within 1 s); only on
                // entry: the page asks for what its filters and mode switch want
                loader: async ({ params }) => {
                  (await import('../features/scheduling/view-prefetch')).prefetchScheduleView(Boolean(params.master));
                  return null;
                },
                shouldRevalidate: () => false,
                lazy: async () => ({
                  Component: (await import('../features/scheduling/scheduling-view-page')).SchedulingViewPage,
                }),
              },
              {
                path: paths.hisSchedulingView,
                lazy: async () => ({
                  Component: (await import('../features/scheduling/his-service-page')).HisServicePage,
                }),
              },
              {
                // the /gauge group has no sidebar (spec section 2)
                element: <MenuGuard />,
                children: [
                  {
                    path: paths.gauge,
                    handle: handle({ menu: paths.recoveryMenu }),
                    lazy: async () => ({
                      Component: (await import('../features/assessments/gauge-page')).GaugePage,
                    }),
                  },
                ],
              },
              {
                lazy: async () => ({ Component: (await import('./shell/shell-layout')).ShellLayout }),
                children: [
                  {
                    element: <MenuGuard />,
                    children: [
                      {
                        path: paths.home,
                        handle: handle({ menu: paths.home }),
                        lazy: async () => ({ Component: (await import('../features/home/home-page')).HomePage }),
                      },
                      {
                        path: paths.myCenter,
                        lazy: async () => ({
                          Component: (await import('../features/profile/my-center-page')).MyCenterPage,
                        }),
                      },
                      {
                        path: paths.patientManage,
                        handle: handle({ menu: paths.patientManage }),
                        lazy: async () => ({
                          Component: (await import('../features/patients/patient-manage-page')).PatientManagePage,
                        }),
                      },
                      {
                        path: paths.patientDetail,
                        handle: handle({ menu: paths.patientManage }),
                        lazy: async () => ({
                          Component: (await import('../features/patients/patient-detail-page')).PatientDetailPage,
                        }),
                      },
                      {
                        path: paths.patientProject,
                        handle: handle({ menu: paths.patientManage }),
                        lazy: async () => ({
                          Component: (await import('../features/patients/project-detail-page')).ProjectDetailPage,
                        }),
                      },
                      ...MASTER_DATA_ROUTES.map((path) => ({
                        path,
                        handle: handle({ menu: path }),
                        lazy: async () => ({
                          Component: (await import('../features/master-data/master-data-page')).MasterDataPage,
                        }),
                      })),
                      {
                        path: paths.dict,
                        handle: handle({ menu: paths.dict }),
                        lazy: async () => ({
                          Component: (await import('../features/dictionaries/dict-page')).DictPage,
                        }),
                      },
                      {
                        path: paths.systemLog,
                        handle: handle({ menu: paths.systemLog }),
                        lazy: async () => ({
                          Component: (await import('../features/system-log/system-log-page')).SystemLogPage,
                        }),
                      },
                      {
                        path: paths.systemVersion,
                        handle: handle({ menu: paths.systemVersion }),
                        lazy: async () => ({
                          Component: (await import('../features/versions/versions-page')).VersionsPage,
                        }),
                      },
                      ...(
                        [
                          [
                            paths.adminUsers,
                            async () => (await import('../features/administration/users-page')).UsersPage,
                          ],
                          [
                            paths.adminRoles,
                            async () => (await import('../features/administration/roles-page')).RolesPage,
                          ],
                          [
                            paths.adminMenus,
                            async () => (await import('../features/administration/menus-page')).MenusPage,
                          ],
                          [
                            paths.adminOrganizations,
                            async () =>
                              (await import('../features/administration/organizations-page')).OrganizationsPage,
                          ],
                          [
                            paths.adminOffices,
                            async () => (await import('../features/administration/offices-page')).OfficesPage,
                          ],
                        ] as const
                      ).map(([path, load]) => ({
                        path,
                        handle: handle({ menu: path }),
                        lazy: async () => ({ Component: await load() }),
                      })),
                      {
                        path: paths.adminAccounts,
                        handle: handle({ menu: paths.adminAccounts }),
                        lazy: async () => ({
                          Component: (await import('../features/platform-admin/admin-accounts-page')).AdminAccountsPage,
                        }),
                      },
                      {
                        path: paths.operationMessage,
                        handle: handle({ menu: paths.operationMessage }),
                        lazy: async () => ({
                          Component: (await import('../features/platform-admin/platform-notices-page'))
                            .PlatformNoticesPage,
                        }),
                      },
                      {
                        path: paths.systemTimedTask,
                        handle: handle({ menu: paths.systemTimedTask }),
                        lazy: async () => ({ Component: (await import('../features/jobs/jobs-page')).JobsPage }),
                      },
                      {
                        path: paths.systemBreak,
                        handle: handle({ menu: paths.systemBreak }),
                        lazy: async () => ({ Component: (await import('../features/break/break-page')).BreakPage }),
                      },
                      {
                        path: paths.maintainTime,
                        handle: handle({ menu: paths.maintainTime }),
                        lazy: async () => ({
                          Component: (await import('../features/time-slots/time-slots-page')).TimeSlotsPage,
                        }),
                      },
                      {
                        path: paths.maintainAssessTable,
                        handle: handle({ menu: paths.maintainAssessTable }),
                        lazy: async () => ({
                          Component: (await import('../features/methods/methods-page')).MethodsPage,
                        }),
                      },
                      {
                        path: paths.scaleLibrary,
                        handle: handle({ menu: paths.scaleLibrary }),
                        lazy: async () => ({
                          Component: (await import('../features/scales/scale-library-page')).ScaleLibraryPage,
                        }),
                      },
                      {
                        path: paths.scale,
                        handle: handle({ menu: paths.scaleLibrary, activeMenu: paths.scaleLibrary }),
                        lazy: async () => ({
                          Component: (await import('../features/scales/scale-detail-page')).ScaleDetailPage,
                        }),
                      },
                      {
                        path: paths.myNews,
                        handle: handle({ menu: paths.myNews }),
                        lazy: async () => ({
                          Component: (await import('../features/messages/message-list-page')).MessageListPage,
                        }),
                      },
                      {
                        path: '/email/send-news/:emailId?',
                        handle: handle({ menu: paths.myNews, activeMenu: paths.myNews }),
                        lazy: async () => ({
                          Component: (await import('../features/messages/send-news-page')).SendNewsPage,
                        }),
                      },
                      {
                        path: '/email/news-info/:emailId?',
                        handle: handle({ menu: paths.myNews, activeMenu: paths.myNews }),
                        lazy: async () => ({
                          Component: (await import('../features/messages/message-info-page')).MessageInfoPage,
                        }),
                      },
                      {
                        path: paths.costMessage,
                        handle: handle({ menu: paths.costMessage }),
                        lazy: async () => ({
                          Component: (await import('../features/messages/message-list-page')).CostMessagePage,
                        }),
                      },
                      {
                        path: '/email/costInfo/:emailId?',
                        handle: handle({ menu: paths.costMessage, activeMenu: paths.costMessage }),
                        lazy: async () => ({
                          Component: (await import('../features/messages/message-info-page')).CostInfoPage,
                        }),
                      },
                      // scheduling
                      {
                        path: paths.scheduleTable,
                        handle: handle({ menu: paths.scheduleTable }),
                        lazy: async () => ({
                          Component: (await import('../features/scheduling/schedule-table-page')).ScheduleTablePage,
                        }),
                      },
                      {
                        path: paths.therapistLeave,
                        handle: handle({ menu: paths.therapistLeave }),
                        lazy: async () => ({
                          Component: (await import('../features/scheduling/leave-pages')).TherapistLeavePage,
                        }),
                      },
                      {
                        path: '/schedule/therapist',
                        handle: handle({ menu: '/schedule/therapist' }),
                        lazy: async () => {
                          const { PersonSchedulePage } = await import('../features/scheduling/person-schedule-page');
                          return { Component: () => <PersonSchedulePage kind="therapist" /> };
                        },
                      },
                      {
                        path: '/schedule/therapist/:master',
                        handle: handle({ menu: '/schedule/therapist/master' }),
                        lazy: async () => {
                          const { PersonSchedulePage } = await import('../features/scheduling/person-schedule-page');
                          return { Component: () => <PersonSchedulePage kind="therapist" /> };
                        },
                      },
                      {
                        path: paths.patientSchedule,
                        handle: handle({ menu: paths.patientSchedule }),
                        lazy: async () => {
                          const { PersonSchedulePage } = await import('../features/scheduling/person-schedule-page');
                          return { Component: () => <PersonSchedulePage kind="patient" /> };
                        },
                      },
                      {
                        path: paths.shiftManage,
                        handle: handle({ menu: paths.shiftManage }),
                        lazy: async () => ({
                          Component: (await import('../features/scheduling/shift-manage-page')).ShiftManagePage,
                        }),
                      },
                      {
                        path: paths.doctorSchedule,
                        handle: handle({ menu: paths.doctorSchedule }),
                        lazy: async () => ({
                          Component: (await import('../features/scheduling/doctor-schedule-page')).DoctorSchedulePage,
                        }),
                      },
                      {
                        path: paths.therapistSubstitute,
                        handle: handle({ menu: paths.therapistSubstitute }),
                        lazy: async () => ({
                          Component: (await import('../features/scheduling/leave-pages')).TherapistSubstitutePage,
                        }),
                      },
                      {
                        path: paths.orderMy,
                        handle: handle({ menu: paths.orderMy }),
                        lazy: async () => ({
                          Component: (await import('../features/work-orders/pages')).MyOrdersPage,
                        }),
                      },
                      {
                        path: paths.orderDetail,
                        handle: handle({ menu: paths.orderMy, activeMenu: paths.orderMy }),
                        lazy: async () => ({
                          Component: (await import('../features/work-orders/order-detail-page')).OrderDetailPage,
                        }),
                      },
                      {
                        path: paths.orderPatient,
                        handle: handle({ menu: paths.orderPatient }),
                        lazy: async () => ({
                          Component: (await import('../features/work-orders/pages')).PatientOrdersPage,
                        }),
                      },
                      {
                        path: paths.orderExpired,
                        handle: handle({ menu: paths.orderExpired }),
                        lazy: async () => ({
                          Component: (await import('../features/work-orders/pages')).ExpiredOrdersPage,
                        }),
                      },
                      {
                        path: paths.orderCheck,
                        handle: handle({ menu: paths.orderCheck }),
                        lazy: async () => ({
                          Component: (await import('../features/work-orders/pages')).CheckInPage,
                        }),
                      },
                      {
                        path: paths.signatureList,
                        handle: handle({ menu: paths.signatureList }),
                        lazy: async () => ({
                          Component: (await import('../features/work-orders/pages')).SignatureListPage,
                        }),
                      },
                      {
                        path: paths.signatureGoSign,
                        handle: handle({ menu: paths.signatureList, activeMenu: paths.signatureList }),
                        lazy: async () => ({
                          Component: (await import('../features/work-orders/pages')).GoSignPage,
                        }),
                      },
                      {
                        path: paths.workplace,
                        handle: handle({ menu: paths.workplace }),
                        lazy: async () => ({
                          Component: (await import('../features/workload/workplace-page')).WorkplacePage,
                        }),
                      },
                      {
                        path: paths.dailyWorkload,
                        handle: handle({ menu: paths.dailyWorkload }),
                        lazy: async () => ({
                          Component: (await import('../features/workload/daily-workload-page')).DailyWorkloadPage,
                        }),
                      },
                      {
                        path: paths.visualWorking,
                        handle: handle({ menu: paths.visualWorking }),
                        lazy: async () => ({
                          Component: (await import('../features/workload/visual-working-page')).VisualWorkingPage,
                        }),
                      },
                      {
                        path: paths.manageTherapist,
                        handle: handle({ menu: paths.manageTherapist }),
                        lazy: async () => ({
                          Component: (await import('../features/workload/therapist-page')).TherapistPage,
                        }),
                      },
                      {
                        path: paths.patientRecommend,
                        handle: handle({ menu: paths.patientManage }),
                        lazy: async () => ({
                          Component: (await import('../features/patients/recommend-page')).RecommendPage,
                        }),
                      },
                      ...[paths.maintainLinkageProject, paths.maintainProjectLinkage].map((path) => ({
                        path,
                        handle: handle({ menu: paths.maintainLinkageProject }),
                        lazy: async () => ({
                          Component: (await import('../features/patients/linkage-page')).LinkagePage,
                        }),
                      })),
                      {
                        path: paths.mypatientTemplate,
                        handle: handle({ menu: paths.mypatientTemplateCase }),
                        lazy: async () => ({
                          Component: (await import('../features/patients/templates-page')).TemplatesPage,
                        }),
                      },
                      ...(
                        [
                          [
                            paths.recoveryList,
                            paths.recoveryMenu,
                            async () => (await import('../features/assessments/recovery-list-page')).RecoveryListPage,
                          ],
                          [
                            paths.recoveryProject,
                            paths.recoveryMenu,
                            async () => (await import('../features/assessments/project-page')).AssessProjectPage,
                          ],
                          [
                            paths.recoveryDetail,
                            paths.recoveryMenu,
                            async () => (await import('../features/assessments/detail-page')).AssessDetailPage,
                          ],
                          [
                            paths.recoveryViewReport,
                            paths.recoveryMenu,
                            async () => (await import('../features/assessments/view-report-page')).ViewReportPage,
                          ],
                          [
                            paths.patientAssessProject,
                            paths.patientManage,
                            async () => (await import('../features/assessments/patient-assess-page')).PatientAssessPage,
                          ],
                          [
                            paths.patientReport,
                            paths.patientManage,
                            async () => (await import('../features/assessments/patient-report-page')).PatientReportPage,
                          ],
                        ] as const
                      ).map(([path, active, load]) => ({
                        path,
                        handle: handle({ menu: paths.recoveryMenu, activeMenu: active }),
                        lazy: async () => ({ Component: await load() }),
                      })),
                      {
                        path: paths.meetingList,
                        handle: handle({ menu: '/recovery/meeting/list', activeMenu: '/recovery/meeting/list' }),
                        lazy: async () => ({
                          Component: (await import('../features/meetings/meeting-list-page')).MeetingListPage,
                        }),
                      },
                      {
                        path: paths.meetingDetail,
                        handle: handle({ menu: '/recovery/meeting/list', activeMenu: '/recovery/meeting/list' }),
                        lazy: async () => ({
                          Component: (await import('../features/meetings/meeting-detail-page')).MeetingDetailPage,
                        }),
                      },
                      {
                        path: paths.organizationTemplate,
                        handle: handle({ menu: paths.organizationTemplate }),
                        lazy: async () => ({
                          Component: (await import('../features/platform-templates/organization-template-page'))
                            .OrganizationTemplatePage,
                        }),
                      },
                      {
                        path: paths.mypatientList,
                        handle: handle({ menu: paths.mypatientList }),
                        lazy: async () => ({
                          Component: (await import('../features/patients/patient-variants')).MyPatientsPage,
                        }),
                      },
                      {
                        path: paths.mypatientDetail,
                        handle: handle({ menu: paths.mypatientList }),
                        lazy: async () => ({
                          Component: (await import('../features/patients/patient-detail-page')).PatientDetailPage,
                        }),
                      },
                      {
                        path: paths.outpatientList,
                        handle: handle({ menu: paths.outpatientList }),
                        lazy: async () => ({
                          Component: (await import('../features/patients/patient-variants')).OutpatientListPage,
                        }),
                      },
                      {
                        path: paths.outpatientDetail,
                        handle: handle({ menu: paths.outpatientList }),
                        lazy: async () => ({
                          Component: (await import('../features/patients/outpatient-detail-page')).OutpatientDetailPage,
                        }),
                      },
                      {
                        path: paths.maintainComboTemplate,
                        handle: handle({ menu: paths.maintainComboTemplate }),
                        lazy: async () => ({
                          Component: (await import('../features/patients/combo-page')).ComboPage,
                        }),
                      },
                      {
                        path: paths.prescriptionManage,
                        handle: handle({ menu: paths.prescriptionMenu }),
                        lazy: async () => ({
                          Component: (await import('../features/patients/prescription-manage-page'))
                            .PrescriptionManagePage,
                        }),
                      },
                      {
                        path: '*',
                        lazy: async () => ({ Component: (await import('./not-found-page')).NotFoundPage }),
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
]);
