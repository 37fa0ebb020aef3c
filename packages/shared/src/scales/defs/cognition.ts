import type { ScaleDefinition, ScaleOption } from '../types';
import { bands, bi, choice, domainPoints, licenceNote, num, opt, sameOptions, scored, UNIT } from './helpers';

const mmse: ScaleDefinition = {
  code: 'mmse',
  abbr: 'MMSE',
  name: bi('简易精神状态检查', 'Mini-Mental State Examination'),
  category: 'cognition',
  shape: 'sum',
  licence: 'COPYRIGHT',
  description: bi('总体认知功能（仅存领域简称与评分）', 'Global cognition (domain names and scores only)'),
  source: 'S5, S6 (Folstein 1975; © PAR)',
  items: (
    [
      ['timeOrientation', '时间定向', 'Orientation to time', 5],
      ['placeOrientation', '地点定向', 'Orientation to place', 5],
      ['registration', '即刻记忆', 'Registration', 3],
      ['attention', '注意力和计算力', 'Attention and calculation', 5],
      ['recall', '延迟回忆', 'Delayed recall', 3],
      ['naming', '命名', 'Naming', 2],
      ['repetition', '复述', 'Repetition', 1],
      ['command', '三步指令', 'Three-stage command', 3],
      ['reading', '阅读理解', 'Reading', 1],
      ['writing', '书写', 'Writing', 1],
      ['copying', '临摹', 'Copying', 1],
    ] as [string, string, string, number][]
  ).map(([key, zh, en, max]) => choice(key, `${zh} (0-${max})`, `${en} (0-${max})`, domainPoints(max))),
  licenceNote: licenceNote('PAR / MiniMental LLC', 'PAR / MiniMental LLC'),
  totalRange: { min: 0, max: 30 },
  bands: bands(31, [
    [0, '重度认知障碍', 'Severe cognitive impairment'],
    [10, '中度认知障碍', 'Moderate cognitive impairment'],
    [21, '轻度认知障碍', 'Mild cognitive impairment'],
    [27, '正常', 'Normal'],
  ]),
  notes: [
    bi(
      '按文化程度的痴呆界值（中国）：文盲≤17，小学≤20，初中及以上≤24。',
      'Education-adjusted impairment cut-offs (China): illiterate ≤17, primary ≤20, junior high or above ≤24.',
    ),
  ],
};

const moca: ScaleDefinition = {
  code: 'moca',
  abbr: 'MoCA',
  name: bi('蒙特利尔认知评估', 'Montreal Cognitive Assessment'),
  category: 'cognition',
  shape: 'sum',
  licence: 'COPYRIGHT',
  description: bi('轻度认知障碍筛查（仅存领域简称与评分）', 'MCI screening (domain names and scores only)'),
  source: 'S40 (Nasreddine 2005; © MoCA)',
  items: [
    ...(
      [
        ['visuospatial', '视空间与执行功能', 'Visuospatial / executive', 5],
        ['naming', '命名', 'Naming', 3],
        ['attention', '注意力', 'Attention', 6],
        ['language', '语言', 'Language', 3],
        ['abstraction', '抽象', 'Abstraction', 2],
        ['recall', '延迟回忆', 'Delayed recall', 5],
        ['orientation', '定向', 'Orientation', 6],
      ] as [string, string, string, number][]
    ).map(([key, zh, en, max]) => choice(key, `${zh} (0-${max})`, `${en} (0-${max})`, domainPoints(max))),
    choice(
      'education',
      '受教育年限≤12年加1分',
      'Education ≤12 years: +1',
      scored([
        [0, '否', 'No'],
        [1, '是', 'Yes'],
      ]),
    ),
  ],
  cap: 30,
  licenceNote: licenceNote(
    'MoCA Test Inc.，非商业临床使用免费，其他用途需授权及培训认证',
    'MoCA Test Inc.; free for non-commercial clinical use, otherwise permission and training are required',
  ),
  totalRange: { min: 0, max: 30 },
  bands: bands(31, [
    [0, '可能存在认知障碍', 'Possible cognitive impairment'],
    [26, '正常', 'Normal'],
  ]),
};

const sev5 = scored([
  [0, '无', 'Absent'],
  [1, '轻度', 'Mild'],
  [2, '中度', 'Moderate'],
  [3, '重度', 'Severe'],
  [4, '极重度', 'Very severe'],
]);
const sev3 = scored([
  [0, '无', 'Absent'],
  [1, '轻-中度', 'Mild to moderate'],
  [2, '重度', 'Severe'],
]);

const hamd: ScaleDefinition = {
  code: 'hamd',
  abbr: 'HAMD-17',
  name: bi('汉密尔顿抑郁量表', 'Hamilton Depression Rating Scale (17 items)'),
  category: 'cognition',
  shape: 'sum',
  licence: 'PD',
  description: bi('抑郁严重程度（他评）', 'Depression severity (clinician-rated)'),
  source: 'S10 (Hamilton 1960; CN bands)',
  items: (
    [
      ['mood', '抑郁情绪', 'Depressed mood', 4],
      ['guilt', '有罪感', 'Feelings of guilt', 4],
      ['suicide', '自杀', 'Suicide', 4],
      ['insomniaEarly', '入睡困难', 'Insomnia: early', 2],
      ['insomniaMiddle', '睡眠不深', 'Insomnia: middle', 2],
      ['insomniaLate', '早醒', 'Insomnia: late', 2],
      ['work', '工作和兴趣', 'Work and activities', 4],
      ['retardation', '迟缓', 'Retardation', 4],
      ['agitation', '激越', 'Agitation', 4],
      ['anxietyPsychic', '精神性焦虑', 'Anxiety, psychic', 4],
      ['anxietySomatic', '躯体性焦虑', 'Anxiety, somatic', 4],
      ['gastrointestinal', '胃肠道症状', 'Somatic, gastrointestinal', 2],
      ['general', '全身症状', 'Somatic, general', 2],
      ['genital', '性症状', 'Genital symptoms', 2],
      ['hypochondriasis', '疑病', 'Hypochondriasis', 4],
      ['weightLoss', '体重减轻', 'Loss of weight', 2],
      ['insight', '自知力', 'Insight', 2],
    ] as [string, string, string, number][]
  ).map(([key, zh, en, max]) => choice(key, zh, en, max === 4 ? sev5 : sev3)),
  totalRange: { min: 0, max: 52 },
  bands: bands(53, [
    [0, '无抑郁', 'No depression'],
    [7, '可能有抑郁（轻度）', 'Possible (mild) depression'],
    [17, '肯定有抑郁（中度）', 'Definite (moderate) depression'],
    [25, '严重抑郁', 'Severe depression'],
  ]),
  notes: [
    bi(
      '国际分级（Zimmerman 2013）：0-7正常，8-16轻度，17-23中度，≥24重度。',
      'International (Zimmerman 2013): 0-7 normal, 8-16 mild, 17-23 moderate, ≥24 severe.',
    ),
  ],
};

const hama: ScaleDefinition = {
  code: 'hama',
  abbr: 'HAMA',
  name: bi('汉密尔顿焦虑量表', 'Hamilton Anxiety Rating Scale'),
  category: 'cognition',
  shape: 'sum',
  licence: 'PD',
  description: bi('焦虑严重程度（他评）', 'Anxiety severity (clinician-rated)'),
  source: 'S41 (Hamilton 1959)',
  items: [
    ...sameOptions(
      [
        ['anxiousMood', '焦虑心境', 'Anxious mood'],
        ['tension', '紧张', 'Tension'],
        ['fears', '害怕', 'Fears'],
        ['insomnia', '失眠', 'Insomnia'],
        ['cognitive', '认知功能', 'Intellectual (cognitive)'],
        ['depressedMood', '抑郁心境', 'Depressed mood'],
      ],
      sev5,
      { group: 'psychic' },
    ),
    ...sameOptions(
      [
        ['muscular', '肌肉系统症状', 'Somatic (muscular)'],
        ['sensory', '感觉系统症状', 'Somatic (sensory)'],
        ['cardiovascular', '心血管系统症状', 'Cardiovascular symptoms'],
        ['respiratory', '呼吸系统症状', 'Respiratory symptoms'],
        ['gastrointestinal', '胃肠道症状', 'Gastrointestinal symptoms'],
        ['genitourinary', '生殖泌尿系统症状', 'Genitourinary symptoms'],
        ['autonomic', '植物神经系统症状', 'Autonomic symptoms'],
      ],
      sev5,
      { group: 'somatic' },
    ),
    choice('behaviour', '会谈时行为表现', 'Behaviour at interview', sev5, { group: 'psychic' }),
  ],
  groups: [
    { key: 'psychic', label: bi('精神性焦虑', 'Psychic anxiety'), max: 28 },
    { key: 'somatic', label: bi('躯体性焦虑', 'Somatic anxiety'), max: 28 },
  ],
  totalRange: { min: 0, max: 56 },
  bands: bands(57, [
    [0, '无焦虑', 'No anxiety'],
    [7, '可能有焦虑', 'Possible anxiety'],
    [14, '肯定有焦虑', 'Definite anxiety'],
    [21, '明显焦虑', 'Marked anxiety'],
    [29, '严重焦虑', 'Severe anxiety'],
  ]),
};

const FREQ: [string, string][] = [
  ['没有或很少时间', 'None or a little of the time'],
  ['小部分时间', 'Some of the time'],
  ['相当多时间', 'A good part of the time'],
  ['绝大部分或全部时间', 'Most or all of the time'],
];
const zungForward: ScaleOption[] = FREQ.map(([zh, en], i) => opt(i + 1, i + 1, zh, en));
const zungReverse: ScaleOption[] = FREQ.map(([zh, en], i) => opt(i + 1, 4 - i, zh, en));
const zungItems = (rows: [string, string][], reverse: number[]) =>
  rows.map(([zh, en], i) =>
    choice(`q${i + 1}`, `${i + 1}. ${zh}`, `${i + 1}. ${en}`, reverse.includes(i + 1) ? zungReverse : zungForward),
  );

const sds: ScaleDefinition = {
  code: 'sds',
  abbr: 'SDS',
  name: bi('抑郁自评量表', 'Zung Self-rating Depression Scale'),
  category: 'cognition',
  shape: 'sum',
  licence: 'FREE',
  description: bi('抑郁（自评），标准分=粗分×1.25取整', 'Depression (self-rated); standard score = int(raw × 1.25)'),
  source: 'S42 (Zung 1965; CN norm)',
  items: zungItems(
    [
      ['我觉得闷闷不乐，情绪低沉', 'I feel down-hearted and blue'],
      ['我觉得一天之中早晨最好', 'Morning is when I feel the best'],
      ['我一阵阵哭出来或觉得想哭', 'I have crying spells or feel like it'],
      ['我晚上睡眠不好', 'I have trouble sleeping at night'],
      ['我吃得跟平常一样多', 'I eat as much as I used to'],
      ['我与异性接触时和以往一样感到愉快', 'I still enjoy sex'],
      ['我发觉我的体重在下降', 'I notice that I am losing weight'],
      ['我有便秘的苦恼', 'I have trouble with constipation'],
      ['我心跳比平时快', 'My heart beats faster than usual'],
      ['我无缘无故地感到疲乏', 'I get tired for no reason'],
      ['我的头脑跟平常一样清楚', 'My mind is as clear as it used to be'],
      ['我觉得经常做的事情并没有困难', 'I find it easy to do the things I used to'],
      ['我觉得不安而平静不下来', "I am restless and can't keep still"],
      ['我对将来抱有希望', 'I feel hopeful about the future'],
      ['我比平常容易生气激动', 'I am more irritable than usual'],
      ['我觉得作出决定是容易的', 'I find it easy to make decisions'],
      ['我觉得自己是个有用的人，有人需要我', 'I feel that I am useful and needed'],
      ['我的生活过得很有意思', 'My life is pretty full'],
      ['我认为如果我死了别人会生活得好些', 'I feel that others would be better off if I were dead'],
      ['平常感兴趣的事我仍然照样感兴趣', 'I still enjoy the things I used to do'],
    ],
    [2, 5, 6, 11, 12, 14, 16, 17, 18, 20],
  ),
  factor: { by: 1.25, rounding: 'floor' },
  totalRange: { min: 25, max: 100 },
  bands: bands(101, [
    [25, '无抑郁', 'Normal'],
    [53, '轻度抑郁', 'Mild depression'],
    [63, '中度抑郁', 'Moderate depression'],
    [73, '重度抑郁', 'Severe depression'],
  ]),
  notes: [
    bi(
      '反向计分题：2、5、6、11、12、14、16、17、18、20。',
      'Reverse-scored items: 2, 5, 6, 11, 12, 14, 16, 17, 18, 20.',
    ),
  ],
};

const sas: ScaleDefinition = {
  code: 'sas',
  abbr: 'SAS',
  name: bi('焦虑自评量表', 'Zung Self-rating Anxiety Scale'),
  category: 'cognition',
  shape: 'sum',
  licence: 'FREE',
  description: bi('焦虑（自评），标准分=粗分×1.25取整', 'Anxiety (self-rated); standard score = int(raw × 1.25)'),
  source: 'S43 (Zung 1971; CN norm)',
  items: zungItems(
    [
      ['我觉得比平常容易紧张和着急', 'I feel more nervous and anxious than usual'],
      ['我无缘无故地感到害怕', 'I feel afraid for no reason at all'],
      ['我容易心里烦乱或觉得惊恐', 'I get upset easily or feel panicky'],
      ['我觉得我可能将要发疯', "I feel like I'm falling apart"],
      ['我觉得一切都很好，也不会发生什么不幸', 'I feel that everything is all right'],
      ['我手脚发抖打颤', 'My arms and legs shake and tremble'],
      ['我因为头痛、颈痛和背痛而苦恼', 'I am bothered by headaches, neck and back pain'],
      ['我感觉容易衰弱和疲乏', 'I feel weak and get tired easily'],
      ['我觉得心平气和，并且容易安静坐着', 'I feel calm and can sit still easily'],
      ['我觉得心跳得很快', 'I can feel my heart beating fast'],
      ['我因为一阵阵头晕而苦恼', 'I am bothered by dizzy spells'],
      ['我有晕倒发作或觉得要晕倒似的', 'I have fainting spells or feel like it'],
      ['我呼气吸气都感到很容易', 'I can breathe in and out easily'],
      ['我手脚麻木和刺痛', 'I get numbness and tingling in my fingers and toes'],
      ['我因为胃痛和消化不良而苦恼', 'I am bothered by stomach aches or indigestion'],
      ['我常常要小便', 'I have to empty my bladder often'],
      ['我的手常常是干燥温暖的', 'My hands are usually dry and warm'],
      ['我脸红发热', 'My face gets hot and blushes'],
      ['我容易入睡并且一夜睡得很好', "I fall asleep easily and get a good night's rest"],
      ['我做恶梦', 'I have nightmares'],
    ],
    [5, 9, 13, 17, 19],
  ),
  factor: { by: 1.25, rounding: 'floor' },
  totalRange: { min: 25, max: 100 },
  bands: bands(101, [
    [25, '无焦虑', 'Normal'],
    [50, '轻度焦虑', 'Mild anxiety'],
    [60, '中度焦虑', 'Moderate anxiety'],
    [70, '重度焦虑', 'Severe anxiety'],
  ]),
  notes: [bi('反向计分题：5、9、13、17、19。', 'Reverse-scored items: 5, 9, 13, 17, 19.')],
};

const gdsItem = (n: number, zh: string, en: string, depressive: 'yes' | 'no') =>
  choice(`q${n}`, `${n}. ${zh}`, `${n}. ${en}`, [
    opt('yes', depressive === 'yes' ? 1 : 0, '是', 'Yes'),
    opt('no', depressive === 'no' ? 1 : 0, '否', 'No'),
  ]);

const gds: ScaleDefinition = {
  code: 'gds',
  abbr: 'GDS-15',
  name: bi('老年抑郁量表（15项）', 'Geriatric Depression Scale (15 items)'),
  category: 'cognition',
  shape: 'sum',
  licence: 'PD',
  description: bi('老年人抑郁筛查', 'Depression screening in older adults'),
  source: 'S44 (Yesavage & Sheikh 1986)',
  items: [
    gdsItem(1, '您对生活基本满意吗？', 'Are you basically satisfied with your life?', 'no'),
    gdsItem(2, '您是否放弃了许多活动和兴趣？', 'Have you dropped many of your activities and interests?', 'yes'),
    gdsItem(3, '您是否觉得生活空虚？', 'Do you feel that your life is empty?', 'yes'),
    gdsItem(4, '您是否常感到厌倦？', 'Do you often get bored?', 'yes'),
    gdsItem(5, '您大部分时间精神都好吗？', 'Are you in good spirits most of the time?', 'no'),
    gdsItem(
      6,
      '您是否害怕会有不幸的事落到您头上？',
      'Are you afraid that something bad is going to happen to you?',
      'yes',
    ),
    gdsItem(7, '您大部分时间感到幸福吗？', 'Do you feel happy most of the time?', 'no'),
    gdsItem(8, '您是否常感到孤立无援？', 'Do you often feel helpless?', 'yes'),
    gdsItem(
      9,
      '您是否愿意待在家里而不愿外出做新的事？',
      'Do you prefer to stay at home rather than going out and doing new things?',
      'yes',
    ),
    gdsItem(10, '您是否觉得记忆力比大多数人差？', 'Do you feel you have more problems with memory than most?', 'yes'),
    gdsItem(11, '您是否认为现在活着很美好？', 'Do you think it is wonderful to be alive now?', 'no'),
    gdsItem(12, '您是否觉得像现在这样活着毫无意义？', 'Do you feel pretty worthless the way you are now?', 'yes'),
    gdsItem(13, '您觉得精力充沛吗？', 'Do you feel full of energy?', 'no'),
    gdsItem(14, '您是否觉得您的处境毫无希望？', 'Do you feel that your situation is hopeless?', 'yes'),
    gdsItem(15, '您是否觉得大多数人比您强？', 'Do you think that most people are better off than you are?', 'yes'),
  ],
  totalRange: { min: 0, max: 15 },
  bands: bands(16, [
    [0, '正常', 'Normal'],
    [5, '轻度抑郁', 'Mild depression'],
    [9, '中度抑郁', 'Moderate depression'],
    [12, '重度抑郁', 'Severe depression'],
  ]),
  notes: [bi('30项版分级：0-9正常，10-19轻度，20-30重度。', 'GDS-30 bands: 0-9 normal, 10-19 mild, 20-30 severe.')],
};

const FREQ4 = scored([
  [0, '完全不会', 'Not at all'],
  [1, '好几天', 'Several days'],
  [2, '一半以上的天数', 'More than half the days'],
  [3, '几乎每天', 'Nearly every day'],
]);

const phq9: ScaleDefinition = {
  code: 'phq9',
  abbr: 'PHQ-9',
  name: bi('患者健康问卷抑郁量表', 'Patient Health Questionnaire-9'),
  category: 'cognition',
  shape: 'sum',
  licence: 'FREE',
  description: bi('过去两周抑郁症状筛查', 'Depression screening over the last two weeks'),
  source: 'S45 (Kroenke 2001; © Pfizer, free distribution)',
  items: sameOptions(
    [
      ['q1', '做事时提不起劲或没有兴趣', 'Little interest or pleasure in doing things'],
      ['q2', '感到心情低落、沮丧或绝望', 'Feeling down, depressed or hopeless'],
      ['q3', '入睡困难、睡不安稳或睡眠过多', 'Trouble falling or staying asleep, or sleeping too much'],
      ['q4', '感觉疲倦或没有活力', 'Feeling tired or having little energy'],
      ['q5', '食欲不振或吃太多', 'Poor appetite or overeating'],
      ['q6', '觉得自己很糟或很失败', 'Feeling bad about yourself'],
      ['q7', '对事物专注有困难', 'Trouble concentrating'],
      ['q8', '动作或说话缓慢，或烦躁坐立不安', 'Moving or speaking slowly, or being fidgety or restless'],
      ['q9', '有不如死掉或伤害自己的念头', 'Thoughts that you would be better off dead or of hurting yourself'],
    ],
    FREQ4,
  ),
  totalRange: { min: 0, max: 27 },
  bands: bands(28, [
    [0, '无或极轻微', 'Minimal'],
    [5, '轻度', 'Mild'],
    [10, '中度', 'Moderate'],
    [15, '中重度', 'Moderately severe'],
    [20, '重度', 'Severe'],
  ]),
  notes: [bi('第9题>0分须立即评估自杀风险。', 'Item 9 above 0 must trigger a suicide-risk assessment.')],
};

const PAIN_BANDS_ROWS: [number, string, string][] = [
  [0, '无痛', 'No pain'],
  [1, '轻度疼痛', 'Mild pain'],
  [4, '中度疼痛', 'Moderate pain'],
  [7, '重度疼痛', 'Severe pain'],
];

/** The 0-10 line's anchors: no pain, the three intensity bands, the worst pain imaginable. */
const NRS_LEVELS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) =>
  n === 0
    ? opt(n, n, '无痛', 'No pain')
    : n === 10
      ? opt(n, n, '重度疼痛：能想象的最剧烈疼痛', 'Severe pain: worst pain imaginable')
      : n <= 3
        ? opt(n, n, '轻度疼痛：能忍受，不影响睡眠', 'Mild pain: tolerable, does not disturb sleep')
        : n <= 6
          ? opt(n, n, '中度疼痛：影响睡眠，尚能忍受', 'Moderate pain: disturbs sleep, still tolerable')
          : opt(n, n, '重度疼痛：难以忍受，影响食欲与睡眠', 'Severe pain: intolerable, disturbs appetite and sleep'),
);

const vas: ScaleDefinition = {
  code: 'vas',
  abbr: 'VAS',
  name: bi('视觉模拟评分法', 'Visual Analogue Scale'),
  category: 'pain',
  shape: 'sum',
  licence: 'PD',
  description: bi('疼痛强度，10厘米直线上的位置', 'Pain intensity: position on a 10 cm line'),
  source: 'S46',
  items: [num('pain', '疼痛位置（厘米）', 'Mark position (cm)', { min: 0, max: 10, step: 0.1, unit: UNIT.cm })],
  totalRange: { min: 0, max: 10 },
  bands: bands(10.1, PAIN_BANDS_ROWS),
};

const nrs: ScaleDefinition = {
  code: 'nrs',
  abbr: 'NRS',
  name: bi('数字评分法', 'Numeric Rating Scale'),
  category: 'pain',
  shape: 'sum',
  licence: 'PD',
  description: bi('疼痛强度 0-10', 'Pain intensity 0-10'),
  source: 'S46',
  items: [choice('pain', '疼痛评分', 'Pain score', NRS_LEVELS)],
  totalRange: { min: 0, max: 10 },
  bands: bands(11, PAIN_BANDS_ROWS),
  notes: [bi('最小临床意义变化约2分或30%。', 'Minimal clinically important difference about 2 points or 30%.')],
};

export const COGNITION_SCALES: ScaleDefinition[] = [mmse, moca, hamd, hama, sds, sas, gds, phq9, vas, nrs];
