import { ENTITIES, entitySchemas, type EntityDescriptor } from '@rehab/shared';
import type { Db } from '../../db/client';
import { tableOf } from '../../db/entities';
import { toColumns } from './master-data.service';
import { PATIENT_REFERENCE_DEMO } from '../patients/patients.demo-reference';

type DemoRow = Record<string, string | number | boolean | null | undefined>;

const named = (pairs: [string, string][]): DemoRow[] =>
  pairs.map(([name, nameEn], i) => ({ name, nameEn, sort: i + 1 }));
const plain = (names: string[]): DemoRow[] => names.map((name, i) => ({ name, sort: i + 1 }));

/**
 * Demo rows of a rehabilitation department, per entity. A reference names the referenced row by its name
 * (`postTypeId: '治疗师'`); `seedMasterData` turns it into the id.
 */
const DEMO: Record<string, (org: number) => DemoRow[]> = {
  ...PATIENT_REFERENCE_DEMO,
  department: () => [
    { name: '康复医学中心', phone: '010-65432100', sort: 1 },
    { name: '门诊部', phone: '010-65432101', sort: 2 },
    { name: '住院部', phone: '010-65432102', sort: 3 },
    { name: '护理部', phone: '010-65432103', sort: 4 },
  ],
  duty: () =>
    named([
      ['科主任', 'Department director'],
      ['副主任', 'Deputy director'],
      ['治疗师长', 'Chief therapist'],
      ['护士长', 'Head nurse'],
      ['治疗师', 'Therapist'],
    ]),
  postType: () => [
    { name: '医生', nameEn: 'Doctor', code: 10, sort: 1 },
    { name: '治疗师', nameEn: 'Therapist', code: 20, sort: 2 },
    { name: '护士', nameEn: 'Nurse', code: 30, sort: 3 },
    { name: '行政', nameEn: 'Administration', code: 40, sort: 4 },
  ],
  postSmallType: () => [
    { name: '康复医师', postTypeId: '医生', sort: 1 },
    { name: '物理治疗师（PT）', postTypeId: '治疗师', sort: 2 },
    { name: '作业治疗师（OT）', postTypeId: '治疗师', sort: 3 },
    { name: '言语治疗师（ST）', postTypeId: '治疗师', sort: 4 },
    { name: '康复护士', postTypeId: '护士', sort: 5 },
  ],
  rank: () =>
    named([
      ['主任医师', 'Chief physician'],
      ['副主任医师', 'Associate chief physician'],
      ['主治医师', 'Attending physician'],
      ['主管治疗师', 'Supervising therapist'],
      ['治疗师', 'Therapist'],
      ['治疗士', 'Assistant therapist'],
    ]),
  officeType: () => plain(['门诊科室', '住院科室', '治疗科室', '医技科室']),
  part: () =>
    named([
      ['肩', 'Shoulder'],
      ['肘', 'Elbow'],
      ['腕', 'Wrist'],
      ['手', 'Hand'],
      ['髋', 'Hip'],
      ['膝', 'Knee'],
      ['踝', 'Ankle'],
      ['颈', 'Neck'],
      ['腰背', 'Lower back'],
    ]),
  functional: () => [
    { name: '关节活动度', category: 1, sort: 1 },
    { name: '肌力', category: 1, sort: 2 },
    { name: '平衡功能', category: 1, sort: 3 },
    { name: '步行能力', category: 1, sort: 4 },
    { name: '浅感觉', category: 2, sort: 5 },
    { name: '构音', category: 3, sort: 6 },
    { name: '吞咽功能', category: 3, sort: 7 },
    { name: '注意力', category: 4, sort: 8 },
    { name: '记忆力', category: 4, sort: 9 },
    { name: '进食', category: 5, sort: 10 },
    { name: '穿衣', category: 5, sort: 11 },
  ],
  equipmentType: () => plain(['电疗设备', '运动治疗设备', '热疗设备', '牵引设备', '康复机器人']),
  equipment: (org) => [
    {
      name: '中频电疗仪',
      serialNumber: `EQ${org}-001`,
      equipmentTypeId: '电疗设备',
      model: 'K8832-T',
      location: '物理治疗室 1 号床',
      status: 1,
      bedside: true,
      leasePrice: 30,
      purchaseDate: '2023-03-15',
      sort: 1,
    },
    {
      name: '低频脉冲治疗仪',
      serialNumber: `EQ${org}-002`,
      equipmentTypeId: '电疗设备',
      model: 'LGT-2000',
      location: '物理治疗室 2 号床',
      status: 1,
      bedside: true,
      leasePrice: 25.5,
      purchaseDate: '2022-11-02',
      sort: 2,
    },
    {
      name: '电动起立床',
      serialNumber: `EQ${org}-003`,
      equipmentTypeId: '运动治疗设备',
      model: 'DQ-II',
      location: '运动治疗大厅',
      status: 1,
      bedside: false,
      purchaseDate: '2021-06-20',
      sort: 3,
    },
    {
      name: '颈腰椎牵引床',
      serialNumber: `EQ${org}-004`,
      equipmentTypeId: '牵引设备',
      model: 'YHZ-IIIB',
      location: '牵引室',
      status: 1,
      bedside: false,
      purchaseDate: '2020-09-08',
      sort: 4,
    },
    {
      name: '上肢康复机器人',
      serialNumber: `EQ${org}-005`,
      equipmentTypeId: '康复机器人',
      model: 'ArmMotus M2',
      location: '作业治疗室',
      status: 0,
      bedside: false,
      leasePrice: 200,
      purchaseDate: '2024-01-10',
      remark: '维修中',
      sort: 5,
    },
  ],
  profession: () =>
    named([
      ['学生', 'Student'],
      ['工人', 'Worker'],
      ['农民', 'Farmer'],
      ['教师', 'Teacher'],
      ['医务人员', 'Medical staff'],
      ['公务员', 'Civil servant'],
      ['离退休人员', 'Retired'],
      ['其他', 'Other'],
    ]),
  unit: () =>
    named([
      ['次', 'session'],
      ['分钟', 'minute'],
      ['组', 'set'],
      ['个', 'piece'],
      ['部位', 'body part'],
    ]),
  relation: () =>
    named([
      ['本人', 'Self'],
      ['配偶', 'Spouse'],
      ['父母', 'Parent'],
      ['子女', 'Child'],
      ['兄弟姐妹', 'Sibling'],
      ['其他', 'Other'],
    ]),
  nationality: () => [
    { name: '中国', nameEn: 'China', code: 'CHN', sort: 1 },
    { name: '日本', nameEn: 'Japan', code: 'JPN', sort: 2 },
    { name: '韩国', nameEn: 'South Korea', code: 'KOR', sort: 3 },
    { name: '新加坡', nameEn: 'Singapore', code: 'SGP', sort: 4 },
    { name: '美国', nameEn: 'United States', code: 'USA', sort: 5 },
    { name: '英国', nameEn: 'United Kingdom', code: 'GBR', sort: 6 },
  ],
  patientType: () => plain(['门诊患者', '住院患者', '社区康复', '居家康复']),
};

/**
 * Fills the master data of a demo organization. Every row goes through the entity's own save schema, so the demo
 * data obeys the rules the screens enforce.
 */
export async function seedMasterData(db: Db, organizationId: number) {
  const idsByName = new Map<string, Map<string, number>>();
  for (const entity of ENTITIES) {
    const rows = DEMO[entity.name]?.(organizationId) ?? [];
    const values = rows.map((row) => ({ ...parseDemo(entity, resolveRefs(entity, row, idsByName)), organizationId }));
    if (values.length === 0) continue;
    const t = tableOf(entity.name);
    const inserted: { id: number; name: string }[] = await db
      .insert(t)
      .values(values)
      .returning({ id: t.id, name: t[entity.display] });
    idsByName.set(entity.name, new Map(inserted.map((r) => [r.name, r.id])));
  }
}

function resolveRefs(entity: EntityDescriptor, row: DemoRow, idsByName: Map<string, Map<string, number>>): DemoRow {
  const out = { ...row };
  for (const field of entity.fields) {
    if (field.type !== 'ref' || typeof row[field.name] !== 'string') continue;
    const id = idsByName.get(field.entity)?.get(row[field.name] as string);
    if (id === undefined) throw new Error(`demo ${entity.name}: no ${field.entity} named ${row[field.name]}`);
    out[field.name] = id;
  }
  return out;
}

function parseDemo(entity: EntityDescriptor, row: DemoRow): Record<string, unknown> {
  const result = entitySchemas(entity).create.safeParse(row);
  if (!result.success) throw new Error(`demo ${entity.name} ${JSON.stringify(row)}: ${result.error.message}`);
  return toColumns(entity, result.data);
}
