import { entityByName, entitySchemas } from '@rehab/shared';
import type { Db } from '../../db/client';
import { insertPlatformTemplates, toColumns } from '../master-data';

type Demo = [string, string, string, number, number, string, number, string, number, boolean];

/**
 * The hospital group's platform treatment project templates of the demo: common rehabilitation projects that the
 * demo organizations do not have yet, so /SubFirsScale/organizationTemplate has something to import.
 */
const DEMO_TEMPLATES: Demo[] = [
  ['手功能训练', 'Hand function training', 'OT003', 2, 30, '次', 30, '1', 14, false],
  ['认知功能训练', 'Cognitive training', 'OT004', 2, 35, '次', 30, '1', 14, true],
  ['步态训练', 'Gait training', 'PT004', 1, 40, '次', 30, '1', 14, false],
  ['呼吸功能训练', 'Respiratory training', 'PT005', 1, 30, '次', 20, '1', 10, true],
  ['悬吊训练', 'Sling exercise therapy', 'PT006', 1, 45, '次', 30, '1/2', 10, false],
  ['构音障碍训练', 'Dysarthria training', 'ST003', 3, 38, '次', 30, '1', 14, true],
  ['低频脉冲电治疗', 'Low-frequency electrotherapy', 'EP002', 1, 16, '部位', 20, '1', 10, true],
  ['艾灸', 'Moxibustion', 'TCM03', 4, 30, '次', 20, '1', 10, false],
  ['拔罐', 'Cupping', 'TCM04', 4, 25, '次', 15, '1/2', 10, false],
  ['蜡疗', 'Paraffin therapy', 'HT001', 5, 20, '部位', 20, '1', 10, false],
];

/** Fills the platform templates once (they belong to no organization). */
export async function seedPlatformTemplates(db: Db) {
  const entity = entityByName('platformTemplate')!;
  const values = DEMO_TEMPLATES.map(
    ([name, nameEn, code, projectType, unitPrice, unitName, duration, frequency, times, bedside], i) => {
      const parsed = entitySchemas(entity).create.safeParse({
        name,
        nameEn,
        code,
        projectType,
        unitPrice,
        unitName,
        duration,
        frequency,
        times,
        shortLong: 1,
        bedside,
        status: 1,
        sort: i + 1,
      });
      if (!parsed.success) throw new Error(`demo platform template ${name}: ${parsed.error.message}`);
      return { ...toColumns(entity, parsed.data), organizationId: null };
    },
  );
  await insertPlatformTemplates(db, values);
}
