import {
  DOCTOR_POST_CODE,
  RoleId,
  entityByName,
  type Locale,
  type OrgDictOption,
  type OrgDictQuery,
} from '@rehab/shared';
import type { Db } from '../../db/client';
import { enabledMethods } from '../methods';
import { officesOfOrganization } from '../offices';
import { organizationAndChildren } from '../organizations';
import { rolesUsableIn, staffWithRoles } from '../roles';
import { membersWithPostCode, staffWithPostSmallType } from '../users';
import { selectRows } from '../master-data';

/** Who asks: the list is always the session's organization's, names in the caller's language. */
export type OrgDictScope = { organizationId: number; userId: number; locale: Locale; query?: OrgDictQuery };
/** An entry: always `id` and `name`; staff lists add `userId` and `roleId` (the contract's `orgDictOptionSchema`). */
export type OrgDictEntry = OrgDictOption;
type Source = (db: Db, scope: OrgDictScope) => Promise<OrgDictEntry[]>;

/** The select list of a master-data entity (enabled rows only where the entity says so, e.g. equipment). */
const entity =
  (name: string): Source =>
  (db, scope) =>
    selectRows(db, entityByName(name)!, scope);

/** Enabled users holding a role in the organization. */
export const staffWithRole =
  (roleId: number): Source =>
  async (db, scope) => {
    const rows = await staffWithRoles(db, scope.organizationId, [roleId], { order: 'name-id' });
    return rows.map((r) => ({ id: r.id, userId: r.id, name: r.name, roleId }));
  };

/**
 * The therapists of the organization with the post small type each holds there (`postSmallType`, its id, and
 * `postSmallTypeName` in the caller's language, or null); `?postSmallType=<id>` keeps the holders of that one.
 */
const therapists: Source = async (db, scope) => {
  const rows = await staffWithPostSmallType(
    db,
    scope.organizationId,
    RoleId.therapist,
    scope.locale,
    scope.query?.postSmallType,
  );
  return rows.map((r) => ({
    id: r.id,
    userId: r.id,
    name: r.name,
    roleId: RoleId.therapist,
    postSmallType: r.postSmallType,
    postSmallTypeName: r.postSmallTypeName,
  }));
};

/** Enabled users whose post type in the organization has the doctors' code (10), whatever their roles. */
const realDoctors: Source = async (db, scope) => {
  const rows = await membersWithPostCode(db, scope.organizationId, DOCTOR_POST_CODE);
  return rows.map((r) => ({ id: r.id, userId: r.id, name: r.name, postTypeId: r.postTypeId }));
};

/**
 * The organization dictionary lists of spec section 3, served by `GET /api/sys/dict/org/:type`. A list whose
 * entity does not exist yet (projectTemplate, caseTemplate, prescriptionTemplate, orgRelation)
 * is added here with one line once it does: `projectTemplate: entity('projectTemplate')`.
 */
export const ORG_DICTIONARIES: Readonly<Record<string, Source>> = {
  doctor: staffWithRole(RoleId.doctor),
  realDoctor: realDoctors,
  therapist: therapists,
  nurse: staffWithRole(RoleId.nurse),
  postSmallType: entity('postSmallType'),
  postType: entity('postType'),
  part: entity('part'),
  officeType: entity('officeType'),
  unit: entity('unit'),
  profession: entity('profession'),
  relation: entity('relation'),
  nationality: entity('nationality'),
  rank: entity('rank'),
  department: entity('department'),
  duty: entity('duty'),
  equipment: entity('equipment'),
  equipmentType: entity('equipmentType'),
  functional: entity('functional'),
  patientType: entity('patientType'),
  place: entity('place'),
  methodPayment: entity('methodPayment'),
  registered: entity('registered'),
  member: entity('member'),
  treatPackage: entity('treatPackage'),
  treatmentPlanTaboo: entity('treatmentPlanTaboo'),
  /** the enabled assessment methods, with their scale codes */
  method: async (db, scope) => {
    const rows = await enabledMethods(db, scope.organizationId);
    return rows.map((m) => ({ id: m.id, name: scope.locale === 'en' ? m.nameEn : m.name, scaleCode: m.scaleCode }));
  },
  office: (db, scope) => officesOfOrganization(db, scope.organizationId, scope.locale),
  /** the current organization and the organizations under it */
  organization: (db, scope) => organizationAndChildren(db, scope.organizationId, scope.locale),
  /** the platform roles and the organization's own */
  role: async (db, scope) => {
    const rows = await rolesUsableIn(db, scope.organizationId, scope.locale);
    return rows.map((r) => ({ id: r.id, roleId: r.id, name: r.name }));
  },
};

export const ORG_DICT_TYPES = Object.keys(ORG_DICTIONARIES);
