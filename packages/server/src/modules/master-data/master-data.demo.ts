import { ENTITIES, entitySchemas, type EntityDescriptor } from '@rehab/shared';
import type { Db } from '../../db/client';
import { tableOf } from './master-data.tables';
import { toColumns } from './master-data.service';
import { PATIENT_REFERENCE_DEMO } from './master-data.demo-reference';
import { seedProductPictures } from './product-pictures.demo';

type DemoRow = Record<string, string | number | boolean | null | undefined>;

const named = (pairs: [string, string][]): DemoRow[] =>
  pairs.map(([name, nameEn], i) => ({ name, nameEn, sort: i + 1 }));

/**
 * Demo rows of a rehabilitation department, per entity. A reference names the referenced row by its name
 * (`postTypeId: '治疗师'`); `seedMasterData` turns it into the id.
 */
export const DEMO: Record<string, (org: number) => DemoRow[]> = {
  ...PATIENT_REFERENCE_DEMO,
  department: () => [
    { name: '康复医学中心', nameEn: 'Rehabilitation Medicine Center', phone: '010-65432100', sort: 1 },
    { name: '门诊部', nameEn: 'Outpatient division', phone: '010-65432101', sort: 2 },
    { name: '住院部', nameEn: 'Inpatient division', phone: '010-65432102', sort: 3 },
    { name: '护理部', nameEn: 'Nursing division', phone: '010-65432103', sort: 4 },
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
    { name: '康复医师', nameEn: 'Rehabilitation physician', postTypeId: '医生', sort: 1 },
    { name: '物理治疗师（PT）', nameEn: 'Physical therapist (PT)', postTypeId: '治疗师', sort: 2 },
    { name: '作业治疗师（OT）', nameEn: 'Occupational therapist (OT)', postTypeId: '治疗师', sort: 3 },
    { name: '言语治疗师（ST）', nameEn: 'Speech therapist (ST)', postTypeId: '治疗师', sort: 4 },
    { name: '康复护士', nameEn: 'Rehabilitation nurse', postTypeId: '护士', sort: 5 },
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
  officeType: () =>
    named([
      ['门诊科室', 'Outpatient department'],
      ['住院科室', 'Inpatient department'],
      ['治疗科室', 'Treatment department'],
      ['医技科室', 'Medical technology department'],
    ]),
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
    { name: '关节活动度', nameEn: 'Range of motion', category: 1, sort: 1 },
    { name: '肌力', nameEn: 'Muscle strength', category: 1, sort: 2 },
    { name: '平衡功能', nameEn: 'Balance', category: 1, sort: 3 },
    { name: '步行能力', nameEn: 'Walking', category: 1, sort: 4 },
    { name: '浅感觉', nameEn: 'Superficial sensation', category: 2, sort: 5 },
    { name: '构音', nameEn: 'Articulation', category: 3, sort: 6 },
    { name: '吞咽功能', nameEn: 'Swallowing', category: 3, sort: 7 },
    { name: '注意力', nameEn: 'Attention', category: 4, sort: 8 },
    { name: '记忆力', nameEn: 'Memory', category: 4, sort: 9 },
    { name: '进食', nameEn: 'Eating', category: 5, sort: 10 },
    { name: '穿衣', nameEn: 'Dressing', category: 5, sort: 11 },
  ],
  equipmentType: () =>
    named([
      ['电疗设备', 'Electrotherapy'],
      ['运动治疗设备', 'Exercise therapy'],
      ['热疗设备', 'Thermotherapy'],
      ['牵引设备', 'Traction'],
      ['康复机器人', 'Rehabilitation robots'],
    ]),
  equipment: (org) => [
    {
      name: '中频电疗仪',
      nameEn: 'Medium-frequency stimulator',
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
      nameEn: 'Low-frequency pulse stimulator',
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
      nameEn: 'Electric tilt table',
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
      nameEn: 'Cervical and lumbar traction table',
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
      nameEn: 'Upper-limb rehabilitation robot',
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
  patientType: () =>
    named([
      ['门诊患者', 'Outpatient'],
      ['住院患者', 'Inpatient'],
      ['社区康复', 'Community rehabilitation'],
      ['居家康复', 'Home rehabilitation'],
    ]),
  place: () => [
    {
      name: '运动治疗大厅',
      nameEn: 'Exercise therapy hall',
      location: '康复楼 1 层东侧',
      capacity: 30,
      status: 1,
      sort: 1,
    },
    {
      name: '物理因子治疗室',
      nameEn: 'Physical agents room',
      location: '康复楼 1 层西侧',
      capacity: 12,
      status: 1,
      sort: 2,
    },
    {
      name: '作业治疗室',
      nameEn: 'Occupational therapy room',
      location: '康复楼 2 层 201',
      capacity: 10,
      status: 1,
      sort: 3,
    },
    {
      name: '言语吞咽治疗室',
      nameEn: 'Speech and swallowing room',
      location: '康复楼 2 层 205',
      capacity: 4,
      status: 1,
      sort: 4,
    },
    {
      name: '水疗室',
      nameEn: 'Hydrotherapy room',
      location: '康复楼负 1 层',
      capacity: 6,
      status: 0,
      remark: '设备检修中',
      sort: 5,
    },
    { name: '病房床旁', nameEn: 'Ward bedside', location: '住院部各病区', status: 1, sort: 6 },
  ],
  treatmentPlanTaboo: () => [
    {
      name: '心脏起搏器植入',
      nameEn: 'Implanted pacemaker',
      level: 1,
      equipmentTypeId: '电疗设备',
      description: '禁止在胸背部及其附近使用中低频电疗',
      status: 1,
      sort: 1,
    },
    {
      name: '局部恶性肿瘤',
      nameEn: 'Local malignant tumour',
      level: 1,
      equipmentTypeId: '热疗设备',
      description: '肿瘤部位禁用热疗',
      status: 1,
      sort: 2,
    },
    {
      name: '急性软组织损伤48小时内',
      nameEn: 'Acute soft-tissue injury (first 48 h)',
      level: 1,
      equipmentTypeId: '热疗设备',
      description: '早期冷敷，禁用热疗',
      status: 1,
      sort: 3,
    },
    {
      name: '骨质疏松',
      nameEn: 'Osteoporosis',
      level: 2,
      equipmentTypeId: '牵引设备',
      partId: '腰背',
      description: '牵引力量减半并密切观察',
      status: 1,
      sort: 4,
    },
    {
      name: '未控制的高血压',
      nameEn: 'Uncontrolled hypertension',
      level: 2,
      description: '收缩压高于180 mmHg时暂停运动治疗',
      status: 1,
      sort: 5,
    },
    {
      name: '深静脉血栓急性期',
      nameEn: 'Acute deep vein thrombosis',
      level: 1,
      partId: '膝',
      description: '患肢禁止按摩及主动抗阻训练',
      status: 1,
      sort: 6,
    },
  ],
  treatPackage: () => [
    {
      name: '颈肩康复10次套餐',
      nameEn: 'Neck and shoulder, 10 sessions',
      times: 10,
      price: 1200,
      validDays: 90,
      content: '颈椎牵引、中频电疗、手法治疗',
      status: 1,
      sort: 1,
    },
    {
      name: '腰背康复10次套餐',
      nameEn: 'Lower back, 10 sessions',
      times: 10,
      price: 1350,
      validDays: 90,
      content: '腰椎牵引、中频电疗、核心训练',
      status: 1,
      sort: 2,
    },
    {
      name: '膝关节术后康复20次套餐',
      nameEn: 'Knee after surgery, 20 sessions',
      times: 20,
      price: 3600,
      validDays: 120,
      content: '关节松动、肌力训练、步态训练',
      status: 1,
      sort: 3,
    },
    {
      name: '脑卒中康复30次套餐',
      nameEn: 'Stroke rehabilitation, 30 sessions',
      times: 30,
      price: 6800,
      validDays: 180,
      content: '运动疗法、作业疗法、言语治疗',
      status: 1,
      sort: 4,
    },
    {
      name: '儿童康复季度套餐',
      nameEn: 'Paediatric rehabilitation, quarterly',
      times: 36,
      price: 7200.5,
      validDays: 92,
      status: 0,
      remark: '暂停销售',
      sort: 5,
    },
  ],
  methodPayment: () => [
    { name: '现金', nameEn: 'Cash', code: 'CASH', category: 1, status: 1, sort: 1 },
    { name: '银行卡', nameEn: 'Bank card', code: 'CARD', category: 2, status: 1, sort: 2 },
    { name: '微信支付', nameEn: 'WeChat Pay', code: 'WECHAT', category: 3, status: 1, sort: 3 },
    { name: '支付宝', nameEn: 'Alipay', code: 'ALIPAY', category: 3, status: 1, sort: 4 },
    { name: '医保统筹', nameEn: 'Medical insurance', code: 'MI', category: 4, status: 1, sort: 5 },
    { name: '支票', nameEn: 'Cheque', code: 'CHEQUE', category: 5, status: 0, remark: '已停用', sort: 6 },
  ],
  registered: () => [
    { name: '普通门诊', nameEn: 'General clinic', fee: 10, status: 1, sort: 1 },
    { name: '专科门诊', nameEn: 'Specialist clinic', fee: 20, status: 1, sort: 2 },
    { name: '专家门诊', nameEn: 'Expert clinic', fee: 50, status: 1, sort: 3 },
    { name: '康复复诊', nameEn: 'Rehab follow-up', fee: 5, status: 1, sort: 4 },
    { name: '义诊', nameEn: 'Free clinic', status: 1, remark: '免挂号费', sort: 5 },
  ],
  member: () => [
    { name: '普通会员', nameEn: 'Standard', price: 200, validDays: 365, discount: 9.5, status: 1, sort: 1 },
    { name: '银卡会员', nameEn: 'Silver', price: 1000, validDays: 365, discount: 9, status: 1, sort: 2 },
    { name: '金卡会员', nameEn: 'Gold', price: 3000, validDays: 365, discount: 8.5, status: 1, sort: 3 },
    {
      name: '钻石会员',
      nameEn: 'Diamond',
      price: 10000,
      validDays: 730,
      discount: 8,
      status: 0,
      remark: '暂停办理',
      sort: 4,
    },
  ],
  qualityControl: () => [
    {
      name: '康复评定率',
      nameEn: 'Rehabilitation assessment rate',
      category: 2,
      target: 95,
      cycle: 1,
      description: '入院3日内完成康复评定的患者数/同期康复患者总数',
      status: 1,
      sort: 1,
    },
    {
      name: '康复治疗有效率',
      nameEn: 'Treatment effectiveness rate',
      category: 3,
      target: 85,
      cycle: 1,
      description: '功能评分提高的出院患者数/同期出院患者总数',
      status: 1,
      sort: 2,
    },
    {
      name: '早期康复介入率',
      nameEn: 'Early rehabilitation rate',
      category: 2,
      target: 60,
      cycle: 2,
      description: '发病后48小时内开始康复的患者数/同期康复患者数',
      status: 1,
      sort: 3,
    },
    {
      name: '治疗相关不良事件发生率',
      nameEn: 'Treatment adverse event rate',
      category: 3,
      target: 0.5,
      cycle: 1,
      description: '治疗中发生不良事件的人次/同期治疗总人次',
      status: 1,
      sort: 4,
    },
    {
      name: '康复医师与床位比',
      nameEn: 'Rehabilitation physicians per bed',
      category: 1,
      target: 25,
      cycle: 3,
      description: '每百张康复床位配备的康复医师数',
      status: 1,
      sort: 5,
    },
  ],
  recoveryMethod: () =>
    (
      [
        ['Bobath技术', 'Bobath concept', 1, '脑卒中、脑瘫患儿的姿势控制与运动再学习'],
        ['本体感觉神经肌肉促进技术', 'PNF', 1, '肌力、协调与关节活动受限'],
        ['强制性运动疗法', 'Constraint-induced movement therapy', 2, '偏瘫上肢功能恢复'],
        ['镜像疗法', 'Mirror therapy', 2, '偏瘫上肢、幻肢痛'],
        ['口肌训练', 'Oral motor training', 3, '构音障碍与吞咽障碍'],
        ['针刺疗法', 'Acupuncture therapy', 4, '疼痛、面瘫、中风后遗症'],
      ] as const
    ).map(([name, nameEn, discipline, indication], i) => ({
      name,
      nameEn,
      discipline,
      indication,
      status: 1,
      sort: i + 1,
    })),
  performanceSet: () =>
    (
      [
        ['运动疗法绩效', 'Exercise therapy', '运动疗法', 1.2, 3],
        ['作业疗法绩效', 'Occupational therapy', '作业疗法', 1.1, 3],
        ['言语训练绩效', 'Speech training', '言语训练', 1.3, 3],
        ['针灸绩效', 'Acupuncture', '针灸', 1, 2],
      ] as const
    ).map(([name, nameEn, projectTemplateId, coefficient, points]) => ({
      name,
      nameEn,
      projectTemplateId,
      coefficient,
      points,
      status: 1,
    })),
  productInfo: () =>
    (
      [
        [
          '家用上下肢康复训练器',
          'Home arm and leg trainer',
          'KF-200',
          4,
          '康乐医疗',
          '主被动上下肢训练，适合卒中后居家康复',
        ],
        ['助行器（四轮带座）', 'Rollator with seat', 'ZX-4', 2, '安步辅具', '铝合金四轮助行器，带刹车与座板'],
        [
          '低频脉冲治疗仪',
          'Low-frequency pulse stimulator',
          'DP-10',
          1,
          '康乐医疗',
          '神经肌肉电刺激，缓解疼痛、防止肌萎缩',
        ],
        ['弹力带套装', 'Resistance band set', 'TB-5', 3, '安步辅具', '五种阻力等级，居家抗阻训练'],
      ] as const
    ).map(([name, nameEn, model, kind, manufacturer, description], i) => ({
      name,
      nameEn,
      model,
      kind,
      manufacturer,
      description,
      status: 1,
      sort: i + 1,
    })),
  // treatment-order templates: [name, English name, category, order kind, frequency, project, text, English text]
  preceptTemplate: () =>
    (
      [
        [
          '颈椎牵引医嘱',
          'Cervical traction order',
          1,
          1,
          '1',
          '颈椎牵引',
          '颈椎牵引，坐位，牵引重量自体重的1/10起，每次20分钟；头晕、上肢麻木加重时停止并告知医生',
          'Seated cervical traction starting at 1/10 of body weight, 20 minutes a session; stop and tell the doctor if dizziness or arm numbness worsens',
        ],
        [
          '偏瘫良肢位摆放',
          'Positioning after hemiplegia',
          2,
          1,
          null,
          null,
          '卧床期间保持良肢位，每2小时翻身一次，患侧肩关节避免牵拉',
          'Keep the limbs in good position in bed, turn every 2 hours, do not pull on the affected shoulder',
        ],
        [
          '床旁平衡训练',
          'Bedside balance training',
          3,
          1,
          '1',
          '平衡功能训练',
          '坐位及立位平衡训练，治疗师床旁指导，训练时须有人保护防跌倒',
          'Sitting and standing balance training at the bedside with a therapist; someone stands by to prevent falls',
        ],
        [
          '吞咽障碍饮食宣教',
          'Diet advice for dysphagia',
          4,
          2,
          null,
          '吞咽功能训练',
          '进食糊状食物，坐位或半卧位进食，少量多次，进食后保持坐位30分钟',
          'Eat puréed food sitting or half-lying, small amounts often, stay upright 30 minutes after meals',
        ],
        [
          '电疗禁忌提示',
          'Electrotherapy precautions',
          5,
          2,
          null,
          '中频脉冲电治疗',
          '装有心脏起搏器、治疗部位有金属植入物或皮肤破损者禁用电疗',
          'No electrotherapy with a pacemaker, metal implants at the site or broken skin',
        ],
      ] as const
    ).map(([name, nameEn, category, orderKind, frequency, projectTemplateId, content, contentEn], i) => ({
      name,
      nameEn,
      category,
      orderKind,
      frequency,
      projectTemplateId,
      content,
      contentEn,
      status: 1,
      sort: i + 1,
    })),
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
  await seedProductPictures(db, organizationId, [...(idsByName.get('productInfo')?.values() ?? [])]);
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
