import { and, eq } from 'drizzle-orm';
import { ResultCode, RoleId, type Locale } from '@rehab/shared';
import type { Db, TxOrDb } from '../../db/client';
import { isOfficeOf } from '../offices';
import { ownsRow, searchRows } from '../master-data';
import { AppError, notFound } from '../../http/errors';
import { patients, treatments } from './patients.tables';
import { memberHoldsRole, staffWithRoles } from '../roles';

/**
 * What the patients module's services share: the scope a request works in, the errors and value helpers, the checks
 * that the ids a request names are the organization's, a course by id, and the pickers' staff and diagnosis searches.
 * Courses (courses.service.ts), the patient list and detail (patient-list.service.ts) and treatment projects
 * (treatment-projects.service.ts) build on these.
 */

/** Who works: always the session's organization, never one the request names. */
export type Scope = { organizationId: number; userId: number; locale: Locale };

export const bad = (key: string, field: string, params: Record<string, string | number> = {}) =>
  new AppError(ResultCode.badRequest, key, params, { field });
export const conflict = (
  key: string,
  params: Record<string, string | number> = {},
  extra: Record<string, unknown> = {},
) => new AppError(ResultCode.conflict, key, params, extra);

export const decimal = (v: number | undefined, scale: number) => (v === undefined ? null : v.toFixed(scale));
export const num = (v: string | null) => (v === null ? null : Number(v));

// ---------------------------------------------------------------------------------------------------------------
// References: every id a request names must belong to the session's organization (400 naming the field otherwise)

/** A master-data row (by its entity's name: 'disease', 'part' ...) the request names must be the organization's. */
export async function inOrg(tx: TxOrDb, entity: string, id: number | undefined | null, scope: Scope, field: string) {
  if (id === undefined || id === null) return;
  if (!(await ownsRow(tx, entity, id, scope.organizationId))) throw bad('validation.refNotFound', field, { field });
}

export async function checkOffice(tx: TxOrDb, id: number | undefined | null, scope: Scope, field: string) {
  if (id === undefined || id === null) return;
  if (!(await isOfficeOf(tx, scope.organizationId, id))) throw bad('patient.officeNotInOrganization', field);
}

/** A member of the organization holding the role (therapist or doctor) there. */
export async function hasOrgRole(tx: TxOrDb, userId: number, roleId: number, scope: Scope) {
  return memberHoldsRole(tx, scope.organizationId, userId, roleId);
}

export async function checkStaff(
  tx: TxOrDb,
  id: number | undefined | null,
  roleId: number,
  scope: Scope,
  field: string,
) {
  if (id === undefined || id === null) return;
  if (!(await hasOrgRole(tx, id, roleId, scope)))
    throw bad(roleId === RoleId.therapist ? 'patient.notTherapist' : 'patient.notDoctor', field);
}
// ---------------------------------------------------------------------------------------------------------------
// A course of the organization (404 otherwise), locked for update when asked

/** A patient of the organization, with the name (404 when it is not one of its patients). */
export async function patientOfOrganization(db: TxOrDb, organizationId: number, patientId: number) {
  const [p] = await db
    .select({ id: patients.id, name: patients.name })
    .from(patients)
    .where(and(eq(patients.id, patientId), eq(patients.organizationId, organizationId)));
  if (!p) throw notFound();
  return p;
}

export async function courseOf(tx: TxOrDb, scope: Scope, treatmentId: number, lock = false) {
  const q = tx
    .select()
    .from(treatments)
    .where(and(eq(treatments.id, treatmentId), eq(treatments.organizationId, scope.organizationId)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

// ---------------------------------------------------------------------------------------------------------------
// Pickers

/** The organization's treating staff for the pickers: therapists or doctors. */
export async function staffOf(db: Db, scope: Scope, roleId: number) {
  return staffWithRoles(db, scope.organizationId, [roleId], { order: 'id' });
}

/** Disease or functional diagnosis search: Chinese or English text anywhere, code, pinyin or initials as a prefix. */
export function searchDiagnosis(
  db: Db,
  entity: 'disease' | 'functioning',
  scope: Scope,
  keyword: string | undefined,
  limit: number,
) {
  return searchRows(db, entity, scope.organizationId, scope.locale, keyword, limit);
}
