import type { ScaleDefinition } from '../types';
import { bands, bi, choice, licenceNote, opt, sameOptions, scored, text } from './helpers';

const lvl = (zh: string, en: string, score: number) => opt(score, score, `${zh} (${score})`, `${en} (${score})`);

const barthel: ScaleDefinition = {
  code: 'barthel',
  abbr: 'BI',
  name: bi('Barthel指数', 'Barthel Index'),
  category: 'adl',
  shape: 'sum',
  licence: 'PD',
  description: bi('基本日常生活活动能力', 'Basic activities of daily living'),
  source: 'S12 (Mahoney & Barthel 1965; CN nursing-grade bands)',
  items: [
    choice('feeding', '进食', 'Feeding', [
      lvl('依赖', 'Unable', 0),
      lvl('需部分帮助', 'Needs help', 5),
      lvl('自理', 'Independent', 10),
    ]),
    choice('bathing', '洗澡', 'Bathing', [lvl('依赖', 'Dependent', 0), lvl('自理', 'Independent', 5)]),
    choice('grooming', '修饰', 'Grooming', [lvl('依赖', 'Needs help', 0), lvl('自理', 'Independent', 5)]),
    choice('dressing', '穿衣', 'Dressing', [
      lvl('依赖', 'Dependent', 0),
      lvl('需部分帮助', 'Needs help', 5),
      lvl('自理', 'Independent', 10),
    ]),
    choice('bowels', '控制大便', 'Bowels', [
      lvl('失禁', 'Incontinent', 0),
      lvl('偶有失禁', 'Occasional accident', 5),
      lvl('能控制', 'Continent', 10),
    ]),
    choice('bladder', '控制小便', 'Bladder', [
      lvl('失禁', 'Incontinent', 0),
      lvl('偶有失禁', 'Occasional accident', 5),
      lvl('能控制', 'Continent', 10),
    ]),
    choice('toilet', '如厕', 'Toilet use', [
      lvl('依赖', 'Dependent', 0),
      lvl('需部分帮助', 'Needs some help', 5),
      lvl('自理', 'Independent', 10),
    ]),
    choice('transfers', '床椅转移', 'Transfers (bed to chair and back)', [
      lvl('完全依赖', 'Unable', 0),
      lvl('需大量帮助', 'Major help', 5),
      lvl('需少量帮助', 'Minor help', 10),
      lvl('自理', 'Independent', 15),
    ]),
    choice('mobility', '平地行走45米', 'Mobility on level surfaces (45 m)', [
      lvl('不能', 'Immobile', 0),
      lvl('轮椅独立', 'Wheelchair independent', 5),
      lvl('需少量帮助', 'Walks with help', 10),
      lvl('独立行走', 'Independent', 15),
    ]),
    choice('stairs', '上下楼梯', 'Stairs', [
      lvl('不能', 'Unable', 0),
      lvl('需帮助', 'Needs help', 5),
      lvl('自理', 'Independent', 10),
    ]),
  ],
  totalRange: { min: 0, max: 100 },
  bands: bands(101, [
    [0, '重度依赖', 'Severe dependence'],
    [41, '中度依赖', 'Moderate dependence'],
    [61, '轻度依赖', 'Mild dependence'],
    [100, '无需依赖', 'Independent'],
  ]),
  notes: [
    bi(
      '另一常用分级：0-20完全依赖，25-45重度，50-70中度，75-95轻度，100独立。',
      'Alternative bands: 0-20 total, 25-45 severe, 50-70 moderate, 75-95 mild, 100 independent.',
    ),
  ],
};

const SHAH5 = (s: [number, number, number, number, number]) => [
  lvl('完全依赖', 'Unable', s[0]),
  lvl('最大帮助', 'Maximal help', s[1]),
  lvl('中等帮助', 'Moderate help', s[2]),
  lvl('最小帮助', 'Minimal help', s[3]),
  lvl('完全独立', 'Independent', s[4]),
];
const S10 = SHAH5([0, 2, 5, 8, 10]);
const S5 = SHAH5([0, 1, 3, 4, 5]);
const S15 = SHAH5([0, 3, 8, 12, 15]);

const mbi: ScaleDefinition = {
  code: 'mbi',
  abbr: 'MBI',
  name: bi('改良Barthel指数', 'Modified Barthel Index (Shah)'),
  category: 'adl',
  shape: 'sum',
  licence: 'PD',
  description: bi('基本日常生活活动能力（5级评分）', 'Basic ADL with five levels per item'),
  source: 'S13 (Shah, Vanclay & Cooper 1989)',
  items: [
    choice('feeding', '进食', 'Feeding', S10),
    choice('bathing', '洗澡', 'Bathing', S5),
    choice('grooming', '个人卫生', 'Personal hygiene (grooming)', S5),
    choice('dressing', '穿衣', 'Dressing', S10),
    choice('bowel', '大便控制', 'Bowel control', S10),
    choice('bladder', '小便控制', 'Bladder control', S10),
    choice('toilet', '如厕', 'Toileting', S10),
    choice('transfer', '床椅转移', 'Chair/bed transfer', S15),
    choice('ambulation', '平地行走', 'Ambulation', S15, {
      hint: bi('不能行走者按轮椅操作评分(0/1/3/4/5)', 'Patients who cannot walk: score wheelchair use (0/1/3/4/5)'),
    }),
    choice('stairs', '上下楼梯', 'Stair climbing', S10),
  ],
  totalRange: { min: 0, max: 100 },
  bands: bands(101, [
    [0, '完全依赖', 'Total dependence'],
    [21, '重度依赖', 'Severe dependence'],
    [61, '中度依赖', 'Moderate dependence'],
    [91, '轻度依赖', 'Slight dependence'],
    [100, '完全独立', 'Independent'],
  ]),
};

const FIM7 = scored([
  [1, '完全依赖', 'Total assistance'],
  [2, '最大帮助', 'Maximal assistance'],
  [3, '中等帮助', 'Moderate assistance'],
  [4, '最小帮助', 'Minimal assistance'],
  [5, '监护或准备', 'Supervision or setup'],
  [6, '有条件独立', 'Modified independence'],
  [7, '完全独立', 'Complete independence'],
]);

const fim: ScaleDefinition = {
  code: 'fim',
  abbr: 'FIM',
  name: bi('功能独立性评定', 'Functional Independence Measure'),
  category: 'adl',
  shape: 'sum',
  licence: 'COPYRIGHT',
  description: bi(
    '运动与认知功能独立性（仅存项目简称与评分）',
    'Motor and cognitive independence (short item names and scores only)',
  ),
  source: 'S14 (UDSMR; CN bands)',
  licenceNote: licenceNote(
    'UDSMR（美国医疗康复统一数据系统）',
    'UDSMR (Uniform Data System for Medical Rehabilitation)',
  ),
  items: [
    ...sameOptions(
      [
        ['eating', '进食', 'Eating'],
        ['grooming', '梳洗修饰', 'Grooming'],
        ['bathing', '洗澡', 'Bathing'],
        ['dressingUpper', '穿上衣', 'Dressing, upper body'],
        ['dressingLower', '穿下衣', 'Dressing, lower body'],
        ['toileting', '如厕', 'Toileting'],
        ['bladder', '膀胱管理', 'Bladder management'],
        ['bowel', '直肠管理', 'Bowel management'],
        ['transferBed', '床椅转移', 'Transfer: bed, chair, wheelchair'],
        ['transferToilet', '如厕转移', 'Transfer: toilet'],
        ['transferTub', '浴盆淋浴转移', 'Transfer: tub, shower'],
        ['locomotion', '步行/轮椅', 'Walk / wheelchair'],
        ['stairs', '上下楼梯', 'Stairs'],
      ],
      FIM7,
      { group: 'motor' },
    ),
    ...sameOptions(
      [
        ['comprehension', '理解', 'Comprehension'],
        ['expression', '表达', 'Expression'],
        ['social', '社会交往', 'Social interaction'],
        ['problemSolving', '解决问题', 'Problem solving'],
        ['memory', '记忆', 'Memory'],
      ],
      FIM7,
      { group: 'cognitive' },
    ),
  ],
  groups: [
    { key: 'motor', label: bi('运动功能', 'Motor'), max: 91 },
    { key: 'cognitive', label: bi('认知功能', 'Cognitive'), max: 35 },
  ],
  totalRange: { min: 18, max: 126 },
  bands: bands(127, [
    [18, '完全依赖', 'Complete dependence'],
    [19, '极重度依赖', 'Extremely severe dependence'],
    [36, '重度依赖', 'Severe dependence'],
    [54, '中度依赖', 'Moderate dependence'],
    [72, '轻度依赖', 'Mild dependence'],
    [90, '有条件独立或极轻度依赖', 'Modified independence / extremely mild dependence'],
    [108, '基本独立', 'Basic independence'],
    [126, '完全独立', 'Complete independence'],
  ]),
};

const IADL2 = scored([
  [0, '需要帮助或不能', 'Needs help or unable'],
  [1, '独立完成', 'Independent'],
]);

const iadl: ScaleDefinition = {
  code: 'iadl',
  abbr: 'IADL',
  name: bi('工具性日常生活活动能力量表', 'Lawton-Brody IADL'),
  category: 'adl',
  shape: 'sum',
  licence: 'COPYRIGHT',
  description: bi('工具性日常生活活动（仅存项目简称与评分）', 'Instrumental ADL (short item names and scores only)'),
  source: 'S15 (Lawton & Brody 1969)',
  licenceNote: licenceNote('美国老年学会 (GSA)', 'The Gerontological Society of America'),
  items: sameOptions(
    [
      ['telephone', '使用电话', 'Telephone'],
      ['shopping', '购物', 'Shopping'],
      ['food', '备餐', 'Food preparation'],
      ['housekeeping', '家务', 'Housekeeping'],
      ['laundry', '洗衣', 'Laundry'],
      ['transport', '交通出行', 'Transportation'],
      ['medication', '服药管理', 'Medications'],
      ['finances', '理财', 'Finances'],
    ],
    IADL2,
  ),
  totalRange: { min: 0, max: 8 },
  notes: [bi('分数越高越独立；无固定分级。', 'Higher is more independent; no fixed bands.')],
};

const mrs: ScaleDefinition = {
  code: 'mrs',
  abbr: 'mRS',
  name: bi('改良Rankin量表', 'Modified Rankin Scale'),
  category: 'adl',
  shape: 'sum',
  licence: 'PD',
  description: bi('卒中后整体残疾程度', 'Global disability after stroke'),
  source: 'S16',
  items: [
    choice(
      'level',
      '残疾程度',
      'Disability level',
      scored([
        [0, '完全无症状', 'No symptoms'],
        [1, '有症状但无明显残疾，能完成日常工作和活动', 'No significant disability despite symptoms'],
        [2, '轻度残疾，不能完成病前所有活动，但能自理', 'Slight disability; looks after own affairs'],
        [3, '中度残疾，需部分帮助，但能独立行走', 'Moderate disability; walks without assistance'],
        [
          4,
          '中重度残疾，不能独立行走，日常生活需帮助',
          'Moderately severe; cannot walk or attend to bodily needs unaided',
        ],
        [5, '重度残疾，卧床，二便失禁，需持续护理', 'Severe disability; bedridden, incontinent, constant care'],
        [6, '死亡', 'Dead'],
      ]),
    ),
  ],
  totalRange: { min: 0, max: 6 },
  bands: bands(7, [
    [0, '预后良好 (0-2)', 'Good outcome (0-2)'],
    [3, '预后不良 (3-6)', 'Poor outcome (3-6)'],
  ]),
};

const gos: ScaleDefinition = {
  code: 'gos',
  abbr: 'GOS',
  name: bi('格拉斯哥预后量表', 'Glasgow Outcome Scale'),
  category: 'adl',
  shape: 'sum',
  licence: 'PD',
  description: bi('脑损伤后结局', 'Outcome after brain injury'),
  source: 'S17 (Jennett & Bond 1975)',
  items: [
    choice(
      'level',
      '结局',
      'Outcome',
      scored([
        [1, '死亡', 'Death'],
        [2, '植物状态', 'Persistent vegetative state'],
        [3, '重度残疾（清醒但生活不能自理）', 'Severe disability (conscious but dependent)'],
        [4, '中度残疾（生活能自理）', 'Moderate disability (independent but disabled)'],
        [5, '恢复良好', 'Good recovery'],
      ]),
    ),
  ],
  totalRange: { min: 1, max: 5 },
  bands: bands(6, [
    [1, '预后不良 (1-3)', 'Unfavourable outcome (1-3)'],
    [4, '预后良好 (4-5)', 'Favourable outcome (4-5)'],
  ]),
};

// RAND-36: answers recoded 0-100 (higher is better); each domain is the mean of its items.
const r = (rows: [string, string][], values: number[]) => rows.map(([zh, en], i) => opt(i + 1, values[i]!, zh, en));
const LIMITED = r(
  [
    ['受到很大限制', 'Yes, limited a lot'],
    ['有些限制', 'Yes, limited a little'],
    ['毫无限制', 'No, not limited at all'],
  ],
  [0, 50, 100],
);
const YESNO = r(
  [
    ['是', 'Yes'],
    ['否', 'No'],
  ],
  [0, 100],
);
const TIME6 = [
  ['所有时间', 'All of the time'],
  ['大部分时间', 'Most of the time'],
  ['比较多时间', 'A good bit of the time'],
  ['一部分时间', 'Some of the time'],
  ['小部分时间', 'A little of the time'],
  ['没有此感觉', 'None of the time'],
] as [string, string][];
const POS6 = r(TIME6, [100, 80, 60, 40, 20, 0]);
const NEG6 = r(TIME6, [0, 20, 40, 60, 80, 100]);
const TRUE5 = [
  ['绝对正确', 'Definitely true'],
  ['大部分正确', 'Mostly true'],
  ['不能肯定', "Don't know"],
  ['大部分错误', 'Mostly false'],
  ['绝对错误', 'Definitely false'],
] as [string, string][];
const EXTENT5 = [
  ['根本没有', 'Not at all'],
  ['很少', 'Slightly'],
  ['中度', 'Moderately'],
  ['较大', 'Quite a bit'],
  ['极大', 'Extremely'],
] as [string, string][];

const sf36: ScaleDefinition = {
  code: 'sf36',
  abbr: 'SF-36',
  name: bi('SF-36健康调查简表 (RAND-36)', 'SF-36 Health Survey (RAND-36)'),
  category: 'adl',
  shape: 'domainMean',
  licence: 'PD',
  description: bi('健康相关生活质量，8个维度 0-100', 'Health-related quality of life, 8 domains 0-100'),
  source: 'S18 (RAND 36-Item Health Survey 1.0 scoring)',
  items: [
    choice(
      'q1',
      '总体健康状况',
      'General health',
      r(
        [
          ['非常好', 'Excellent'],
          ['很好', 'Very good'],
          ['好', 'Good'],
          ['一般', 'Fair'],
          ['差', 'Poor'],
        ],
        [100, 75, 50, 25, 0],
      ),
      { group: 'gh' },
    ),
    choice(
      'q2',
      '与一年前相比的健康',
      'Health compared with one year ago',
      r(
        [
          ['好多了', 'Much better'],
          ['好一些', 'Somewhat better'],
          ['差不多', 'About the same'],
          ['差一些', 'Somewhat worse'],
          ['差多了', 'Much worse'],
        ],
        [100, 75, 50, 25, 0],
      ),
    ),
    ...sameOptions(
      [
        ['q3', '重体力活动', 'Vigorous activities'],
        ['q4', '适度活动', 'Moderate activities'],
        ['q5', '手提日用品', 'Lifting or carrying groceries'],
        ['q6', '上几层楼梯', 'Climbing several flights of stairs'],
        ['q7', '上一层楼梯', 'Climbing one flight of stairs'],
        ['q8', '弯腰、屈膝、下蹲', 'Bending, kneeling or stooping'],
        ['q9', '步行1500米以上', 'Walking more than a mile'],
        ['q10', '步行1000米', 'Walking several blocks'],
        ['q11', '步行100米', 'Walking one block'],
        ['q12', '自己洗澡、穿衣', 'Bathing or dressing yourself'],
      ],
      LIMITED,
      { group: 'pf' },
    ),
    ...sameOptions(
      [
        ['q13', '减少工作或活动时间（身体原因）', 'Cut down time on work (physical)'],
        ['q14', '完成的比想要的少（身体原因）', 'Accomplished less (physical)'],
        ['q15', '工作或活动种类受限', 'Limited in kind of work'],
        ['q16', '完成工作有困难', 'Difficulty performing work'],
      ],
      YESNO,
      { group: 'rp' },
    ),
    ...sameOptions(
      [
        ['q17', '减少工作或活动时间（情绪原因）', 'Cut down time on work (emotional)'],
        ['q18', '完成的比想要的少（情绪原因）', 'Accomplished less (emotional)'],
        ['q19', '做事不如平时仔细', 'Less careful than usual'],
      ],
      YESNO,
      { group: 're' },
    ),
    choice(
      'q20',
      '健康影响社交活动的程度',
      'Extent health interfered with social activities',
      r(EXTENT5, [100, 75, 50, 25, 0]),
      { group: 'sf' },
    ),
    choice(
      'q21',
      '身体疼痛程度',
      'Bodily pain',
      r(
        [
          ['无', 'None'],
          ['很轻', 'Very mild'],
          ['轻', 'Mild'],
          ['中度', 'Moderate'],
          ['严重', 'Severe'],
          ['很严重', 'Very severe'],
        ],
        [100, 80, 60, 40, 20, 0],
      ),
      { group: 'bp' },
    ),
    choice('q22', '疼痛影响工作的程度', 'Pain interfered with work', r(EXTENT5, [100, 75, 50, 25, 0]), { group: 'bp' }),
    choice('q23', '充满活力', 'Full of pep', POS6, { group: 'vt' }),
    choice('q24', '非常紧张', 'Very nervous', NEG6, { group: 'mh' }),
    choice('q25', '情绪低落，什么事都不能使您高兴', 'Down in the dumps', NEG6, { group: 'mh' }),
    choice('q26', '心里平静', 'Calm and peaceful', POS6, { group: 'mh' }),
    choice('q27', '精力充沛', 'A lot of energy', POS6, { group: 'vt' }),
    choice('q28', '心情不好、闷闷不乐', 'Downhearted and blue', NEG6, { group: 'mh' }),
    choice('q29', '筋疲力尽', 'Worn out', NEG6, { group: 'vt' }),
    choice('q30', '快乐', 'Happy', POS6, { group: 'mh' }),
    choice('q31', '容易疲劳', 'Tired', NEG6, { group: 'vt' }),
    choice(
      'q32',
      '健康影响社交活动的时间',
      'Time health interfered with social activities',
      r(TIME6.slice(0, 5), [0, 25, 50, 75, 100]),
      { group: 'sf' },
    ),
    choice('q33', '比别人更容易生病', 'I get sick easier than others', r(TRUE5, [0, 25, 50, 75, 100]), { group: 'gh' }),
    choice('q34', '和别人一样健康', 'As healthy as anybody', r(TRUE5, [100, 75, 50, 25, 0]), { group: 'gh' }),
    choice('q35', '健康状况会变坏', 'Expect my health to get worse', r(TRUE5, [0, 25, 50, 75, 100]), { group: 'gh' }),
    choice('q36', '健康状况非常好', 'My health is excellent', r(TRUE5, [100, 75, 50, 25, 0]), { group: 'gh' }),
  ],
  groups: [
    { key: 'pf', label: bi('生理功能', 'Physical functioning'), max: 100 },
    { key: 'rp', label: bi('生理职能', 'Role limitations, physical'), max: 100 },
    { key: 'bp', label: bi('躯体疼痛', 'Bodily pain'), max: 100 },
    { key: 'gh', label: bi('总体健康', 'General health'), max: 100 },
    { key: 'vt', label: bi('精力', 'Energy / vitality'), max: 100 },
    { key: 'sf', label: bi('社会功能', 'Social functioning'), max: 100 },
    { key: 're', label: bi('情感职能', 'Role limitations, emotional'), max: 100 },
    { key: 'mh', label: bi('精神健康', 'Emotional well-being'), max: 100 },
  ],
  notes: [
    bi(
      'RAND-36计分：各题重新编码为0-100，维度分为其条目均值；第2题（健康变化）不计入维度。',
      'RAND-36 scoring: each answer recoded 0-100, a domain is the mean of its items; item 2 (health change) is in no domain.',
    ),
  ],
};

const comprehensive: ScaleDefinition = {
  code: 'comprehensive-evaluation',
  abbr: 'CE',
  name: bi('综合评定', 'Comprehensive rehabilitation evaluation'),
  category: 'adl',
  shape: 'measure',
  licence: 'NA',
  description: bi('ICF框架下的问题列表、目标与计划（不计分）', 'ICF-style problem list, goals and plan (not scored)'),
  source: 'ICF structure (route name; UNVERIFIED)',
  items: [
    text('diagnosis', '康复诊断', 'Rehabilitation diagnosis'),
    text('bodyFunction', '身体功能与结构障碍', 'Body function and structure impairments'),
    text('activity', '活动受限', 'Activity limitations'),
    text('participation', '参与受限', 'Participation restrictions'),
    text('environment', '环境与个人因素', 'Environmental and personal factors'),
    text('shortGoal', '短期目标', 'Short-term goals'),
    text('longGoal', '长期目标', 'Long-term goals'),
    text('plan', '康复计划', 'Rehabilitation plan', 1000),
  ],
};

export const ADL_SCALES: ScaleDefinition[] = [barthel, mbi, fim, iadl, mrs, gos, sf36, comprehensive];
