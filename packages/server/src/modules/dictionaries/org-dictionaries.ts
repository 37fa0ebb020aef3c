import { and, asc, eq, isNull, or } from 'drizzle-orm';
import {
  DOCTOR_POST_CODE,
  RoleId,
  entityByName,
  type Locale,
  type NameLang,
  type OrgDictOption,
  type OrgDictQuery,
} from '@rehab/shared';
import type { Db } from '../../db/client';
import { sysPostSmallType, sysPostType } from '../master-data/master-data.tables';
import { enabledMethods } from '../methods';
import { offices } from '../offices/offices.tables';
import { organizations } from '../organizations/organizations.tables';
import { roles, userRoles } from '../roles/roles.tables';
import { userOrganizations, users } from '../users/users.tables';
import { selectRows } from '../master-data';

/** Who asks: the list is always the session's organization's, names in the caller's language. */
export type OrgDictScope = { organizationId: number; userId: number; locale: Locale; query?: OrgDictQuery };
/** An entry: always `id` and `name`; staff lists add `userId` and `roleId` (the contract's `orgDictOptionSchema`). */
export type OrgDictEntry = OrgDictOption;
type Source = (db: Db, scope: OrgDictScope) => Promise<OrgDictEntry[]>;

const named = (name: string, lang: NameLang | null | undefined, locale: Locale) => lang?.[locale] || name;

/** The select list of a master-data entity (enabled rows only where the entity says so, e.g. equipment). */
const entity =
  (name: string): Source =>
  (db, scope) =>
    selectRows(db, entityByName(name)!, scope);

/** Enabled users holding a role in the organization. */
export const staffWithRole =
  (roleId: number): Source =>
  async (db, scope) => {
    const rows = await db
      .selectDistinct({ id: users.id, name: users.name })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .where(and(eq(userRoles.organizationId, scope.organizationId), eq(userRoles.roleId, roleId), eq(users.status, 1)))
      .orderBy(asc(users.name), asc(users.id));
    return rows.map((r) => ({ id: r.id, userId: r.id, name: r.name, roleId }));
  };

/**
 * The therapists of the organization with the post small type each holds there (`postSmallType`, its id, and
 * `postSmallTypeName` in the caller's language, or null); `?postSmallType=<id>` keeps the holders of that one.
 */
const therapists: Source = async (db, scope) => {
  const filter = scope.query?.postSmallType;
  const rows = await db
    .selectDistinct({
      id: users.id,
      name: users.name,
      postSmallType: userOrganizations.postSmallTypeId,
      postSmallTypeName: sysPostSmallType.name,
      postSmallTypeNameEn: sysPostSmallType.nameEn,
    })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(
      userOrganizations,
      and(eq(userOrganizations.userId, users.id), eq(userOrganizations.organizationId, scope.organizationId)),
    )
    .leftJoin(sysPostSmallType, eq(sysPostSmallType.id, userOrganizations.postSmallTypeId))
    .where(
      and(
        eq(userRoles.organizationId, scope.organizationId),
        eq(userRoles.roleId, RoleId.therapist),
        eq(users.status, 1),
        filter === undefined ? undefined : eq(userOrganizations.postSmallTypeId, filter),
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((r) => ({
    id: r.id,
    userId: r.id,
    name: r.name,
    roleId: RoleId.therapist,
    postSmallType: r.postSmallType,
    postSmallTypeName:
      r.postSmallTypeName == null
        ? null
        : named(r.postSmallTypeName as string, { en: r.postSmallTypeNameEn as string }, scope.locale),
  }));
};

/** Enabled users whose post type in the organization has the doctors' code (10), whatever their roles. */
const realDoctors: Source = async (db, scope) => {
  const rows = await db
    .select({ id: users.id, name: users.name, postTypeId: userOrganizations.postTypeId })
    .from(users)
    .innerJoin(userOrganizations, eq(userOrganizations.userId, users.id))
    .innerJoin(sysPostType, eq(sysPostType.id, userOrganizations.postTypeId))
    .where(
      and(
        eq(userOrganizations.organizationId, scope.organizationId),
        eq(sysPostType.code, DOCTOR_POST_CODE),
        eq(users.status, 1),
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
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
  office: async (db, scope) => {
    const rows = await db
      .select()
      .from(offices)
      .where(eq(offices.organizationId, scope.organizationId))
      .orderBy(asc(offices.orderNum), asc(offices.id));
    return rows.map((o) => ({ id: o.id, name: named(o.name, o.nameLang, scope.locale) }));
  },
  /** the current organization and the organizations under it */
  organization: async (db, scope) => {
    const rows = await db
      .select()
      .from(organizations)
      .where(
        and(
          eq(organizations.status, 1),
          or(eq(organizations.id, scope.organizationId), eq(organizations.parentId, scope.organizationId)),
        ),
      )
      .orderBy(asc(organizations.id));
    return rows.map((o) => ({ id: o.id, name: named(o.name, o.nameLang, scope.locale) }));
  },
  /** the platform roles and the organization's own */
  role: async (db, scope) => {
    const rows = await db
      .select()
      .from(roles)
      .where(or(isNull(roles.organizationId), eq(roles.organizationId, scope.organizationId)))
      .orderBy(asc(roles.id));
    return rows.map((r) => ({ id: r.id, roleId: r.id, name: named(r.name, r.nameLang, scope.locale) }));
  },
};

export const ORG_DICT_TYPES = Object.keys(ORG_DICTIONARIES);
