import type { ScaleDefinition, ScaleItem, ScaleOption } from '../types';
import { bands, bi, choice, num, opt, sameOptions, scored, SIDES, UNIT } from './helpers';

/** Items `<prefix><Side>_<key>` for each side, optional (only the segments examined are recorded). */
function perSide(rows: [string, string, string][], make: (key: string, zh: string, en: string) => ScaleItem) {
  return rows.flatMap(([key, zh, en]) =>
    SIDES.map((s) => ({
      ...make(`${key}_${s.key}`, `${zh}（${s.zh}）`, `${en} (${s.en})`),
      optional: true,
      group: s.key,
    })),
  );
}

const MAS_OPTIONS: ScaleOption[] = [
  opt('0', 0, '0 肌张力不增加', '0 No increase in tone'),
  opt('1', 1, '1 轻度增加，末端有卡住感', '1 Slight increase, catch and release at end of ROM'),
  opt(
    '1+',
    2,
    '1+ 轻度增加，卡住后<50% ROM内有轻度阻力',
    '1+ Catch followed by minimal resistance through <50% of ROM',
  ),
  opt('2', 3, '2 明显增加，但易被动活动', '2 Marked increase, limb easily moved'),
  opt('3', 4, '3 严重增加，被动活动困难', '3 Considerable increase, passive movement difficult'),
  opt('4', 5, '4 僵直', '4 Rigid in flexion or extension'),
];

const mas: ScaleDefinition = {
  code: 'mas',
  abbr: 'MAS',
  name: bi('改良Ashworth痉挛量表', 'Modified Ashworth Scale'),
  category: 'motor',
  shape: 'stages',
  licence: 'PD',
  description: bi('各肌群痉挛程度（按侧记录，不求和）', 'Spasticity per muscle group and side (not summed)'),
  source: 'S19 (Bohannon & Smith 1987)',
  items: perSide(
    [
      ['elbowFlexors', '屈肘肌', 'Elbow flexors'],
      ['elbowExtensors', '伸肘肌', 'Elbow extensors'],
      ['wristFlexors', '屈腕肌', 'Wrist flexors'],
      ['fingerFlexors', '屈指肌', 'Finger flexors'],
      ['hipAdductors', '髋内收肌', 'Hip adductors'],
      ['kneeFlexors', '屈膝肌', 'Knee flexors'],
      ['kneeExtensors', '伸膝肌', 'Knee extensors'],
      ['plantarFlexors', '踝跖屈肌', 'Ankle plantar flexors'],
    ],
    (k, zh, en) => choice(k, zh, en, MAS_OPTIONS),
  ),
  groups: [
    { key: 'R', label: bi('右侧', 'Right') },
    { key: 'L', label: bi('左侧', 'Left') },
  ],
  notes: [
    bi(
      '“1+”单独记录；选项分值为统计用序数(0-5)。',
      '"1+" is its own value; option points are the ordinal (0-5) for statistics.',
    ),
  ],
};

const MMT_GRADES = ['0', '1', '2-', '2', '2+', '3-', '3', '3+', '4-', '4', '4+', '5'];
/** Each grade with its criterion, the +/- grades as the Chinese MRC extension words them. */
const MMT_NAMES: Record<string, [string, string]> = {
  '0': ['无可测知的肌肉收缩', 'No contraction'],
  '1': ['有轻微收缩，但不能引起关节活动', 'Trace: contraction felt or seen, no joint movement'],
  '2-': ['去重力下能完成大部分关节活动范围（>50%）', 'Gravity eliminated: moves through more than half of the range'],
  '2': ['去重力下能完成全关节活动范围', 'Gravity eliminated: moves through the full range'],
  '2+': [
    '去重力下全范围，抗重力能完成小部分范围（<50%）',
    'Full range gravity eliminated; less than half of the range against gravity',
  ],
  '3-': ['抗重力能完成大部分关节活动范围（>50%）', 'Against gravity: more than half of the range'],
  '3': ['抗重力能完成全关节活动范围，不能抗阻力', 'Against gravity: full range, no resistance'],
  '3+': [
    '抗重力全范围，运动末期能抗轻微阻力',
    'Full range against gravity; holds slight resistance at the end of the range',
  ],
  '4-': ['抗重力及轻度阻力完成全范围', 'Full range against gravity and slight resistance'],
  '4': ['抗重力及中等阻力完成全范围', 'Full range against gravity and moderate resistance'],
  '4+': [
    '抗重力及较大阻力完成全范围，弱于正常',
    'Full range against gravity and strong resistance, weaker than normal',
  ],
  '5': ['正常：抗重力及充分阻力完成全范围', 'Normal: full range against gravity and full resistance'],
};
const MMT_OPTIONS = MMT_GRADES.map((g, i) => {
  const [zh, en] = MMT_NAMES[g]!;
  return opt(g, i, `${g} ${zh}`, `${g} ${en}`);
});

const mmt: ScaleDefinition = {
  code: 'mmt',
  abbr: 'MMT',
  name: bi('徒手肌力检查', 'Manual Muscle Testing (Lovett / MRC)'),
  category: 'motor',
  shape: 'stages',
  licence: 'PD',
  description: bi('各肌群肌力分级（按侧记录，不求和）', 'Strength grade per muscle group and side (not summed)'),
  source: 'S20',
  items: perSide(
    [
      ['shoulderFlexors', '肩前屈肌', 'Shoulder flexors'],
      ['shoulderAbductors', '肩外展肌', 'Shoulder abductors'],
      ['elbowFlexors', '屈肘肌', 'Elbow flexors'],
      ['elbowExtensors', '伸肘肌', 'Elbow extensors'],
      ['wristExtensors', '伸腕肌', 'Wrist extensors'],
      ['fingerFlexors', '屈指肌', 'Finger flexors'],
      ['hipFlexors', '屈髋肌', 'Hip flexors'],
      ['hipExtensors', '伸髋肌', 'Hip extensors'],
      ['hipAbductors', '髋外展肌', 'Hip abductors'],
      ['kneeExtensors', '伸膝肌', 'Knee extensors'],
      ['kneeFlexors', '屈膝肌', 'Knee flexors'],
      ['ankleDorsiflexors', '踝背屈肌', 'Ankle dorsiflexors'],
      ['anklePlantarflexors', '踝跖屈肌', 'Ankle plantar flexors'],
    ],
    (k, zh, en) => choice(k, zh, en, MMT_OPTIONS),
  ),
  groups: [
    { key: 'R', label: bi('右侧', 'Right') },
    { key: 'L', label: bi('左侧', 'Left') },
  ],
};

const ROM_ROWS: [string, string, string, number][] = [
  ['shoulderFlexion', '肩前屈', 'Shoulder flexion', 180],
  ['shoulderExtension', '肩后伸', 'Shoulder extension', 60],
  ['shoulderAbduction', '肩外展', 'Shoulder abduction', 180],
  ['shoulderExternalRotation', '肩外旋', 'Shoulder external rotation', 90],
  ['shoulderInternalRotation', '肩内旋', 'Shoulder internal rotation', 70],
  ['elbowFlexion', '肘屈曲', 'Elbow flexion', 150],
  ['forearmPronation', '前臂旋前', 'Forearm pronation', 80],
  ['forearmSupination', '前臂旋后', 'Forearm supination', 80],
  ['wristFlexion', '腕掌屈', 'Wrist flexion', 80],
  ['wristExtension', '腕背伸', 'Wrist extension', 70],
  ['hipFlexion', '髋屈曲', 'Hip flexion', 120],
  ['hipExtension', '髋后伸', 'Hip extension', 30],
  ['hipAbduction', '髋外展', 'Hip abduction', 45],
  ['hipAdduction', '髋内收', 'Hip adduction', 30],
  ['kneeFlexion', '膝屈曲', 'Knee flexion', 135],
  ['ankleDorsiflexion', '踝背屈', 'Ankle dorsiflexion', 20],
  ['anklePlantarflexion', '踝跖屈', 'Ankle plantar flexion', 50],
];

const rom: ScaleDefinition = {
  code: 'rom',
  abbr: 'ROM',
  name: bi('关节活动度测量', 'Range of motion (goniometry)'),
  category: 'motor',
  shape: 'measure',
  licence: 'PD',
  description: bi(
    '各关节主动/被动活动度（度），与参考值或健侧比较',
    'Joint range in degrees, compared with the reference or the other side',
  ),
  source: 'S21',
  items: ROM_ROWS.flatMap(([key, zh, en, ref]) =>
    SIDES.map((s) =>
      num(
        `${key}_${s.key}`,
        `${zh}（${s.zh}）`,
        `${en} (${s.en})`,
        { min: -90, max: 200, unit: UNIT.deg },
        {
          optional: true,
          group: s.key,
          hint: bi(`参考值 0-${ref}°`, `Reference 0-${ref}°`),
        },
      ),
    ),
  ),
  groups: [
    { key: 'R', label: bi('右侧', 'Right') },
    { key: 'L', label: bi('左侧', 'Left') },
  ],
  notes: [
    bi(
      '参考值因教材略有不同，负值表示伸展受限或过伸。',
      'Reference values differ slightly between textbooks; negative values record a deficit or hyperextension.',
    ),
  ],
};

const FM3 = scored([
  [0, '不能完成', 'Cannot perform'],
  [1, '部分完成', 'Performs partially'],
  [2, '充分完成', 'Performs fully'],
]);
const FM_REFLEX = scored([
  [0, '无反射', 'No reflex activity'],
  [2, '有反射', 'Reflex activity present'],
]);

const FM_UE: [string, string, string][] = [
  ['ue1', '肱二头肌反射', 'Biceps reflex'],
  ['ue2', '肱三头肌反射', 'Triceps reflex'],
  ['ue3', '肩上提', 'Shoulder elevation'],
  ['ue4', '肩后缩', 'Shoulder retraction'],
  ['ue5', '肩外展≥90°', 'Shoulder abduction ≥90°'],
  ['ue6', '肩外旋', 'Shoulder external rotation'],
  ['ue7', '肘屈曲', 'Elbow flexion'],
  ['ue8', '前臂旋后', 'Forearm supination'],
  ['ue9', '肩内收内旋', 'Shoulder adduction / internal rotation'],
  ['ue10', '肘伸展', 'Elbow extension'],
  ['ue11', '前臂旋前', 'Forearm pronation'],
  ['ue12', '手触腰椎', 'Hand to lumbar spine'],
  ['ue13', '肩前屈90°(肘伸直)', 'Shoulder flexion 0-90°, elbow 0°'],
  ['ue14', '屈肘90°前臂旋前旋后', 'Pronation/supination, elbow 90°'],
  ['ue15', '肩外展90°(肘伸直,前臂旋前)', 'Shoulder abduction 0-90°, elbow 0°'],
  ['ue16', '肩前屈举臂过头', 'Shoulder flexion 90-180°'],
  ['ue17', '伸肘位前臂旋前旋后', 'Pronation/supination, elbow 0°'],
  ['ue18', '反射亢进', 'Normal reflex activity (hyperreflexia)'],
  ['ue19', '腕稳定性(屈肘90°)', 'Wrist stability, elbow 90°'],
  ['ue20', '腕屈伸(屈肘90°)', 'Wrist flexion/extension, elbow 90°'],
  ['ue21', '腕稳定性(伸肘)', 'Wrist stability, elbow 0°'],
  ['ue22', '腕屈伸(伸肘)', 'Wrist flexion/extension, elbow 0°'],
  ['ue23', '腕环转', 'Wrist circumduction'],
  ['ue24', '手指集团屈曲', 'Finger mass flexion'],
  ['ue25', '手指集团伸展', 'Finger mass extension'],
  ['ue26', '钩状抓握', 'Hook grasp'],
  ['ue27', '侧捏', 'Lateral (thumb adduction) grasp'],
  ['ue28', '对捏', 'Pincer grasp'],
  ['ue29', '圆柱状抓握', 'Cylinder grasp'],
  ['ue30', '球形抓握', 'Spherical grasp'],
  ['ue31', '震颤', 'Tremor'],
  ['ue32', '辨距不良', 'Dysmetria'],
  ['ue33', '速度', 'Speed (vs unaffected side)'],
];
const FM_LE: [string, string, string][] = [
  ['le1', '跟腱反射', 'Achilles reflex'],
  ['le2', '膝腱反射', 'Patellar reflex'],
  ['le3', '髋屈曲', 'Hip flexion'],
  ['le4', '膝屈曲', 'Knee flexion'],
  ['le5', '踝背屈', 'Ankle dorsiflexion (flexor synergy)'],
  ['le6', '髋伸展', 'Hip extension'],
  ['le7', '髋内收', 'Hip adduction'],
  ['le8', '膝伸展', 'Knee extension'],
  ['le9', '踝跖屈', 'Ankle plantar flexion (extensor synergy)'],
  ['le10', '坐位屈膝>90°', 'Knee flexion beyond 90° (sitting)'],
  ['le11', '坐位踝背屈', 'Ankle dorsiflexion (sitting)'],
  ['le12', '站位屈膝', 'Knee flexion with hip extended (standing)'],
  ['le13', '站位踝背屈', 'Ankle dorsiflexion (standing)'],
  ['le14', '反射亢进', 'Normal reflex activity'],
  ['le15', '震颤', 'Tremor'],
  ['le16', '辨距不良', 'Dysmetria'],
  ['le17', '速度', 'Speed (heel-to-shin ×5)'],
];
const fmItems = (rows: [string, string, string][], group: string) =>
  rows.map(([key, zh, en], i) => choice(key, zh, en, i < 2 ? FM_REFLEX : FM3, { group }));

const fuglMeyer: ScaleDefinition = {
  code: 'fugl-meyer',
  abbr: 'FMA',
  name: bi('Fugl-Meyer运动功能评定', 'Fugl-Meyer Assessment (motor)'),
  category: 'motor',
  shape: 'sum',
  licence: 'PD',
  description: bi('脑卒中后上下肢运动功能（简化FMA）', 'Post-stroke upper and lower extremity motor function'),
  source: 'S11 (Fugl-Meyer 1975; CN simplified form)',
  items: [...fmItems(FM_UE, 'ue'), ...fmItems(FM_LE, 'le')],
  groups: [
    { key: 'ue', label: bi('上肢', 'Upper extremity'), max: 66 },
    { key: 'le', label: bi('下肢', 'Lower extremity'), max: 34 },
  ],
  totalRange: { min: 0, max: 100 },
  bands: bands(101, [
    [0, 'I级 严重运动障碍', 'Grade I: severe impairment'],
    [50, 'II级 明显运动障碍', 'Grade II: marked impairment'],
    [85, 'III级 中度运动障碍', 'Grade III: moderate impairment'],
    [96, 'IV级 轻度运动障碍', 'Grade IV: mild impairment'],
    [100, '运动功能正常', 'No impairment'],
  ]),
  notes: [bi('反射项（上肢1-2、下肢1-2）仅可评0或2分。', 'Reflex items (UE 1-2, LE 1-2) score only 0 or 2.')],
};

const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI'];
const stageOptions = (rows: [string, string][]) =>
  rows.map(([zh, en], i) => opt(ROMAN[i]!, i + 1, `${ROMAN[i]} ${zh}`, `${ROMAN[i]} ${en}`));

const brunnstrom: ScaleDefinition = {
  code: 'brunnstrom',
  abbr: 'Brunnstrom',
  name: bi('Brunnstrom偏瘫运动功能分期', 'Brunnstrom stages of motor recovery'),
  category: 'motor',
  shape: 'stages',
  licence: 'PD',
  description: bi(
    '偏瘫侧上肢、手、下肢的恢复分期（不求和）',
    'Recovery stage of the affected arm, hand and leg (not summed)',
  ),
  source: 'S8',
  items: [
    choice('side', '偏瘫侧', 'Affected side', [opt('L', null, '左侧', 'Left'), opt('R', null, '右侧', 'Right')]),
    choice(
      'upperLimb',
      '上肢',
      'Upper limb',
      stageOptions([
        ['弛缓，无随意运动', 'Flaccid, no voluntary movement'],
        ['出现联合反应/共同运动成分', 'Synergies or associated reactions begin'],
        ['可随意引起共同运动', 'Voluntary synergy, spasticity peaks'],
        ['部分分离运动：手触腰骶/肩前屈90°/屈肘90°旋前旋后', 'Some movement out of synergy'],
        ['分离运动：肩外展90°/上举过头/伸肘位旋前旋后', 'Relative independence from synergy'],
        ['协调运动接近正常', 'Isolated, near-normal coordinated movement'],
      ]),
    ),
    choice(
      'hand',
      '手',
      'Hand',
      stageOptions([
        ['无任何运动', 'No movement'],
        ['仅有极细微屈曲', 'Little or no active finger flexion'],
        ['钩状抓握，不能伸指', 'Mass grasp or hook grasp, no release'],
        ['侧捏及拇指松开，小范围伸指', 'Lateral pinch, release by thumb, small finger extension'],
        ['球状/圆柱状抓握，手指同时伸展', 'Palmar, cylindrical and spherical grasp; mass finger extension'],
        ['各种抓握，单指活动', 'All grasps, individual finger movement'],
      ]),
    ),
    choice(
      'lowerLimb',
      '下肢',
      'Lower limb',
      stageOptions([
        ['无随意运动', 'Flaccid, no movement'],
        ['极少随意运动', 'Minimal voluntary movement'],
        ['坐/站位髋膝踝协同屈曲', 'Hip, knee and ankle co-flexion sitting and standing'],
        ['坐位屈膝>90°，足跟不离地踝背屈', 'Sitting: knee flexion >90°, ankle dorsiflexion with heel down'],
        ['立位伸髋屈膝，伸膝踝背屈', 'Standing: knee flexion with hip extended; dorsiflexion with knee extended'],
        [
          '立位髋外展超过骨盆上提范围；坐位髋内外旋伴足内外翻',
          'Standing hip abduction; sitting reciprocal hip rotation with inversion/eversion',
        ],
      ]),
    ),
  ],
};

const ARAT3 = scored([
  [0, '不能完成', 'Cannot perform'],
  [1, '部分完成', 'Performs partially'],
  [2, '完成但时间长或困难', 'Completes with difficulty or slowly'],
  [3, '正常完成', 'Performs normally'],
]);

const arat: ScaleDefinition = {
  code: 'arat',
  abbr: 'ARAT',
  name: bi('上肢动作研究量表', 'Action Research Arm Test'),
  category: 'motor',
  shape: 'sum',
  licence: 'FREE',
  description: bi('上肢抓、握、捏及粗大运动', 'Upper-limb grasp, grip, pinch and gross movement'),
  source: 'S22 (Lyle 1981)',
  items: [
    ...sameOptions(
      [
        ['grasp1', '抓10cm木块', 'Block 10 cm'],
        ['grasp2', '抓2.5cm木块', 'Block 2.5 cm'],
        ['grasp3', '抓5cm木块', 'Block 5 cm'],
        ['grasp4', '抓7.5cm木块', 'Block 7.5 cm'],
        ['grasp5', '抓7.5cm球', 'Ball 7.5 cm'],
        ['grasp6', '抓石块', 'Stone 10 × 2.5 × 1 cm'],
      ],
      ARAT3,
      { group: 'grasp' },
    ),
    ...sameOptions(
      [
        ['grip1', '杯间倒水', 'Pour water glass to glass'],
        ['grip2', '握2.25cm管', 'Tube 2.25 cm'],
        ['grip3', '握1cm管', 'Tube 1 cm'],
        ['grip4', '垫圈套螺栓', 'Washer over bolt'],
      ],
      ARAT3,
      { group: 'grip' },
    ),
    ...sameOptions(
      [
        ['pinch1', '环指拇指捏6mm滚珠', 'Ball bearing 6 mm, ring finger and thumb'],
        ['pinch2', '示指拇指捏弹珠', 'Marble, index finger and thumb'],
        ['pinch3', '中指拇指捏滚珠', 'Ball bearing, middle finger and thumb'],
        ['pinch4', '示指拇指捏滚珠', 'Ball bearing, index finger and thumb'],
        ['pinch5', '环指拇指捏弹珠', 'Marble, ring finger and thumb'],
        ['pinch6', '中指拇指捏弹珠', 'Marble, middle finger and thumb'],
      ],
      ARAT3,
      { group: 'pinch' },
    ),
    ...sameOptions(
      [
        ['gross1', '手放到头后', 'Hand behind head'],
        ['gross2', '手放到头顶', 'Hand on top of head'],
        ['gross3', '手到嘴', 'Hand to mouth'],
      ],
      ARAT3,
      { group: 'gross' },
    ),
  ],
  groups: [
    { key: 'grasp', label: bi('抓', 'Grasp'), max: 18 },
    { key: 'grip', label: bi('握', 'Grip'), max: 12 },
    { key: 'pinch', label: bi('捏', 'Pinch'), max: 18 },
    { key: 'gross', label: bi('粗大运动', 'Gross movement'), max: 9 },
  ],
  totalRange: { min: 0, max: 57 },
  notes: [
    bi(
      'Lyle规则：分项第一项(最难)得3分则该分项记满分；第一项<3且第二项(最易)为0则该分项记0。',
      'Lyle rules: first (hardest) item 3 → full subscale; first <3 and second (easiest) 0 → subscale 0.',
    ),
  ],
};

const FAS = scored([
  [0, '不尝试', 'Does not attempt'],
  [1, '尝试但不能完成', 'Attempts, does not participate functionally'],
  [2, '需健侧帮助', 'Needs help of the less affected side'],
  [3, '能完成但明显缓慢或费力', 'Does, but slowly or with effort'],
  [4, '接近正常，稍慢', 'Nearly normal, slightly slower'],
  [5, '正常', 'Normal'],
]);
const WMFT_TASKS: [string, string, string][] = [
  ['t1', '前臂放到桌上(侧方)', 'Forearm to table (side)'],
  ['t2', '前臂放到盒上(侧方)', 'Forearm to box (side)'],
  ['t3', '伸肘(侧方)', 'Extend elbow (side)'],
  ['t4', '负重伸肘(侧方)', 'Extend elbow with weight (side)'],
  ['t5', '手放到桌上(前方)', 'Hand to table (front)'],
  ['t6', '手放到盒上(前方)', 'Hand to box (front)'],
  ['t8', '伸手取物', 'Reach and retrieve'],
  ['t9', '拿起易拉罐', 'Lift can'],
  ['t10', '拿起铅笔', 'Lift pencil'],
  ['t11', '拿起回形针', 'Lift paper clip'],
  ['t12', '叠棋子', 'Stack checkers'],
  ['t13', '翻卡片', 'Flip cards'],
  ['t15', '钥匙开锁', 'Turn key in lock'],
  ['t16', '叠毛巾', 'Fold towel'],
  ['t17', '提篮子', 'Lift basket'],
];

const wmft: ScaleDefinition = {
  code: 'wmft',
  abbr: 'WMFT',
  name: bi('Wolf运动功能测试', 'Wolf Motor Function Test'),
  category: 'motor',
  shape: 'sum',
  licence: 'FREE',
  description: bi('上肢运动能力：功能能力评分与完成时间', 'Upper-limb motor ability: functional ability and time'),
  source: 'S23 (Wolf 2001)',
  items: [
    ...WMFT_TASKS.map(([k, zh, en]) => choice(`fas_${k}`, zh, en, FAS, { group: 'fas' })),
    ...WMFT_TASKS.map(([k, zh, en]) =>
      num(
        `time_${k}`,
        `${zh} 用时`,
        `${en}: time`,
        { min: 0, max: 120, step: 0.1, unit: UNIT.s },
        { group: 'time', optional: true },
      ),
    ),
    num(
      't7_weight',
      '负重放到盒上(kg)',
      'Weight to box (kg)',
      { min: 0, max: 20, step: 0.1, unit: bi('千克', 'kg') },
      { optional: true },
    ),
    num(
      't14_grip',
      '握力(kg)',
      'Grip strength (kg)',
      { min: 0, max: 100, step: 0.1, unit: bi('千克', 'kg') },
      { optional: true },
    ),
  ],
  groups: [
    { key: 'fas', label: bi('功能能力评分', 'Functional ability (FAS)'), max: 75 },
    { key: 'time', label: bi('平均用时(秒)', 'Mean time (s)'), aggregate: 'mean' },
  ],
  totalGroups: ['fas'],
  totalRange: { min: 0, max: 75 },
  notes: [bi('不能完成的任务时间记120秒。', 'A task not completed is timed as 120 s.')],
};

/** Carroll 1965: the four scores of every task. */
const CARROLL_LEVELS = scored([
  [0, '不能完成任何部分', 'Cannot perform any part of the test'],
  [1, '只能完成一部分', 'Can perform only part of the test'],
  [2, '能完成，但时间异常长或非常困难', 'Completes the test but takes abnormally long or has great difficulty'],
  [3, '正常完成', 'Performs the test normally'],
]);

const carrollGroup = (prefix: string, from: number, to: number, zh: string, en: string) => {
  const out: ScaleItem[] = [];
  for (let n = from; n <= to; n++)
    out.push(choice(`i${n}`, `${n}. ${zh}`, `${n}. ${en}`, CARROLL_LEVELS, { group: prefix }));
  return out;
};

const carroll: ScaleDefinition = {
  code: 'carroll',
  abbr: 'UEFT',
  name: bi('Carroll上肢功能试验', 'Carroll Upper Extremity Function Test'),
  category: 'motor',
  shape: 'sum',
  licence: 'PD',
  description: bi('手与上肢功能，33项每项0-3分', 'Hand and arm function, 33 items scored 0-3'),
  source: 'S24 (Carroll 1965)',
  items: [
    ...carrollGroup('grasp', 1, 4, '抓握木块', 'Grasp blocks'),
    ...carrollGroup('grip', 5, 6, '握圆柱', 'Grip cylinders'),
    ...carrollGroup('lateral', 7, 7, '侧捏石板', 'Lateral prehension'),
    ...carrollGroup('pinch', 8, 23, '捏球', 'Pinch balls'),
    ...carrollGroup('placing', 24, 25, '放置', 'Placing'),
    ...carrollGroup('pronation', 26, 32, '旋前旋后', 'Pronation and supination'),
    ...carrollGroup('writing', 33, 33, '书写', 'Writing'),
  ],
  groups: [
    { key: 'grasp', label: bi('抓', 'Grasp') },
    { key: 'grip', label: bi('握', 'Grip') },
    { key: 'lateral', label: bi('侧捏', 'Lateral prehension') },
    { key: 'pinch', label: bi('捏', 'Pinch') },
    { key: 'placing', label: bi('放置', 'Placing') },
    { key: 'pronation', label: bi('旋前旋后', 'Pronation and supination') },
    { key: 'writing', label: bi('书写', 'Writing') },
  ],
  totalRange: { min: 0, max: 99 },
  bands: bands(100, [
    [0, 'I级 微弱', 'Grade I: trace'],
    [26, 'II级 很差', 'Grade II: very poor'],
    [51, 'III级 差', 'Grade III: poor'],
    [76, 'IV级 部分功能', 'Grade IV: partial function'],
    [90, 'V级 完全有功能', 'Grade V: full function'],
    [99, 'VI级 功能达到最大', 'Grade VI: maximal function'],
  ]),
  notes: [
    bi(
      '分级与各分项题号划分未经公开来源核实，请以科室纸质表为准。',
      'Grading bands and the split of items into parts are UNVERIFIED; check against the department form.',
    ),
  ],
};

const range10 = (rows: [string, string][]) => rows.map(([zh, en], i) => opt(i * 2, i * 2, zh, en));

const constant: ScaleDefinition = {
  code: 'constant',
  abbr: 'CMS',
  name: bi('Constant-Murley肩关节评分', 'Constant-Murley shoulder score'),
  category: 'motor',
  shape: 'sum',
  licence: 'FREE',
  description: bi('肩关节疼痛、日常活动、活动度与肌力', 'Shoulder pain, activities, range and strength'),
  source: 'S25 (Constant & Murley 1987)',
  items: [
    choice(
      'pain',
      '疼痛',
      'Pain',
      scored([
        [15, '无', 'None'],
        [10, '轻度', 'Mild'],
        [5, '中度', 'Moderate'],
        [0, '重度', 'Severe'],
      ]),
      { group: 'pain' },
    ),
    choice(
      'sleep',
      '睡眠',
      'Sleep',
      scored([
        [2, '不受影响', 'Undisturbed'],
        [1, '偶尔痛醒', 'Occasionally woken'],
        [0, '常痛醒', 'Often woken'],
      ]),
      { group: 'adl' },
    ),
    num('work', '工作能力 (0-4)', 'Full work (0-4)', { min: 0, max: 4 }, { group: 'adl' }),
    num('recreation', '娱乐活动 (0-4)', 'Full recreation (0-4)', { min: 0, max: 4 }, { group: 'adl' }),
    choice(
      'position',
      '手可达到的位置',
      'Hand position reached',
      scored([
        [2, '腰部', 'Waist'],
        [4, '剑突', 'Xiphoid'],
        [6, '颈部', 'Neck'],
        [8, '头顶', 'Top of head'],
        [10, '头顶以上', 'Above head'],
      ]),
      { group: 'adl' },
    ),
    choice(
      'flexion',
      '前屈',
      'Forward flexion',
      range10([
        ['0-30°', '0-30°'],
        ['31-60°', '31-60°'],
        ['61-90°', '61-90°'],
        ['91-120°', '91-120°'],
        ['121-150°', '121-150°'],
        ['151-180°', '151-180°'],
      ]),
      { group: 'rom' },
    ),
    choice(
      'abduction',
      '外展',
      'Abduction',
      range10([
        ['0-30°', '0-30°'],
        ['31-60°', '31-60°'],
        ['61-90°', '61-90°'],
        ['91-120°', '91-120°'],
        ['121-150°', '121-150°'],
        ['151-180°', '151-180°'],
      ]),
      { group: 'rom' },
    ),
    choice(
      'externalRotation',
      '外旋（完成的位置数×2）',
      'External rotation (positions reached × 2)',
      range10([
        ['0个', 'None'],
        ['1个', '1 position'],
        ['2个', '2 positions'],
        ['3个', '3 positions'],
        ['4个', '4 positions'],
        ['5个(完全上举)', '5 (full elevation)'],
      ]),
      { group: 'rom' },
    ),
    choice(
      'internalRotation',
      '内旋（手背可达）',
      'Internal rotation (back of hand reaches)',
      range10([
        ['大腿外侧', 'Lateral thigh'],
        ['臀部', 'Buttock'],
        ['骶髂关节', 'Sacroiliac joint'],
        ['腰部(L3)', 'Waist (L3)'],
        ['T12', 'T12'],
        ['肩胛间(T7)', 'Interscapular (T7)'],
      ]),
      { group: 'rom' },
    ),
    num(
      'strength',
      '肌力（外展90°抗阻，磅，最高25）',
      'Strength (abduction 90°, pounds, max 25)',
      { min: 0, max: 25 },
      { group: 'strength' },
    ),
  ],
  groups: [
    { key: 'pain', label: bi('疼痛', 'Pain'), max: 15 },
    { key: 'adl', label: bi('日常活动', 'Activities of daily living'), max: 20 },
    { key: 'rom', label: bi('活动度', 'Range of motion'), max: 40 },
    { key: 'strength', label: bi('肌力', 'Strength'), max: 25 },
  ],
  totalRange: { min: 2, max: 100 },
  notes: [bi('无通用分级，应与健侧比较。', 'No universal bands; compare with the other side.')],
};

export const MOTOR_SCALES: ScaleDefinition[] = [mas, mmt, rom, fuglMeyer, brunnstrom, arat, wmft, carroll, constant];
