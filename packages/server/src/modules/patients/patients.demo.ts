import {
  RoleId,
  idCheckChar,
  patientRegisterSchema,
  projectInputSchema,
  type PatientRegisterInput,
} from '@rehab/shared';
import type { UnitOfWorkHost } from '../../kernel/unit-of-work';
import { officeIdsInOrder } from '../offices';
import { firstOrganizationIds } from '../organizations';
import { roleHoldersIn } from '../roles';
import { rowIdsByName, templatesWithUnit } from '../master-data';
import { closeCourse, registerPatient } from './courses.service';
import type { Scope } from './patients.service';
import { saveRecipe } from './treatment-projects.service';
import { clockMs } from '../../kernel/clock';

/** A valid identity number from region, birthday and sequence (the check digit computed). */
export function demoIdNumber(region: string, birthday: string, seq: string): string {
  const first17 = `${region}${birthday.replace(/-/g, '')}${seq}`;
  return first17 + idCheckChar(first17);
}

type DemoPatient = {
  name: string;
  id?: [string, string, string];
  sex?: 1 | 2;
  birthday?: string;
  phone: string;
  type: 1 | 2;
  disease: string;
  functioning: string;
  office: number;
  bed?: string;
  projects: string[];
  /** course already ended (a previous course) */
  ended?: boolean;
};

const PATIENTS: DemoPatient[] = [
  {
    name: '张建国',
    id: ['110105', '1956-03-12', '031'],
    phone: '13910010001',
    type: 2,
    disease: '脑梗死',
    functioning: '偏瘫',
    office: 0,
    bed: '3-01',
    projects: ['运动疗法', '偏瘫肢体综合训练', '针灸'],
  },
  {
    name: '李秀英',
    id: ['310104', '1961-08-23', '042'],
    phone: '13910010002',
    type: 2,
    disease: '脑出血',
    functioning: '失语症',
    office: 0,
    bed: '3-02',
    projects: ['言语训练', '吞咽功能训练'],
  },
  {
    name: '王磊',
    id: ['440106', '1988-11-02', '015'],
    phone: '13910010003',
    type: 2,
    disease: '脊髓损伤',
    functioning: '截瘫',
    office: 1,
    bed: '3-05',
    projects: ['运动疗法', '中频脉冲电治疗'],
  },
  {
    name: '刘芳',
    id: ['320102', '1975-05-17', '026'],
    phone: '13910010004',
    type: 1,
    disease: '颈椎病',
    functioning: '慢性疼痛',
    office: 1,
    projects: ['颈椎牵引', '中频脉冲电治疗'],
  },
  {
    name: '陈志强',
    id: ['510107', '1969-01-30', '057'],
    phone: '13910010005',
    type: 1,
    disease: '腰椎间盘突出症',
    functioning: '慢性疼痛',
    office: 1,
    projects: ['推拿', '中频脉冲电治疗'],
  },
  {
    name: '赵丽华',
    id: ['370102', '1958-09-09', '068'],
    phone: '13910010006',
    type: 2,
    disease: '膝关节置换术后',
    functioning: '关节活动受限',
    office: 1,
    bed: '3-08',
    projects: ['运动疗法'],
  },
  {
    name: '孙明',
    id: ['420106', '1950-12-25', '079'],
    phone: '13910010007',
    type: 2,
    disease: '帕金森病',
    functioning: '平衡功能障碍',
    office: 1,
    bed: '3-10',
    projects: ['平衡功能训练', '作业疗法'],
  },
  {
    name: '周婷',
    id: ['330106', '1992-04-06', '084'],
    phone: '13910010008',
    type: 1,
    disease: '肩周炎',
    functioning: '关节活动受限',
    office: 2,
    projects: ['作业疗法', '针灸'],
  },
  {
    name: '吴海涛',
    id: ['210102', '1965-07-14', '093'],
    phone: '13910010009',
    type: 2,
    disease: '脑梗死',
    functioning: '吞咽障碍',
    office: 3,
    bed: '3-12',
    projects: ['吞咽功能训练'],
  },
  {
    name: '郑晓燕',
    id: ['500103', '1980-02-28', '102'],
    phone: '13910010010',
    type: 1,
    disease: '颅脑损伤',
    functioning: '认知障碍',
    office: 2,
    projects: ['日常生活能力评定训练'],
    ended: true,
  },
  {
    name: 'John Smith',
    sex: 1,
    birthday: '1972-06-18',
    phone: '13910010011',
    type: 1,
    disease: '腰椎间盘突出症',
    functioning: '慢性疼痛',
    office: 1,
    projects: ['运动疗法'],
  },
  {
    name: 'Emily Brown',
    sex: 2,
    birthday: '1985-10-03',
    phone: '13910010012',
    type: 2,
    disease: '股骨颈骨折术后',
    functioning: '日常生活活动能力下降',
    office: 1,
    bed: '3-15',
    projects: [],
  },
];

const SECOND_ORG: DemoPatient[] = [
  {
    name: '黄永红',
    id: ['110108', '1963-03-03', '211'],
    phone: '13920020001',
    type: 1,
    disease: '脑梗死',
    functioning: '偏瘫',
    office: 1,
    projects: ['运动疗法'],
  },
  {
    name: '林小梅',
    id: ['350102', '1990-09-19', '222'],
    phone: '13920020002',
    type: 1,
    disease: '颈椎病',
    functioning: '慢性疼痛',
    office: 1,
    projects: ['颈椎牵引'],
  },
  {
    name: 'David Wilson',
    sex: 1,
    birthday: '1968-01-21',
    phone: '13920020003',
    type: 1,
    disease: '膝关节置换术后',
    functioning: '关节活动受限',
    office: 1,
    projects: [],
  },
];

/**
 * Demo patients with courses and projects for both demo organizations, registered through the same service the
 * screens use (so they obey every rule). Some projects are left without a therapist for the unassigned card.
 */
export async function seedDemoPatients(host: UnitOfWorkHost) {
  const { db } = host;
  const orgs = (await firstOrganizationIds(db, 2)).map((id) => ({ id }));
  for (const [n, org] of orgs.entries()) {
    const staff = await roleHoldersIn(db, org.id);
    const doctor = staff.find((s) => s.roleId === RoleId.doctor)?.userId;
    const therapist = staff.find((s) => s.roleId === RoleId.therapist)?.userId;
    const author = doctor ?? staff[0]?.userId;
    if (!author) continue;
    const scope: Scope = { organizationId: org.id, userId: author, locale: 'zh-CN' };
    const officeRows = (await officeIdsInOrder(db, org.id)).map((id) => ({ id }));
    const diseases = await rowIdsByName(db, 'disease', org.id);
    const functioning = await rowIdsByName(db, 'functioning', org.id);
    const templates = (await templatesWithUnit(db, { organizationId: org.id })).map((r) => ({
      t: r.template,
      unitName: r.unitName,
    }));
    const list = n === 0 ? PATIENTS : SECOND_ORG;
    for (const [i, p] of list.entries()) {
      const input: PatientRegisterInput = {
        patientType: p.type,
        name: p.name,
        phone: p.phone,
        ...(p.id ? { idNumber: demoIdNumber(...p.id) } : { sex: p.sex, birthday: p.birthday }),
        diseaseId: diseases.get(p.disease),
        functioningId: functioning.get(p.functioning),
        officeId: officeRows[p.office]?.id,
        doctorId: doctor,
        outpatientNo: p.type === 1 ? `MZ${String(org.id * 1000 + i + 1).padStart(6, '0')}` : undefined,
        inpatientNo: p.type === 2 ? `ZY${String(org.id * 1000 + i + 1).padStart(6, '0')}` : undefined,
        bedNo: p.bed,
        roomNo: p.bed ? p.bed.split('-')[0] + '0' + p.bed.split('-')[1]!.slice(0, 1) : undefined,
        nursingLevel: p.type === 2 ? 2 : undefined,
        costType: 2,
        source: 1,
        chiefComplaint: undefined,
        registerTime: new Date(clockMs() - (list.length - i) * 86_400_000).toISOString(),
      };
      const { treatmentId } = await registerPatient(db, scope, patientRegisterSchema.parse(input));
      const projects = p.projects.map((name, k) => {
        const found = templates.find((x) => x.t!.name === name)!;
        const t = found.t!;
        const unitName = found.unitName as string | null;
        return projectInputSchema.parse({
          templateId: t.id,
          name,
          execOfficeId: officeRows[Math.min(1 + (k % 3), officeRows.length - 1)]!.id,
          // every other patient's first project waits for a therapist
          therapistId: i % 2 === 0 && k === 0 ? undefined : therapist,
          quantity: 1,
          unitName,
          times: t.times,
          duration: t.duration,
          frequency: t.frequency,
          unitPrice: Number(t.unitPrice),
          bedside: t.bedside,
          shortLong: t.shortLong,
          equipmentId: t.equipmentId ?? undefined,
        });
      });
      if (projects.length) await saveRecipe(host, scope, treatmentId, projects);
      if (p.ended) await closeCourse(host, scope, treatmentId);
    }
  }
}
