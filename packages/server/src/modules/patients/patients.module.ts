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
  demo: async ({ db, host }) => {
    await seedDemoPatients(host);
    await seedPlanDemo(db);
  },
});
