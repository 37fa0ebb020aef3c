/**
 * Demo reference rows the patient screens need, in the shape of the master-data demo (`seedMasterData` parses each
 * through its entity's save schema; a reference names the referenced row by its name).
 */
export const PATIENT_REFERENCE_DEMO: Record<string, () => Record<string, string | number | boolean>[]> = {
  disease: () =>
    [
      ['脑梗死', 'I63.9', 'Cerebral infarction', 1],
      ['脑出血', 'I61.9', 'Intracerebral haemorrhage', 1],
      ['脊髓损伤', 'T09.3', 'Spinal cord injury', 1],
      ['帕金森病', 'G20', "Parkinson's disease", 1],
      ['颅脑损伤', 'S06.9', 'Traumatic brain injury', 1],
      ['颈椎病', 'M47.8', 'Cervical spondylosis', 2],
      ['腰椎间盘突出症', 'M51.2', 'Lumbar disc herniation', 2],
      ['膝关节置换术后', 'Z96.6', 'After knee replacement', 2],
      ['肩周炎', 'M75.0', 'Frozen shoulder', 2],
      ['股骨颈骨折术后', 'S72.0', 'After femoral neck fracture surgery', 2],
      ['慢性阻塞性肺疾病', 'J44.9', 'COPD', 3],
      ['冠心病', 'I25.1', 'Coronary heart disease', 3],
      ['脑性瘫痪', 'G80.9', 'Cerebral palsy', 4],
    ].map(([name, code, nameEn, category], i) => ({ name, code, nameEn, category, sort: i + 1 }) as never),
  functioning: () =>
    [
      ['偏瘫', 'b730', 'Hemiplegia'],
      ['截瘫', 'b7302', 'Paraplegia'],
      ['吞咽障碍', 'b510', 'Dysphagia'],
      ['失语症', 'b167', 'Aphasia'],
      ['构音障碍', 'b320', 'Dysarthria'],
      ['认知障碍', 'b117', 'Cognitive impairment'],
      ['平衡功能障碍', 'b755', 'Balance disorder'],
      ['关节活动受限', 'b710', 'Limited joint mobility'],
      ['慢性疼痛', 'b280', 'Chronic pain'],
      ['日常生活活动能力下降', 'd230', 'Reduced ADL'],
    ].map(([name, code, nameEn], i) => ({ name, code, nameEn, sort: i + 1 })),
  projectTemplate: () =>
    [
      ['运动疗法', 'Kinesiotherapy', 'PT001', 1, 45, '次', 40, '1', 14, null, false],
      ['偏瘫肢体综合训练', 'Hemiplegic limb training', 'PT002', 1, 60, '次', 40, '1', 14, null, false],
      ['平衡功能训练', 'Balance training', 'PT003', 1, 28, '次', 30, '1', 14, null, false],
      ['作业疗法', 'Occupational therapy', 'OT001', 2, 38, '次', 30, '1', 14, null, false],
      ['日常生活能力评定训练', 'ADL training', 'OT002', 2, 32, '次', 30, '1/2', 14, null, false],
      ['言语训练', 'Speech training', 'ST001', 3, 40, '次', 30, '1', 14, null, true],
      ['吞咽功能训练', 'Swallowing training', 'ST002', 3, 36, '次', 30, '1', 14, null, true],
      ['中频脉冲电治疗', 'Medium-frequency electrotherapy', 'EP001', 1, 18, '部位', 20, '1', 10, '中频电疗仪', true],
      ['针灸', 'Acupuncture', 'TCM01', 4, 35, '次', 30, '1', 10, null, false],
      ['推拿', 'Tuina massage', 'TCM02', 4, 50, '次', 30, '1/2', 10, null, false],
      ['颈椎牵引', 'Cervical traction', 'TR001', 1, 15, '次', 20, '1', 10, null, false],
    ].map(
      ([name, nameEn, code, projectType, unitPrice, unitId, duration, frequency, times, equipmentId, bedside], i) =>
        ({
          name,
          nameEn,
          code,
          projectType,
          unitPrice,
          unitId,
          duration,
          frequency,
          times,
          ...(equipmentId ? { equipmentId } : {}),
          bedside,
          status: 1,
          shortLong: 1,
          sort: i + 1,
        }) as never,
    ),
};
