// Every table of the database, for drizzle (db/client.ts), the seed and the schema test: a barrel of the table
// files and nothing else. Each table lives in the module that owns it; the table files import each other for their
// foreign keys and never this file, so any of them loads first without an import cycle (test/tables-load.test.ts).

export * from './data-versions.tables';
export * from '../modules/logs/logs.tables';
export * from '../modules/versions/versions.tables';
export * from '../modules/organizations/organizations.tables';
export * from '../modules/offices/offices.tables';
export * from '../modules/users/users.tables';
export * from '../modules/roles/roles.tables';
export * from '../modules/menus/menus.tables';
export * from '../modules/auth/auth.tables';
export * from '../modules/user-config/user-config.tables';
export * from '../modules/dictionaries/dictionaries.tables';
export * from '../modules/master-data/master-data.tables';
export * from '../modules/master-data/product-pictures.tables';
export * from '../modules/break/break.tables';
export * from '../modules/platform-admin/platform-admin.tables';
export * from '../modules/platform-templates/platform-templates.tables';
export * from '../modules/jobs/jobs.tables';
export * from '../modules/methods/methods.tables';
export * from '../modules/time-slots/time-slots.tables';
export * from '../modules/teams/teams.tables';
export * from '../modules/messages/messages.tables';
export * from '../modules/patients/patients.tables';
export * from '../modules/patients/plans.tables';
export * from '../modules/work-orders/work-orders.tables';
export * from '../modules/scheduling/scheduling.tables';
export * from '../modules/assessments/assessments.tables';
export * from '../modules/meetings/meetings.tables';
export * from '../modules/workload/workload.tables';

/** Translations by locale, for the files that import it with the tables (the seed). */
export type { NameLang } from '@rehab/shared';
