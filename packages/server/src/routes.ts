import type { RouteDef } from './http/route';
import { authRoutes } from './modules/auth/auth.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { dictionaryRoutes } from './modules/dictionaries/dictionaries.routes';
import { jobRoutes } from './modules/jobs/jobs.routes';
import { breakRoutes } from './modules/break/break.routes';
import { timeSlotRoutes } from './modules/time-slots/time-slots.routes';
import { methodRoutes } from './modules/methods/methods.routes';
import { logRoutes } from './modules/logs/logs.routes';
import { masterDataRoutes } from './modules/master-data/master-data.routes';
import { menuAdminRoutes } from './modules/menus/menus-admin.routes';
import { messageRoutes } from './modules/messages/messages.routes';
import { menuRoutes } from './modules/menus/menus.routes';
import { officeRoutes } from './modules/offices/offices.routes';
import { organizationAdminRoutes } from './modules/organizations/organizations-admin.routes';
import { roleRoutes } from './modules/roles/roles.routes';
import { userAdminRoutes } from './modules/users/users-admin.routes';
import { patientRoutes } from './modules/patients/patients.routes';
import { organizationRoutes } from './modules/organizations/organizations.routes';
import { scaleRoutes } from './modules/scales/scales.routes';
import { userConfigRoutes } from './modules/user-config/user-config.routes';
import { userRoutes } from './modules/users/users.routes';
import { versionRoutes } from './modules/versions/versions.routes';
import { workOrderRoutes } from './modules/work-orders/work-orders.routes';
import { schedulingRoutes } from './modules/scheduling/scheduling.routes';
import { teamRoutes } from './modules/teams/teams.routes';
import { checkinRoutes, workloadRoutes } from './modules/workload/workload.routes';
import { planRoutes } from './modules/patients/plans.routes';
import { assessmentRoutes } from './modules/assessments/assessments.routes';
import { meetingRoutes } from './modules/meetings/meetings.routes';
import { platformTemplateRoutes } from './modules/platform-templates/platform-templates.routes';
import { patientBenchRoutes } from './modules/patients/patients.bench-routes';
import { prescriptionRoutes } from './modules/patients/prescriptions.routes';
import { platformAdminRoutes } from './modules/platform-admin/platform-admin.routes';

/** Every API endpoint, by module. Paths are those of spec section 7, served under /api. */
export const apiRoutes: RouteDef[] = [
  ...authRoutes,
  ...organizationRoutes,
  ...menuRoutes,
  ...userRoutes,
  ...dashboardRoutes,
  ...versionRoutes,
  ...logRoutes,
  ...patientRoutes,
  ...masterDataRoutes,
  ...userConfigRoutes,
  ...dictionaryRoutes,
  ...userAdminRoutes,
  ...roleRoutes,
  ...menuAdminRoutes,
  ...organizationAdminRoutes,
  ...officeRoutes,
  ...jobRoutes,
  ...timeSlotRoutes,
  ...methodRoutes,
  ...messageRoutes,
  ...scaleRoutes,
  ...workOrderRoutes,
  ...schedulingRoutes,
  ...teamRoutes,
  ...checkinRoutes,
  ...workloadRoutes,
  ...planRoutes,
  ...assessmentRoutes,
  ...meetingRoutes,
  ...platformTemplateRoutes,
  ...prescriptionRoutes,
  ...breakRoutes,
  ...platformAdminRoutes,
];

/** Benchmark-only routes, registered only with BENCH_BARE_ROUTES=1 (`npm run bench`; see docs/benchmarks.md). */
export const benchBareRoutes: RouteDef[] = [...patientBenchRoutes];
