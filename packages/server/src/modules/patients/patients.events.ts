import type { Scope } from './patients.service';

/**
 * The events of treatment courses and their projects. Work orders follow them (modules/work-orders subscribes in
 * its manifest): their subscribers write in the same transaction as the change.
 */
declare module '../../kernel/events' {
  interface DomainEvents {
    /** projects were prescribed (a recipe saved, a course reopened with its projects) */
    'patients.projectsPrescribed': { scope: Scope; projectIds: number[] };
    /** projects were updated, assigned, ended or disabled */
    'patients.projectsChanged': { scope: Scope; projectIds: number[] };
    /** a course ended, was discharged or cancelled */
    'patients.courseClosed': { scope: Scope; treatmentId: number };
  }
}

export const PATIENT_EVENTS = [
  'patients.projectsPrescribed',
  'patients.projectsChanged',
  'patients.courseClosed',
] as const;
