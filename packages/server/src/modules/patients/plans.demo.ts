import {
  RoleId,
  caseTemplateSaveSchema,
  comboSaveSchema,
  linkageSaveSchema,
  prescriptionTemplateSaveSchema,
} from '@rehab/shared';
import type { Db } from '../../db/client';
import { firstOrganizationIds } from '../organizations';
import { roleHoldersIn } from '../roles';
import { rowIdsByName } from '../master-data';
import type { Scope } from './patients.service';
import { saveCombo } from './combo.service';
import { saveCase, saveLinkage, savePrescription } from './plans.service';

/** [disease, function diagnosis, projects]: a blank diagnosis means "any". */
const LINKAGES: [string | null, string | null, string[]][] = [
  ['脑梗死', '偏瘫', ['偏瘫肢体综合训练', '运动疗法', '针灸']],
  ['脑梗死', null, ['运动疗法', '作业疗法']],
  ['脑出血', null, ['运动疗法', '平衡功能训练']],
  [null, '吞咽障碍', ['吞咽功能训练']],
  [null, '失语症', ['言语训练']],
  ['颈椎病', null, ['颈椎牵引', '中频脉冲电治疗', '推拿']],
  ['腰椎间盘突出症', '慢性疼痛', ['中频脉冲电治疗', '推拿']],
  ['膝关节置换术后', '关节活动受限', ['运动疗法', '平衡功能训练']],
];

/**
 * Demo project linkages (the recommended plans of the demo patients), combos, case templates and prescription templates for
 * the demo organizations, saved through the services the screens use.
 */
export async function seedPlanDemo(db: Db) {
  const orgs = (await firstOrganizationIds(db, 2)).map((id) => ({ id }));
  for (const org of orgs) {
    const staff = await roleHoldersIn(db, org.id);
    const author = staff.find((s) => s.roleId === RoleId.doctor)?.userId ?? staff[0]?.userId;
    if (!author) continue;
    const scope: Scope = { organizationId: org.id, userId: author, locale: 'zh-CN' };
    const diseases = await rowIdsByName(db, 'disease', org.id);
    const functioning = await rowIdsByName(db, 'functioning', org.id);
    const templates = await rowIdsByName(db, 'projectTemplate', org.id);
    const ids = (names: string[]) => names.map((n) => templates.get(n)).filter((id): id is number => id !== undefined);
    for (const [disease, fn, projects] of LINKAGES) {
      const input = {
        diseaseId: disease ? diseases.get(disease) : undefined,
        functioningId: fn ? functioning.get(fn) : undefined,
        templateIds: ids(projects),
      };
      const parsed = linkageSaveSchema.safeParse(input);
      if (parsed.success && (!disease || input.diseaseId) && (!fn || input.functioningId))
        await saveLinkage(db, scope, parsed.data);
    }
    const combos: [string, string[]][] = [
      ['偏瘫康复组合', ['运动疗法', '偏瘫肢体综合训练', '作业疗法']],
      ['颈肩理疗组合', ['颈椎牵引', '中频脉冲电治疗']],
      ['吞咽言语组合', ['吞咽功能训练', '言语训练']],
    ];
    for (const [name, projects] of combos) {
      const parsed = comboSaveSchema.safeParse({ name, items: ids(projects).map((templateId) => ({ templateId })) });
      if (parsed.success) await saveCombo(db, scope, parsed.data);
    }
    const cases = [
      {
        name: '脑梗死偏瘫（恢复期）',
        chiefComplaint: '左侧肢体无力伴行走不稳 1 月',
        diseaseId: diseases.get('脑梗死'),
        functioningId: functioning.get('偏瘫'),
        tcmDiagnosis: '中风病（中经络）',
        specialNotes: '注意跌倒风险',
      },
      {
        name: '颈椎病（神经根型）',
        chiefComplaint: '颈肩痛伴右上肢麻木 2 月',
        diseaseId: diseases.get('颈椎病'),
        functioningId: functioning.get('慢性疼痛'),
        tcmDiagnosis: '项痹病',
        specialNotes: '避免长时间低头',
      },
    ];
    for (const c of cases) {
      const parsed = caseTemplateSaveSchema.safeParse(c);
      if (parsed.success) await saveCase(db, scope, parsed.data);
    }
    const prescriptions = [
      {
        name: '偏瘫常规康复',
        remark: '恢复期 2 周',
        items: [
          { name: '运动疗法', frequency: '1', times: 14, duration: 40 },
          { name: '偏瘫肢体综合训练', frequency: '1', times: 14, duration: 40 },
          { name: '针灸', frequency: '1/2', times: 14, duration: 30 },
        ],
      },
      {
        name: '颈肩痛理疗',
        items: [
          { name: '颈椎牵引', frequency: '1', times: 10, duration: 20 },
          { name: '中频脉冲电治疗', frequency: '1', times: 10, duration: 20 },
        ],
      },
    ];
    for (const p of prescriptions) {
      const items = p.items
        .map(({ name, ...rest }) => ({ ...rest, templateId: templates.get(name), quantity: 1 }))
        .filter((i) => i.templateId !== undefined);
      const parsed = prescriptionTemplateSaveSchema.safeParse({ name: p.name, remark: p.remark, items });
      if (parsed.success) await savePrescription(db, scope, parsed.data);
    }
  }
}
