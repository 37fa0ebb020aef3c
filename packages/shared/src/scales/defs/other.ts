import type { ScaleDefinition, ScaleItem, ScaleOption } from '../types';
import { bands, bi, choice, licenceNote, num, opt, sameOptions, scored, UNIT } from './helpers';

const kubota: ScaleDefinition = {
  code: 'kubota',
  abbr: '洼田',
  name: bi('洼田饮水试验', 'Kubota water-swallow test (30 ml)'),
  category: 'swallowSpeech',
  shape: 'kubota',
  licence: 'PD',
  description: bi('吞咽障碍筛查：分级与饮水时间', 'Dysphagia screening: grade and drinking time'),
  source: 'S47 (Kubota 1982)',
  items: [
    choice('grade', '分级', 'Grade', [
      opt(1, 1, 'I 一次喝完，无呛咳', 'I One swallow, no choking'),
      opt(2, 2, 'II 分两次以上喝完，无呛咳', 'II Two or more swallows, no choking'),
      opt(3, 3, 'III 一次喝完，有呛咳', 'III One swallow with choking'),
      opt(4, 4, 'IV 分两次以上喝完，有呛咳', 'IV Two or more swallows with choking'),
      opt(5, 5, 'V 频繁呛咳，不能全部喝完', 'V Frequent choking, cannot finish'),
    ]),
    num('seconds', '饮水时间', 'Drinking time', { min: 0, max: 600, step: 0.1, unit: UNIT.s }, { optional: true }),
  ],
  totalRange: { min: 1, max: 5 },
  bands: bands(6, [
    [1, '正常（I级，5秒内）', 'Normal (grade I within 5 s)'],
    [2, '可疑（I级超过5秒或II级）', 'Suspicious (grade I over 5 s, or grade II)'],
    [3, '异常（III-V级）', 'Abnormal (grades III-V)'],
  ]),
  notes: [bi('日本原始标准：1-2级正常，3-5级异常。', 'Japanese original: grades 1-2 normal, 3-5 abnormal.')],
};

const lv = (rows: [string, string][], from = 1): ScaleOption[] =>
  rows.map(([zh, en], i) => opt(from + i, from + i, zh, en));

const ssa: ScaleDefinition = {
  code: 'ssa',
  abbr: 'SSA',
  name: bi('标准吞咽功能评定量表', 'Standardized Swallowing Assessment'),
  category: 'swallowSpeech',
  shape: 'sum',
  licence: 'FREE',
  description: bi('吞咽功能与误吸风险（分数越高越差）', 'Swallowing and aspiration risk (higher is worse)'),
  source: 'S48 (Ellul & Barer 1996)',
  items: [
    choice(
      'consciousness',
      '意识水平',
      'Level of consciousness',
      lv([
        ['清醒', 'Alert'],
        ['嗜睡，可唤醒并作出言语应答', 'Drowsy, rousable, responds verbally'],
        ['呼唤有反应，但闭目不语', 'Responds but eyes closed, no speech'],
        ['仅对疼痛刺激有反应', 'Responds to pain only'],
      ]),
      { group: 'stage1' },
    ),
    choice(
      'headControl',
      '头与躯干控制',
      'Head and trunk control',
      lv([
        ['能正常维持坐位平衡', 'Normal sitting balance'],
        ['能维持坐位平衡但不能持久', 'Sitting balance, not sustained'],
        ['不能维持坐位平衡，能部分控制头部', 'No sitting balance, partial head control'],
        ['不能控制头部', 'No head control'],
      ]),
      { group: 'stage1' },
    ),
    choice(
      'breathing',
      '呼吸模式',
      'Breathing pattern',
      lv([
        ['正常', 'Normal'],
        ['异常', 'Abnormal'],
      ]),
      { group: 'stage1' },
    ),
    choice(
      'lipClosure',
      '唇的闭合',
      'Lip closure',
      lv([
        ['正常', 'Normal'],
        ['异常', 'Abnormal'],
      ]),
      { group: 'stage1' },
    ),
    choice(
      'softPalate',
      '软腭运动',
      'Soft palate movement',
      lv([
        ['对称', 'Symmetrical'],
        ['不对称', 'Asymmetrical'],
        ['减弱或缺乏', 'Weak or absent'],
      ]),
      { group: 'stage1' },
    ),
    choice(
      'larynx',
      '喉功能',
      'Laryngeal function',
      lv([
        ['正常', 'Normal'],
        ['减弱', 'Weak'],
        ['缺乏', 'Absent'],
      ]),
      { group: 'stage1' },
    ),
    choice(
      'gagReflex',
      '咽反射',
      'Gag reflex',
      lv([
        ['存在', 'Present'],
        ['缺乏', 'Absent'],
      ]),
      { group: 'stage1' },
    ),
    choice(
      'cough',
      '自主咳嗽',
      'Voluntary cough',
      lv([
        ['正常', 'Normal'],
        ['减弱', 'Weak'],
        ['缺乏', 'Absent'],
      ]),
      { group: 'stage1' },
    ),
    choice(
      's2Spill',
      '水流出',
      'Water leaks from mouth',
      lv([
        ['无或一次', 'None or once'],
        ['多于一次', 'More than once'],
      ]),
      { group: 'stage2' },
    ),
    choice(
      's2Larynx',
      '有无效喉运动',
      'Effective laryngeal movement',
      lv([
        ['有', 'Yes'],
        ['无', 'No'],
      ]),
      { group: 'stage2' },
    ),
    choice(
      's2Repeat',
      '重复吞咽',
      'Repeated swallows',
      lv([
        ['无或一次', 'None or once'],
        ['一次以上', 'More than once'],
        ['多次', 'Many'],
      ]),
      { group: 'stage2' },
    ),
    choice(
      's2Cough',
      '吞咽时咳嗽',
      'Coughing on swallowing',
      lv([
        ['无或一次', 'None or once'],
        ['多于一次', 'More than once'],
      ]),
      { group: 'stage2' },
    ),
    choice(
      's2Stridor',
      '吞咽时喘鸣',
      'Stridor on swallowing',
      lv([
        ['无', 'No'],
        ['有', 'Yes'],
      ]),
      { group: 'stage2' },
    ),
    choice(
      's3Finish',
      '能否全部饮完',
      'Able to finish',
      lv([
        ['是', 'Yes'],
        ['否', 'No'],
      ]),
      { group: 'stage3' },
    ),
    choice(
      's3Cough',
      '咳嗽',
      'Coughing',
      lv([
        ['无或一次', 'None or once'],
        ['多于一次', 'More than once'],
      ]),
      { group: 'stage3' },
    ),
    choice(
      's3Choke',
      '哽咽',
      'Choking',
      lv([
        ['无', 'No'],
        ['有', 'Yes'],
      ]),
      { group: 'stage3' },
    ),
    choice(
      's3Voice',
      '吞咽后喉功能',
      'Voice after swallowing',
      lv([
        ['正常', 'Normal'],
        ['减弱或声音嘶哑', 'Weak or hoarse'],
        ['发音不能', 'Unable to phonate'],
      ]),
      { group: 'stage3' },
    ),
    choice(
      's3Aspiration',
      '误咽',
      'Aspiration',
      lv([
        ['无', 'No'],
        ['可能', 'Possible'],
        ['有', 'Yes'],
      ]),
      { group: 'stage3' },
    ),
  ],
  groups: [
    { key: 'stage1', label: bi('第一步 临床检查', 'Stage 1: clinical examination'), max: 23 },
    { key: 'stage2', label: bi('第二步 5ml水×3', 'Stage 2: 5 ml water × 3'), max: 11 },
    { key: 'stage3', label: bi('第三步 60ml水', 'Stage 3: 60 ml water'), max: 12 },
  ],
  totalRange: { min: 18, max: 46 },
  notes: [
    bi(
      '某一步异常时停止，后续步骤记满分。误吸风险：第一步异常IV级，第二步异常III级，第三步异常II级。',
      'If a stage is abnormal, stop and give the later stages their maximum. Aspiration risk: stage 1 abnormal IV, stage 2 III, stage 3 II.',
    ),
    bi(
      '各选项分值按18-46分总范围设定，细节未经公开来源逐项核实。',
      'Option points set to the published 18-46 range; per-option details UNVERIFIED.',
    ),
  ],
};

const FDA_GRADES: ScaleOption[] = [
  opt('a', 1, 'a 正常', 'a Normal'),
  opt('b', 0, 'b 轻度异常', 'b Mild'),
  opt('c', 0, 'c 中度异常', 'c Moderate'),
  opt('d', 0, 'd 明显异常', 'd Marked'),
  opt('e', 0, 'e 严重异常', 'e Severe'),
];
const FDA_SECTIONS: [string, string, string, [string, string, string][]][] = [
  [
    'reflex',
    '反射',
    'Reflexes',
    [
      ['cough', '咳嗽', 'Cough'],
      ['swallow', '吞咽', 'Swallow'],
      ['dribble', '流涎', 'Dribble / drool'],
    ],
  ],
  [
    'respiration',
    '呼吸',
    'Respiration',
    [
      ['rest', '静止状态', 'At rest'],
      ['speech', '言语时', 'In speech'],
    ],
  ],
  [
    'lips',
    '唇',
    'Lips',
    [
      ['rest', '静止状态', 'At rest'],
      ['spread', '唇角外展', 'Spread'],
      ['seal', '闭唇鼓腮', 'Seal'],
      ['alternate', '交替发音', 'Alternate'],
      ['speech', '言语时', 'In speech'],
    ],
  ],
  [
    'jaw',
    '颌',
    'Jaw',
    [
      ['rest', '静止状态', 'At rest'],
      ['speech', '言语时', 'In speech'],
    ],
  ],
  [
    'palate',
    '软腭',
    'Soft palate',
    [
      ['fluids', '进流质', 'Fluids'],
      ['maintenance', '软腭抬高', 'Maintenance'],
      ['speech', '言语时', 'In speech'],
    ],
  ],
  [
    'larynx',
    '喉',
    'Larynx',
    [
      ['time', '发音时间', 'Time'],
      ['pitch', '音高', 'Pitch'],
      ['volume', '音量', 'Volume'],
      ['speech', '言语时', 'In speech'],
    ],
  ],
  [
    'tongue',
    '舌',
    'Tongue',
    [
      ['rest', '静止状态', 'At rest'],
      ['protrusion', '伸舌', 'Protrusion'],
      ['elevation', '上下运动', 'Elevation'],
      ['lateral', '两侧运动', 'Lateral'],
      ['alternate', '交替运动', 'Alternate'],
      ['speech', '言语时', 'In speech'],
    ],
  ],
  [
    'intelligibility',
    '言语',
    'Intelligibility',
    [
      ['words', '读字', 'Words'],
      ['sentences', '读句子', 'Sentences'],
      ['conversation', '会话', 'Conversation'],
    ],
  ],
];

const frenchay: ScaleDefinition = {
  code: 'frenchay',
  abbr: 'FDA',
  name: bi('Frenchay构音障碍评定', 'Frenchay Dysarthria Assessment (Hebei modified)'),
  category: 'swallowSpeech',
  shape: 'sum',
  licence: 'COPYRIGHT',
  description: bi(
    '构音障碍：28项a-e分级，计“a”的项数',
    'Dysarthria: 28 items graded a-e; the score counts the "a" grades',
  ),
  source: 'S49 (Enderby 1980; Hebei modified CN form)',
  licenceNote: licenceNote('Pamela Enderby，FDA-2 由 Pro-Ed 出版', 'Pamela Enderby; FDA-2 published by Pro-Ed'),
  items: FDA_SECTIONS.flatMap(([group, gzh, gen, rows]) =>
    rows.map(([k, zh, en]) => choice(`${group}_${k}`, `${gzh}：${zh}`, `${gen}: ${en}`, FDA_GRADES, { group })),
  ),
  groups: FDA_SECTIONS.map(([key, zh, en, rows]) => ({ key, label: bi(zh, en), max: rows.length })),
  totalRange: { min: 0, max: 28 },
  bands: bands(29, [
    [0, '极重度障碍', 'Extremely severe'],
    [7, '重度障碍', 'Severe'],
    [14, '中度障碍', 'Moderate'],
    [18, '轻度障碍', 'Mild'],
    [27, '正常', 'Normal'],
  ]),
};

const wab: ScaleDefinition = {
  code: 'wab',
  abbr: 'WAB-AQ',
  name: bi('西方失语成套测验', 'Western Aphasia Battery (AQ)'),
  category: 'swallowSpeech',
  shape: 'sum',
  licence: 'COPYRIGHT',
  description: bi('失语商AQ（仅存分测验名称与评分）', 'Aphasia quotient (subtest names and scores only)'),
  source: 'S50 (Kertesz 1982)',
  licenceNote: licenceNote('Andrew Kertesz，WAB-R 由 Pearson 出版', 'Andrew Kertesz; WAB-R published by Pearson'),
  items: [
    num('information', '自发言语：信息量 (0-10)', 'Spontaneous speech: information content (0-10)', {
      min: 0,
      max: 10,
    }),
    num('fluency', '自发言语：流利度 (0-10)', 'Spontaneous speech: fluency (0-10)', { min: 0, max: 10 }),
    num('comprehension', '听理解 (0-10)', 'Auditory comprehension (0-10)', { min: 0, max: 10, step: 0.05 }),
    num('repetition', '复述 (0-10)', 'Repetition (0-10)', { min: 0, max: 10, step: 0.1 }),
    num('naming', '命名 (0-10)', 'Naming (0-10)', { min: 0, max: 10, step: 0.1 }),
  ],
  factor: { by: 2, rounding: 'round2' },
  totalRange: { min: 0, max: 100 },
  bands: bands(101, [
    [0, '极重度', 'Very severe'],
    [26, '重度', 'Severe'],
    [51, '中度', 'Moderate'],
    [76, '轻度', 'Mild'],
    [93.8, '正常范围', 'Within normal limits'],
  ]),
  notes: [
    bi(
      'AQ = 2 ×（信息量 + 流利度 + 听理解 + 复述 + 命名），各分测验已换算为10分制。',
      'AQ = 2 × (information + fluency + comprehension + repetition + naming), each subtest converted to 10 points.',
    ),
  ],
};

const pct = (key: string, zh: string, en: string): ScaleItem =>
  num(
    key,
    `${zh}（正确率%）`,
    `${en} (% correct)`,
    { min: 0, max: 100, step: 0.1, unit: UNIT.pct },
    { optional: true },
  );

const abc: ScaleDefinition = {
  code: 'abc',
  abbr: 'ABC',
  name: bi('汉语失语成套测验', 'Aphasia Battery of Chinese'),
  category: 'swallowSpeech',
  shape: 'measure',
  licence: 'COPYRIGHT',
  description: bi(
    '汉语失语症：各分测验正确率与失语类型（不计总分）',
    'Chinese aphasia: subtest percentages and aphasia type (no total)',
  ),
  source: 'S51 (高素荣 1988; details UNVERIFIED)',
  licenceNote: licenceNote('高素荣，北京大学第一医院', 'Gao Surong, Peking University First Hospital'),
  items: [
    pct('information', '谈话：信息量', 'Conversation: information'),
    pct('fluency', '谈话：流利性', 'Conversation: fluency'),
    pct('yesNo', '理解：是/否题', 'Comprehension: yes/no questions'),
    pct('auditoryRecognition', '理解：听辨认', 'Comprehension: auditory recognition'),
    pct('commands', '理解：口头指令', 'Comprehension: oral commands'),
    pct('repetition', '复述', 'Repetition'),
    pct('naming', '命名', 'Naming'),
    pct('reading', '阅读', 'Reading'),
    pct('writing', '书写', 'Writing'),
    choice(
      'type',
      '失语类型',
      'Aphasia type',
      [
        ['broca', 'Broca失语', "Broca's"],
        ['wernicke', 'Wernicke失语', "Wernicke's"],
        ['conduction', '传导性失语', 'Conduction'],
        ['tcm', '经皮质运动性失语', 'Transcortical motor'],
        ['tcs', '经皮质感觉性失语', 'Transcortical sensory'],
        ['mixed', '经皮质混合性失语', 'Mixed transcortical'],
        ['anomic', '命名性失语', 'Anomic'],
        ['global', '完全性失语', 'Global'],
        ['subcortical', '皮质下失语', 'Subcortical'],
        ['none', '无失语', 'Not aphasic'],
      ].map(([v, zh, en]) => opt(v!, null, zh!, en!)),
      { optional: true },
    ),
  ],
};

/** Braden: the short level names only (the criteria under each level are licence-controlled). */
const BRADEN_ANCHORS = {
  sensory: scored([
    [1, '完全受限', 'Completely limited'],
    [2, '非常受限', 'Very limited'],
    [3, '轻度受限', 'Slightly limited'],
    [4, '无损害', 'No impairment'],
  ]),
  moisture: scored([
    [1, '持续潮湿', 'Constantly moist'],
    [2, '经常潮湿', 'Often moist'],
    [3, '偶尔潮湿', 'Occasionally moist'],
    [4, '很少潮湿', 'Rarely moist'],
  ]),
  activity: scored([
    [1, '卧床', 'Bedfast'],
    [2, '坐椅', 'Chairfast'],
    [3, '偶尔步行', 'Walks occasionally'],
    [4, '经常步行', 'Walks frequently'],
  ]),
  mobility: scored([
    [1, '完全不能移动', 'Completely immobile'],
    [2, '非常受限', 'Very limited'],
    [3, '轻度受限', 'Slightly limited'],
    [4, '不受限', 'No limitation'],
  ]),
  nutrition: scored([
    [1, '非常差', 'Very poor'],
    [2, '可能不足', 'Probably inadequate'],
    [3, '充足', 'Adequate'],
    [4, '良好', 'Excellent'],
  ]),
  friction: scored([
    [1, '存在问题', 'Problem'],
    [2, '潜在问题', 'Potential problem'],
    [3, '无明显问题', 'No apparent problem'],
  ]),
};

const braden: ScaleDefinition = {
  code: 'braden',
  abbr: 'Braden',
  name: bi('Braden压疮风险评估量表', 'Braden Scale'),
  category: 'other',
  shape: 'sum',
  licence: 'COPYRIGHT',
  description: bi(
    '压力性损伤风险（分数越低风险越高；仅存项目简称与评分）',
    'Pressure-injury risk, lower is riskier (short item names and scores only)',
  ),
  source: 'S52 (Braden & Bergstrom 1987)',
  items: [
    ...(
      [
        ['sensory', '感觉', 'Sensory perception'],
        ['moisture', '潮湿', 'Moisture'],
        ['activity', '活动', 'Activity'],
        ['mobility', '移动', 'Mobility'],
        ['nutrition', '营养', 'Nutrition'],
      ] as const
    ).map(([key, zh, en]) => choice(key, zh, en, BRADEN_ANCHORS[key])),
    choice('friction', '摩擦力和剪切力', 'Friction and shear', BRADEN_ANCHORS.friction),
  ],
  licenceNote: licenceNote(
    'Barbara Braden & Nancy Bergstrom，电子系统使用需授权',
    'Barbara Braden and Nancy Bergstrom; electronic use needs a licence',
  ),
  totalRange: { min: 6, max: 23 },
  bands: bands(24, [
    [6, '极高危', 'Very high risk'],
    [10, '高危', 'High risk'],
    [13, '中危', 'Moderate risk'],
    [15, '低危', 'Mild risk'],
    [19, '无明显风险', 'No significant risk'],
  ]),
};

const DHI3 = scored([
  [0, '否', 'No'],
  [2, '有时', 'Sometimes'],
  [4, '是', 'Yes'],
]);
const DHI_ITEMS: [string, string, string][] = [
  ['P', '抬头向上看会加重眩晕吗', 'Looking up increases the problem'],
  ['E', '因眩晕感到沮丧', 'Feel frustrated'],
  ['F', '因眩晕限制出差或旅游', 'Restrict travel for business or recreation'],
  ['P', '在超市过道行走会加重眩晕', 'Walking down a supermarket aisle increases the problem'],
  ['F', '上下床有困难', 'Difficulty getting into or out of bed'],
  ['F', '明显限制社交活动', 'Significantly restricts social activities'],
  ['F', '阅读有困难', 'Difficulty reading'],
  ['P', '运动、跳舞、做家务等较剧烈活动会加重眩晕', 'Sports, dancing or chores increase the problem'],
  ['E', '不敢独自出门', 'Afraid to leave home alone'],
  ['E', '在他人面前感到尴尬', 'Embarrassed in front of others'],
  ['P', '头部快速运动会加重眩晕', 'Quick head movements increase the problem'],
  ['F', '避免到高处', 'Avoid heights'],
  ['P', '床上翻身会加重眩晕', 'Turning over in bed increases the problem'],
  ['F', '难以做较重的家务', 'Difficult to do strenuous housework'],
  ['E', '担心别人以为你喝醉了', 'Afraid people think you are intoxicated'],
  ['F', '难以独自散步', 'Difficult to go for a walk alone'],
  ['P', '在人行道上行走会加重眩晕', 'Walking down a sidewalk increases the problem'],
  ['E', '难以集中注意力', 'Difficult to concentrate'],
  ['F', '难以在黑暗中在家里走动', 'Difficult to walk around the house in the dark'],
  ['E', '害怕独自在家', 'Afraid to stay home alone'],
  ['E', '感到自己有残疾', 'Feel handicapped'],
  ['E', '影响与家人或朋友的关系', 'Strains relationships with family or friends'],
  ['E', '感到抑郁', 'Depressed'],
  ['F', '影响工作或家务', 'Interferes with job or household responsibilities'],
  ['P', '弯腰会加重眩晕', 'Bending over increases the problem'],
];

const dhi: ScaleDefinition = {
  code: 'dhi',
  abbr: 'DHI',
  name: bi('眩晕残障程度评定量表', 'Dizziness Handicap Inventory'),
  category: 'other',
  shape: 'sum',
  licence: 'FREE',
  description: bi(
    '自我感知的眩晕残障：躯体、情绪、功能',
    'Self-perceived dizziness handicap: physical, emotional, functional',
  ),
  source: 'S53 (Jacobson & Newman 1990)',
  items: DHI_ITEMS.map(([g, zh, en], i) =>
    choice(`${g}${i + 1}`, `${g}${i + 1}. ${zh}`, `${g}${i + 1}. ${en}`, DHI3, { group: g }),
  ),
  groups: [
    { key: 'P', label: bi('躯体', 'Physical'), max: 28 },
    { key: 'E', label: bi('情绪', 'Emotional'), max: 36 },
    { key: 'F', label: bi('功能', 'Functional'), max: 36 },
  ],
  totalRange: { min: 0, max: 100 },
  bands: bands(101, [
    [0, '轻度', 'Mild'],
    [31, '中度', 'Moderate'],
    [61, '重度', 'Severe'],
  ]),
};

const borgRows: [number, string, string][] = [
  [6, '6 毫不费力', '6 No exertion'],
  [7, '7 极其轻松', '7 Extremely light'],
  [8, '8 介于极其轻松与很轻松之间', '8 Between extremely light and very light'],
  [9, '9 很轻松', '9 Very light'],
  [10, '10 介于很轻松与轻松之间', '10 Between very light and light'],
  [11, '11 轻松', '11 Light'],
  [12, '12 介于轻松与有点吃力之间', '12 Between light and somewhat hard'],
  [13, '13 有点吃力', '13 Somewhat hard'],
  [14, '14 介于有点吃力与吃力之间', '14 Between somewhat hard and hard'],
  [15, '15 吃力', '15 Hard'],
  [16, '16 介于吃力与很吃力之间', '16 Between hard and very hard'],
  [17, '17 很吃力', '17 Very hard'],
  [18, '18 介于很吃力与极其吃力之间', '18 Between very hard and extremely hard'],
  [19, '19 极其吃力', '19 Extremely hard'],
  [20, '20 竭尽全力', '20 Maximal exertion'],
];

const borg: ScaleDefinition = {
  code: 'borg',
  abbr: 'RPE',
  name: bi('Borg自觉用力程度分级', 'Borg Rating of Perceived Exertion'),
  category: 'other',
  shape: 'sum',
  licence: 'FREE',
  description: bi('运动中自觉用力程度 6-20', 'Perceived exertion during exercise, 6-20'),
  source: 'S54 (Borg 1982)',
  items: [choice('rpe', '自觉用力程度', 'Perceived exertion', scored(borgRows))],
  totalRange: { min: 6, max: 20 },
  bands: bands(21, [
    [6, '低于训练靶强度', 'Below the training target'],
    [11, '心脏康复训练靶强度 (11-13)', 'Cardiac-rehab training target (11-13)'],
    [14, '高于训练靶强度', 'Above the training target'],
  ]),
};

const mmrc: ScaleDefinition = {
  code: 'mmrc',
  abbr: 'mMRC',
  name: bi('改良英国医学研究委员会呼吸困难量表', 'Modified MRC Dyspnoea Scale'),
  category: 'other',
  shape: 'stages',
  licence: 'PD',
  description: bi('日常生活中的呼吸困难分级 0-4', 'Breathlessness in daily life, grades 0-4'),
  source: 'S54',
  items: [
    choice(
      'grade',
      '分级',
      'Grade',
      scored([
        [0, '0 仅在剧烈活动时出现呼吸困难', '0 Breathless only with strenuous exercise'],
        [1, '1 平地快步行走或爬小坡时出现气短', '1 Short of breath hurrying on the level or walking up a slight hill'],
        [2, '2 因气短平地行走比同龄人慢或需停下休息', '2 Walks slower than people of the same age or has to stop'],
        [3, '3 平地行走约100米或数分钟后需停下喘气', '3 Stops for breath after about 100 m or a few minutes'],
        [4, '4 因严重呼吸困难不能离家，或穿脱衣服时气短', '4 Too breathless to leave the house or when dressing'],
      ]),
    ),
  ],
};

/** ODI: neutral anchors from no to complete limitation (the six statements of each section are licence-controlled). */
const ODI_LEVELS = scored([
  [0, '无影响', 'No limitation'],
  [1, '轻微受限', 'Slight limitation'],
  [2, '中度受限', 'Moderate limitation'],
  [3, '明显受限', 'Marked limitation'],
  [4, '严重受限', 'Severe limitation'],
  [5, '完全受限', 'Complete limitation'],
]);

const odi: ScaleDefinition = {
  code: 'odi',
  abbr: 'ODI',
  name: bi('Oswestry功能障碍指数', 'Oswestry Disability Index'),
  category: 'other',
  shape: 'percentAnswered',
  licence: 'COPYRIGHT',
  description: bi('腰痛功能障碍（仅存部分名称与评分）', 'Low-back-pain disability (section names and scores only)'),
  source: 'S55 (Fairbank 1980)',
  licenceNote: licenceNote('Jeremy Fairbank / Mapi Research Trust', 'Jeremy Fairbank / Mapi Research Trust'),
  items: sameOptions(
    [
      ['pain', '疼痛程度', 'Pain intensity'],
      ['personalCare', '生活自理', 'Personal care'],
      ['lifting', '提物', 'Lifting'],
      ['walking', '行走', 'Walking'],
      ['sitting', '坐', 'Sitting'],
      ['standing', '站立', 'Standing'],
      ['sleeping', '睡眠', 'Sleeping'],
      ['sexLife', '性生活', 'Sex life'],
      ['socialLife', '社会生活', 'Social life'],
      ['travelling', '旅行', 'Travelling'],
    ],
    ODI_LEVELS,
    { optional: true },
  ),
  totalRange: { min: 0, max: 100 },
  totalUnit: UNIT.pct,
  bands: bands(101, [
    [0, '轻微功能障碍', 'Minimal disability'],
    [21, '中度功能障碍', 'Moderate disability'],
    [41, '重度功能障碍', 'Severe disability'],
    [61, '极重度功能障碍', 'Crippled'],
    [81, '卧床或夸大症状', 'Bed-bound or exaggerating'],
  ]),
  notes: [
    bi(
      '指数 = 得分 /（5 × 已答部分数）× 100%；未答部分不计入分母。',
      'Index = points / (5 × sections answered) × 100%; skipped sections leave the denominator.',
    ),
  ],
};

const l3 = (rows: [string, string][]) =>
  rows.map(([zh, en], i) => opt(rows.length - 1 - i, rows.length - 1 - i, zh, en));
const ADL_JOA = scored([
  [0, '明显受限', 'Severely restricted'],
  [1, '轻度受限', 'Moderately restricted'],
  [2, '无受限', 'Not restricted'],
]);

const joaLumbar: ScaleDefinition = {
  code: 'joa-lumbar',
  abbr: 'JOA (L)',
  name: bi('JOA下腰痛评分', 'JOA low-back-pain score'),
  category: 'other',
  shape: 'sum',
  licence: 'FREE',
  description: bi(
    '腰椎功能：主观症状、体征、日常活动、膀胱功能',
    'Lumbar function: symptoms, signs, daily activities, bladder',
  ),
  source: 'S56 (JOA 1986)',
  items: [
    choice(
      'backPain',
      '下腰痛',
      'Low back pain',
      l3([
        ['无', 'None'],
        ['偶有轻度', 'Occasional mild'],
        ['频发轻度或偶有严重', 'Frequent mild or occasional severe'],
        ['频发或持续严重', 'Frequent or continuous severe'],
      ]),
      { group: 'subjective' },
    ),
    choice(
      'legPain',
      '腿痛和/或麻木',
      'Leg pain and/or tingling',
      l3([
        ['无', 'None'],
        ['偶有轻度', 'Occasional mild'],
        ['频发轻度或偶有严重', 'Frequent mild or occasional severe'],
        ['频发或持续严重', 'Frequent or continuous severe'],
      ]),
      { group: 'subjective' },
    ),
    choice(
      'gait',
      '步态',
      'Gait',
      l3([
        ['正常', 'Normal'],
        ['步行500米以上出现症状', 'Symptoms after 500 m'],
        ['步行100-500米出现症状', 'Symptoms after 100-500 m'],
        ['步行<100米出现症状', 'Symptoms within 100 m'],
      ]),
      { group: 'subjective' },
    ),
    choice(
      'slr',
      '直腿抬高试验',
      'Straight-leg raising',
      l3([
        ['正常', 'Normal'],
        ['30-70°', '30-70°'],
        ['<30°', '<30°'],
      ]),
      { group: 'signs' },
    ),
    choice(
      'sensory',
      '感觉障碍',
      'Sensory disturbance',
      l3([
        ['无', 'None'],
        ['轻度', 'Slight'],
        ['明显', 'Marked'],
      ]),
      { group: 'signs' },
    ),
    choice(
      'motor',
      '运动障碍（MMT）',
      'Motor disturbance (MMT)',
      l3([
        ['正常(5级)', 'Normal (5)'],
        ['稍弱(4级)', 'Slightly weak (4)'],
        ['明显无力(0-3级)', 'Markedly weak (0-3)'],
      ]),
      { group: 'signs' },
    ),
    ...sameOptions(
      [
        ['turnOver', '卧位翻身', 'Turning over while lying'],
        ['standing', '站立', 'Standing'],
        ['washing', '洗漱', 'Washing'],
        ['leaning', '身体前倾', 'Leaning forward'],
        ['sitting', '坐位（约1小时）', 'Sitting (about 1 hour)'],
        ['lifting', '举物、持物', 'Lifting or holding heavy objects'],
        ['walking', '步行', 'Walking'],
      ],
      ADL_JOA,
      { group: 'adl' },
    ),
    choice(
      'bladder',
      '膀胱功能',
      'Urinary bladder function',
      scored([
        [0, '正常', 'Normal'],
        [-3, '轻度受限', 'Mild dysuria'],
        [-6, '明显受限（尿潴留、尿失禁）', 'Severe dysuria (retention, incontinence)'],
      ]),
      { group: 'bladder' },
    ),
  ],
  groups: [
    { key: 'subjective', label: bi('主观症状', 'Subjective symptoms'), max: 9 },
    { key: 'signs', label: bi('临床体征', 'Clinical signs'), max: 6 },
    { key: 'adl', label: bi('日常活动受限', 'Restriction of daily activities'), max: 14 },
    { key: 'bladder', label: bi('膀胱功能', 'Bladder function'), max: 0 },
  ],
  totalRange: { min: -6, max: 29 },
  bands: bands(30, [
    [-6, '差', 'Poor'],
    [10, '中', 'Fair'],
    [16, '良', 'Good'],
    [25, '优', 'Excellent'],
  ]),
  notes: [
    bi(
      '改善率 =（治疗后 − 治疗前）/（29 − 治疗前）× 100%：≥75%优，50-74%良，25-49%中，<25%差。',
      'Improvement rate = (post − pre) / (29 − pre) × 100%: ≥75% excellent, 50-74% good, 25-49% fair, <25% poor.',
    ),
  ],
};

const joaCervical: ScaleDefinition = {
  code: 'joa-cervical',
  abbr: 'JOA (C)',
  name: bi('JOA颈椎病评分', 'JOA cervical myelopathy score (17 points)'),
  category: 'other',
  shape: 'sum',
  licence: 'FREE',
  description: bi('颈脊髓病：上下肢运动、感觉、膀胱功能', 'Cervical myelopathy: motor, sensory, bladder'),
  source: 'S56 (JOA 1975)',
  items: [
    choice(
      'upperMotor',
      '上肢运动功能',
      'Upper-limb motor function',
      scored([
        [0, '不能用筷子或勺子进食', 'Unable to eat with chopsticks or spoon'],
        [1, '能用勺子但不能用筷子', 'Spoon, not chopsticks'],
        [2, '用筷子很困难', 'Chopsticks with great difficulty'],
        [3, '用筷子稍困难', 'Chopsticks with slight difficulty'],
        [4, '正常', 'Normal'],
      ]),
    ),
    choice(
      'lowerMotor',
      '下肢运动功能',
      'Lower-limb motor function',
      scored([
        [0, '不能行走', 'Unable to walk'],
        [1, '平地行走需支持物', 'Needs support on level ground'],
        [2, '平地可不用支持物，上楼梯需要', 'Support on stairs only'],
        [3, '平地或上楼不需支持，但行走不稳', 'No support but clumsy'],
        [4, '正常', 'Normal'],
      ]),
    ),
    choice(
      'sensoryUpper',
      '感觉：上肢',
      'Sensory: upper limb',
      scored([
        [0, '明显感觉障碍', 'Marked'],
        [1, '轻度感觉障碍', 'Slight'],
        [2, '正常', 'Normal'],
      ]),
      { group: 'sensory' },
    ),
    choice(
      'sensoryLower',
      '感觉：下肢',
      'Sensory: lower limb',
      scored([
        [0, '明显感觉障碍', 'Marked'],
        [1, '轻度感觉障碍', 'Slight'],
        [2, '正常', 'Normal'],
      ]),
      { group: 'sensory' },
    ),
    choice(
      'sensoryTrunk',
      '感觉：躯干',
      'Sensory: trunk',
      scored([
        [0, '明显感觉障碍', 'Marked'],
        [1, '轻度感觉障碍', 'Slight'],
        [2, '正常', 'Normal'],
      ]),
      { group: 'sensory' },
    ),
    choice(
      'bladder',
      '膀胱功能',
      'Bladder function',
      scored([
        [0, '尿潴留', 'Retention'],
        [1, '高度排尿困难', 'Severe disturbance'],
        [2, '轻度排尿困难', 'Mild disturbance'],
        [3, '正常', 'Normal'],
      ]),
    ),
  ],
  groups: [{ key: 'sensory', label: bi('感觉', 'Sensory'), max: 6 }],
  totalRange: { min: 0, max: 17 },
  notes: [
    bi('改善率 =（治疗后 − 治疗前）/（17 − 治疗前）× 100%。', 'Improvement rate = (post − pre) / (17 − pre) × 100%.'),
  ],
};

const harris: ScaleDefinition = {
  code: 'harris',
  abbr: 'HHS',
  name: bi('Harris髋关节评分', 'Harris Hip Score'),
  category: 'other',
  shape: 'sum',
  licence: 'FREE',
  description: bi('髋关节疼痛、功能、畸形与活动度', 'Hip pain, function, deformity and range of motion'),
  source: 'S57 (Harris 1969)',
  items: [
    choice(
      'pain',
      '疼痛',
      'Pain',
      scored([
        [44, '无', 'None'],
        [40, '轻微', 'Slight'],
        [30, '轻度，偶服止痛药', 'Mild'],
        [20, '中度', 'Moderate'],
        [10, '明显', 'Marked'],
        [0, '完全残疾', 'Totally disabled'],
      ]),
      { group: 'pain' },
    ),
    choice(
      'limp',
      '跛行',
      'Limp',
      scored([
        [11, '无', 'None'],
        [8, '轻度', 'Slight'],
        [5, '中度', 'Moderate'],
        [0, '重度', 'Severe'],
      ]),
      { group: 'function' },
    ),
    choice(
      'support',
      '助行器',
      'Support',
      scored([
        [11, '无', 'None'],
        [7, '长距离用手杖', 'Cane for long walks'],
        [5, '大部分时间用手杖', 'Cane most of the time'],
        [3, '单拐', 'One crutch'],
        [2, '双手杖', 'Two canes'],
        [0, '双拐或不能行走', 'Two crutches or unable'],
      ]),
      { group: 'function' },
    ),
    choice(
      'distance',
      '行走距离',
      'Distance walked',
      scored([
        [11, '不受限', 'Unlimited'],
        [8, '约1000米', 'Six blocks'],
        [5, '约500米', 'Two or three blocks'],
        [2, '仅室内', 'Indoors only'],
        [0, '卧床或坐椅', 'Bed and chair only'],
      ]),
      { group: 'function' },
    ),
    choice(
      'stairs',
      '上楼梯',
      'Stairs',
      scored([
        [4, '正常', 'Normally'],
        [2, '需扶栏杆', 'With railing'],
        [1, '需其他方式', 'In any manner'],
        [0, '不能', 'Unable'],
      ]),
      { group: 'function' },
    ),
    choice(
      'shoes',
      '穿鞋袜',
      'Shoes and socks',
      scored([
        [4, '容易', 'With ease'],
        [2, '困难', 'With difficulty'],
        [0, '不能', 'Unable'],
      ]),
      { group: 'function' },
    ),
    choice(
      'sitting',
      '坐',
      'Sitting',
      scored([
        [5, '普通椅子坐1小时', 'Ordinary chair, 1 hour'],
        [3, '高椅子坐半小时', 'High chair, 30 minutes'],
        [0, '不能舒适地坐', 'Unable to sit comfortably'],
      ]),
      { group: 'function' },
    ),
    choice(
      'transport',
      '乘公共交通',
      'Public transport',
      scored([
        [1, '能', 'Able'],
        [0, '不能', 'Unable'],
      ]),
      { group: 'function' },
    ),
    choice(
      'deformity',
      '无畸形（四项均满足）',
      'Absence of deformity (all four criteria)',
      scored([
        [4, '是', 'Yes'],
        [0, '否', 'No'],
      ]),
      { group: 'deformity' },
    ),
    num('rom', '活动度得分 (0-5)', 'Range-of-motion points (0-5)', { min: 0, max: 5, step: 0.01 }, { group: 'rom' }),
  ],
  groups: [
    { key: 'pain', label: bi('疼痛', 'Pain'), max: 44 },
    { key: 'function', label: bi('功能', 'Function'), max: 47 },
    { key: 'deformity', label: bi('畸形', 'Deformity'), max: 4 },
    { key: 'rom', label: bi('活动度', 'Range of motion'), max: 5 },
  ],
  totalRange: { min: 0, max: 100 },
  bands: bands(101, [
    [0, '差', 'Poor'],
    [70, '中', 'Fair'],
    [80, '良', 'Good'],
    [90, '优', 'Excellent'],
  ]),
};

const lysholm: ScaleDefinition = {
  code: 'lysholm',
  abbr: 'Lysholm',
  name: bi('Lysholm膝关节评分', 'Lysholm knee score'),
  category: 'other',
  shape: 'sum',
  licence: 'FREE',
  description: bi('膝关节症状与功能', 'Knee symptoms and function'),
  source: 'S58 (Lysholm & Gillquist 1982)',
  items: [
    choice(
      'limp',
      '跛行',
      'Limp',
      scored([
        [5, '无', 'None'],
        [3, '轻度或间歇', 'Slight or periodic'],
        [0, '严重或持续', 'Severe and constant'],
      ]),
    ),
    choice(
      'support',
      '支撑',
      'Support',
      scored([
        [5, '无', 'None'],
        [2, '手杖或拐杖', 'Stick or crutch'],
        [0, '不能负重', 'Weight-bearing impossible'],
      ]),
    ),
    choice(
      'locking',
      '交锁',
      'Locking',
      scored([
        [15, '无交锁或卡住感', 'No locking or catching'],
        [10, '有卡住感无交锁', 'Catching, no locking'],
        [6, '偶有交锁', 'Occasional locking'],
        [2, '经常交锁', 'Frequent locking'],
        [0, '检查时交锁', 'Locked joint on examination'],
      ]),
    ),
    choice(
      'instability',
      '不稳定',
      'Instability',
      scored([
        [25, '从不打软腿', 'Never gives way'],
        [20, '运动或剧烈活动时偶有', 'Rarely, in athletics or severe exertion'],
        [15, '运动或剧烈活动时经常', 'Frequently in athletics'],
        [10, '日常活动中偶有', 'Occasionally in daily activities'],
        [5, '日常活动中经常', 'Often in daily activities'],
        [0, '每一步都有', 'Every step'],
      ]),
    ),
    choice(
      'pain',
      '疼痛',
      'Pain',
      scored([
        [25, '无', 'None'],
        [20, '剧烈活动时轻微疼痛', 'Slight during severe exertion'],
        [15, '剧烈活动时明显疼痛', 'Marked during severe exertion'],
        [10, '步行2公里以上明显疼痛', 'Marked on or after walking more than 2 km'],
        [5, '步行2公里以内明显疼痛', 'Marked on or after walking less than 2 km'],
        [0, '持续疼痛', 'Constant'],
      ]),
    ),
    choice(
      'swelling',
      '肿胀',
      'Swelling',
      scored([
        [10, '无', 'None'],
        [6, '剧烈活动后', 'On severe exertion'],
        [2, '日常活动后', 'On ordinary exertion'],
        [0, '持续', 'Constant'],
      ]),
    ),
    choice(
      'stairs',
      '上楼梯',
      'Stair climbing',
      scored([
        [10, '无困难', 'No problems'],
        [6, '轻度受限', 'Slightly impaired'],
        [2, '一次一级', 'One step at a time'],
        [0, '不能', 'Impossible'],
      ]),
    ),
    choice(
      'squatting',
      '下蹲',
      'Squatting',
      scored([
        [5, '无困难', 'No problems'],
        [4, '轻度受限', 'Slightly impaired'],
        [2, '不能超过90°', 'Not beyond 90°'],
        [0, '不能', 'Impossible'],
      ]),
    ),
  ],
  totalRange: { min: 0, max: 100 },
  bands: bands(101, [
    [0, '差', 'Poor'],
    [65, '中', 'Fair'],
    [84, '良', 'Good'],
    [91, '优', 'Excellent'],
  ]),
};

export const OTHER_SCALES: ScaleDefinition[] = [
  kubota,
  ssa,
  frenchay,
  wab,
  abc,
  braden,
  dhi,
  borg,
  mmrc,
  odi,
  joaLumbar,
  joaCervical,
  harris,
  lysholm,
];
