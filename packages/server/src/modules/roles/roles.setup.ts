import { RoleId, type NameLang } from '@rehab/shared';
import type { Db } from '../../db/client';
import { syncSequences } from '../../db/client';
import { roles } from './roles.tables';

const BUILTIN_ROLES: { id: number; nameLang: Required<NameLang>; remark: string }[] = [
  { id: RoleId.superAdmin, nameLang: { 'zh-CN': '超级管理员', en: 'Super administrator' }, remark: 'platform' },
  {
    id: RoleId.orgAdmin,
    nameLang: { 'zh-CN': '机构管理员', en: 'Organization administrator' },
    remark: 'organization',
  },
  { id: RoleId.therapist, nameLang: { 'zh-CN': '治疗师', en: 'Therapist' }, remark: 'treating staff' },
  { id: RoleId.doctor, nameLang: { 'zh-CN': '医生', en: 'Doctor' }, remark: 'treating staff' },
  { id: RoleId.nurse, nameLang: { 'zh-CN': '护士', en: 'Nurse' }, remark: 'treating staff' },
  { id: RoleId.cashier, nameLang: { 'zh-CN': '收费员', en: 'Cashier' }, remark: 'outpatient till' },
  { id: RoleId.finance, nameLang: { 'zh-CN': '财务', en: 'Finance' }, remark: 'refund approval, daily settlement' },
];

/** The built-in roles every database has (added to an existing one when a release brings a new one). */
export async function setupBuiltinRoles(db: Db) {
  await db
    .insert(roles)
    .values(
      BUILTIN_ROLES.map((r) => ({
        id: r.id,
        name: r.nameLang['zh-CN'],
        nameLang: r.nameLang,
        remark: r.remark,
        builtin: true,
      })),
    )
    .onConflictDoNothing();
  await syncSequences(db, ['sys_role']);
}
