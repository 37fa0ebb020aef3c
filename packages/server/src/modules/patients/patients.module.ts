import { count, eq } from 'drizzle-orm';
import { defineModule } from '../../kernel/module';
import * as patientTables from './patients.tables';
import * as planTables from './plans.tables';
import { patientRoutes } from './patients.routes';
import { planRoutes } from './plans.routes';
import { prescriptionRoutes } from './prescriptions.routes';
import { patientBenchRoutes } from './patients.bench-routes';
import { patientMenus } from './patients.menus';
import { planMenus } from './plans.menus';
import { prescriptionMenus } from './prescriptions.menus';
import { seedDemoPatients } from './patients.demo';
import { seedPlanDemo } from './plans.demo';
import { unassignedCount } from './treatment-projects.service';
import { PATIENT_EVENTS } from './patients.events';

/** Patients, treatment courses and projects, treatment plans and prescriptions. */
export const patientsModule = defineModule({
  name: 'patients',
  dependsOn: ['offices', 'roles', 'teams'],
  tables: { ...patientTables, ...planTables },
  routes: [...patientRoutes, ...planRoutes, ...prescriptionRoutes],
  benchRoutes: patientBenchRoutes,
  menus: [...patientMenus(), ...planMenus(), ...prescriptionMenus()],
  // projects in progress without a therapist, in the whole organization (the home card of spec section 2)
  counters: [{ field: 'unAssignedCount', count: (db, scope) => unassignedCount(db, scope.organizationId) }],
  publishes: PATIENT_EVENTS,
  // a therapist group named by prescribed projects is not deleted (teams asks before a delete)
  usages: {
    team: async (db, teamId) => {
      const [row] = await db
        .select({ n: count() })
        .from(patientTables.treatmentProjects)
        .where(eq(patientTables.treatmentProjects.teamId, teamId));
      return [{ key: 'team.usesProjects', count: Number(row?.n ?? 0) }];
    },
  },
  demo: async ({ db, host }) => {
    await seedDemoPatients(host);
    await seedPlanDemo(db);
  },
});
