import type { ScaleDefinition, ScaleItem, ScaleOption } from '../types';
import { bands, bi, choice, licenceNote, NT, opt, scored, SIDES } from './helpers';

const GCS_BANDS = bands(16, [
  [3, '重度（昏迷）', 'Severe (coma)'],
  [9, '中度', 'Moderate'],
  [13, '轻度', 'Mild'],
]);

const glasgow: ScaleDefinition = {
  code: 'glasgow',
  abbr: 'GCS',
  name: bi('格拉斯哥昏迷量表', 'Glasgow Coma Scale'),
  category: 'neuro',
  shape: 'sum',
  licence: 'PD',
  description: bi('意识水平：睁眼、语言、运动', 'Level of consciousness: eye, verbal, motor'),
  source: 'S7 (Teasdale & Jennett 1974)',
  items: [
    choice('eye', '睁眼反应 (E)', 'Eye opening (E)', [
      ...scored([
        [4, '自动睁眼', 'Spontaneous'],
        [3, '呼唤睁眼', 'To sound'],
        [2, '刺痛睁眼', 'To pressure'],
        [1, '无', 'None'],
      ]),
      NT('C', '无法检查（眼睑肿胀闭合，C）', 'Not testable (eyes closed by swelling, C)'),
    ]),
    choice('verbal', '语言反应 (V)', 'Verbal response (V)', [
      ...scored([
        [5, '回答正确', 'Oriented'],
        [4, '回答错误', 'Confused'],
        [3, '语无伦次', 'Inappropriate words'],
        [2, '只能发音', 'Incomprehensible sounds'],
        [1, '无', 'None'],
      ]),
      NT('T', '气管插管/切开 (T)', 'Intubated (T)'),
    ]),
    choice('motor', '运动反应 (M)', 'Motor response (M)', [
      ...scored([
        [6, '遵嘱动作', 'Obeys commands'],
        [5, '刺痛定位', 'Localises'],
        [4, '刺痛躲避', 'Normal flexion (withdraws)'],
        [3, '异常屈曲（去皮层）', 'Abnormal flexion (decorticate)'],
        [2, '异常伸展（去大脑）', 'Extension (decerebrate)'],
        [1, '无', 'None'],
      ]),
      NT(),
    ]),
  ],
  untestable: 'voidTotal',
  totalRange: { min: 3, max: 15 },
  bands: GCS_BANDS,
  notes: [
    bi(
      '记录各分项，如 E3V4M5=12；有无法检查的分项时不给出总分（如 E2VTM4）。',
      'Record the components (E3V4M5 = 12); with an untestable component there is no total (e.g. E2VTM4).',
    ),
    bi('部分国内教材分级：12-14轻度，9-11中度，≤8昏迷。', 'Some Chinese texts: 12-14 mild, 9-11 moderate, ≤8 coma.'),
  ],
};

const pgcs: ScaleDefinition = {
  code: 'pgcs',
  abbr: 'PGCS',
  name: bi('儿童格拉斯哥昏迷量表', 'Paediatric Glasgow Coma Scale'),
  category: 'neuro',
  shape: 'sum',
  licence: 'PD',
  description: bi('婴幼儿意识水平', 'Consciousness in preverbal children'),
  source: 'S33',
  items: [
    choice('eye', '睁眼反应 (E)', 'Eye opening (E)', [
      ...scored([
        [4, '自动睁眼', 'Spontaneous'],
        [3, '呼唤睁眼', 'To speech'],
        [2, '刺痛睁眼', 'To pain'],
        [1, '无', 'None'],
      ]),
      NT('C'),
    ]),
    choice('verbal', '语言反应 (V)', 'Verbal response (V)', [
      ...scored([
        [5, '咿呀学语/微笑', 'Coos, babbles'],
        [4, '烦躁哭闹', 'Irritable cry'],
        [3, '疼痛时哭', 'Cries to pain'],
        [2, '疼痛时呻吟', 'Moans to pain'],
        [1, '无', 'None'],
      ]),
      NT('T', '气管插管 (T)', 'Intubated (T)'),
    ]),
    choice('motor', '运动反应 (M)', 'Motor response (M)', [
      ...scored([
        [6, '自主有目的活动', 'Spontaneous purposeful movement'],
        [5, '触摸时躲避', 'Withdraws to touch'],
        [4, '疼痛时躲避', 'Withdraws to pain'],
        [3, '异常屈曲', 'Abnormal flexion'],
        [2, '异常伸展', 'Extension'],
        [1, '无', 'None'],
      ]),
      NT(),
    ]),
  ],
  untestable: 'voidTotal',
  totalRange: { min: 3, max: 15 },
  bands: GCS_BANDS,
  notes: [bi('≤8分考虑气管插管。', '≤8: consider intubation.')],
};

const glasgowPittsburgh: ScaleDefinition = {
  code: 'glasgow-pittsburgh',
  abbr: 'GCS-P',
  name: bi('格拉斯哥-匹兹堡昏迷量表', 'Glasgow-Pittsburgh Coma Scale'),
  category: 'neuro',
  shape: 'sum',
  licence: 'PD',
  description: bi('GCS加脑干反射等4项', 'GCS plus four brain-stem items'),
  source: 'Chinese textbooks (UNVERIFIED)',
  items: [
    ...glasgow.items.map((i) => (i.kind === 'choice' ? { ...i, options: i.options.filter((o) => !o.untestable) } : i)),
    choice(
      'pupil',
      '瞳孔对光反射',
      'Pupillary light reflex',
      scored([
        [5, '正常', 'Normal'],
        [4, '迟钝', 'Sluggish'],
        [3, '两侧反应不同', 'Unequal'],
        [2, '大小不等', 'Unequal size'],
        [1, '无反应', 'None'],
      ]),
    ),
    choice(
      'brainstem',
      '脑干反射',
      'Brain-stem reflexes',
      scored([
        [5, '全部存在', 'All present'],
        [4, '睫毛反射消失', 'Eyelash reflex absent'],
        [3, '角膜反射消失', 'Corneal reflex absent'],
        [2, '眼脑及眼心反射消失', "Doll's eye and oculocardiac absent"],
        [1, '全部消失', 'All absent'],
      ]),
    ),
    choice(
      'convulsions',
      '抽搐',
      'Convulsions',
      scored([
        [5, '无', 'None'],
        [4, '局限性抽搐', 'Localised'],
        [3, '阵发性大发作', 'Generalised intermittent'],
        [2, '连续大发作', 'Generalised continuous'],
        [1, '松弛状态', 'Flaccid'],
      ]),
    ),
    choice(
      'respiration',
      '自主呼吸',
      'Spontaneous respiration',
      scored([
        [5, '正常', 'Normal'],
        [4, '周期性', 'Periodic'],
        [3, '中枢过度换气', 'Central hyperventilation'],
        [2, '不规则/低呼吸', 'Irregular or hypoventilation'],
        [1, '无', 'Apnoea'],
      ]),
    ),
  ],
  totalRange: { min: 7, max: 35 },
  bands: bands(36, [
    [7, '极重度', 'Very severe'],
    [15, '重度', 'Severe'],
    [21, '中度', 'Moderate'],
    [28, '轻度', 'Mild'],
  ]),
  notes: [bi('分级为国内教材常用值，未经公开来源核实。', 'Bands as commonly quoted in Chinese texts; UNVERIFIED.')],
};

const UN = NT('UN', '无法检查 (UN)', 'Untestable (UN)');
type Levels = [string, string][];
/** The published criteria of each NIHSS score (NINDS form; Chinese as in the Chinese stroke guidelines' version). */
const NIHSS_ARM: Levels = [
  ['无下落：上肢保持90°（或45°）坚持10秒', 'No drift; limb holds 90 (or 45) degrees for full 10 seconds'],
  [
    '有下落：不到10秒即下落，但未碰到床或其他支撑物',
    'Drift; limb drifts down before full 10 seconds; does not hit bed or other support',
  ],
  [
    '能对抗一些重力：不能达到或保持90°（或45°），落到床上',
    'Some effort against gravity; cannot get to or maintain 90 (or 45) degrees, drifts down to bed',
  ],
  ['不能对抗重力，肢体快速下落', 'No effort against gravity; limb falls'],
  ['无运动', 'No movement'],
];
const NIHSS_LEG: Levels = [
  ['无下落：下肢保持30°坚持5秒', 'No drift; leg holds 30-degree position for full 5 seconds'],
  ['有下落：5秒末下落，但未碰到床', 'Drift; leg falls by the end of the 5-second period but does not hit bed'],
  ['能对抗一些重力：5秒内落到床上', 'Some effort against gravity; leg falls to bed by 5 seconds'],
  ['不能对抗重力，立即落到床上', 'No effort against gravity; leg falls to bed immediately'],
  ['无运动', 'No movement'],
];
const nihssRows: [string, string, string, Levels, boolean][] = [
  [
    'loc',
    '1a 意识水平',
    '1a Level of consciousness',
    [
      ['清醒，反应敏锐', 'Alert; keenly responsive'],
      [
        '嗜睡，轻微刺激可唤醒并遵嘱、回答、反应',
        'Not alert; arousable by minor stimulation to obey, answer or respond',
      ],
      [
        '昏睡或反应迟钝，需反复或强烈（疼痛）刺激才有反应',
        'Not alert; requires repeated stimulation, or strong or painful stimulation, to respond',
      ],
      [
        '仅有反射性运动或自主反应，或完全无反应、软瘫、无反射',
        'Responds only with reflex motor or autonomic effects, or totally unresponsive, flaccid and areflexic',
      ],
    ],
    false,
  ],
  [
    'locQuestions',
    '1b 意识水平提问',
    '1b LOC questions',
    [
      ['两个问题均回答正确', 'Answers both questions correctly'],
      ['一个问题回答正确', 'Answers one question correctly'],
      ['两个问题均回答不正确', 'Answers neither question correctly'],
    ],
    false,
  ],
  [
    'locCommands',
    '1c 意识水平指令',
    '1c LOC commands',
    [
      ['两项指令均正确完成', 'Performs both tasks correctly'],
      ['一项指令正确完成', 'Performs one task correctly'],
      ['两项指令均不能正确完成', 'Performs neither task correctly'],
    ],
    false,
  ],
  [
    'gaze',
    '2 凝视',
    '2 Best gaze',
    [
      ['正常', 'Normal'],
      ['部分凝视麻痹', 'Partial gaze palsy'],
      [
        '强迫凝视或完全凝视麻痹，头眼动作不能克服',
        'Forced deviation, or total gaze paresis not overcome by the oculocephalic manoeuvre',
      ],
    ],
    false,
  ],
  [
    'visual',
    '3 视野',
    '3 Visual fields',
    [
      ['无视野缺损', 'No visual loss'],
      ['部分偏盲', 'Partial hemianopia'],
      ['完全偏盲', 'Complete hemianopia'],
      ['双侧偏盲（包括皮质盲）', 'Bilateral hemianopia (blind, including cortical blindness)'],
    ],
    false,
  ],
  [
    'facial',
    '4 面瘫',
    '4 Facial palsy',
    [
      ['正常，双侧对称', 'Normal symmetrical movements'],
      ['轻微瘫痪（鼻唇沟变平，微笑时不对称）', 'Minor paralysis (flattened nasolabial fold, asymmetry on smiling)'],
      ['部分瘫痪（下面部完全或几乎完全瘫痪）', 'Partial paralysis (total or near-total paralysis of the lower face)'],
      [
        '完全瘫痪（单侧或双侧上下面部均无运动）',
        'Complete paralysis of one or both sides (no movement in the upper and lower face)',
      ],
    ],
    false,
  ],
  ['armL', '5a 左上肢运动', '5a Motor arm, left', NIHSS_ARM, true],
  ['armR', '5b 右上肢运动', '5b Motor arm, right', NIHSS_ARM, true],
  ['legL', '6a 左下肢运动', '6a Motor leg, left', NIHSS_LEG, true],
  ['legR', '6b 右下肢运动', '6b Motor leg, right', NIHSS_LEG, true],
  [
    'ataxia',
    '7 肢体共济失调',
    '7 Limb ataxia',
    [
      ['无共济失调', 'Absent'],
      ['一个肢体有共济失调', 'Present in one limb'],
      ['两个肢体有共济失调', 'Present in two limbs'],
    ],
    true,
  ],
  [
    'sensory',
    '8 感觉',
    '8 Sensory',
    [
      ['正常，无感觉缺失', 'Normal; no sensory loss'],
      ['轻到中度感觉缺失', 'Mild-to-moderate sensory loss'],
      ['重度到完全感觉缺失', 'Severe to total sensory loss'],
    ],
    false,
  ],
  [
    'language',
    '9 语言',
    '9 Best language',
    [
      ['正常，无失语', 'No aphasia; normal'],
      ['轻到中度失语', 'Mild-to-moderate aphasia'],
      ['重度失语', 'Severe aphasia'],
      ['缄默，完全性失语', 'Mute, global aphasia'],
    ],
    false,
  ],
  [
    'dysarthria',
    '10 构音障碍',
    '10 Dysarthria',
    [
      ['正常', 'Normal'],
      ['轻到中度构音障碍', 'Mild-to-moderate dysarthria'],
      ['重度构音障碍（言语含糊不能被理解，或缄默）', 'Severe dysarthria (unintelligible, or mute/anarthric)'],
    ],
    true,
  ],
  [
    'extinction',
    '11 忽视',
    '11 Extinction and inattention',
    [
      ['无异常', 'No abnormality'],
      [
        '一种感觉模式的忽视或双侧同时刺激时消退',
        'Inattention or extinction to bilateral simultaneous stimulation in one sensory modality',
      ],
      ['严重偏侧忽视或一种以上感觉模式的消退', 'Profound hemi-inattention or extinction to more than one modality'],
    ],
    false,
  ],
];

const nihss: ScaleDefinition = {
  code: 'nihss',
  abbr: 'NIHSS',
  name: bi('美国国立卫生研究院卒中量表', 'NIH Stroke Scale'),
  category: 'neuro',
  shape: 'sum',
  licence: 'PD',
  description: bi('急性卒中神经功能缺损', 'Acute stroke deficit'),
  source: 'S34 (NINDS)',
  items: nihssRows.map(([key, zh, en, levels, un]) =>
    choice(key, zh, en, [...levels.map(([lz, le], score) => opt(score, score, lz, le)), ...(un ? [UN] : [])]),
  ),
  untestable: 'exclude',
  totalRange: { min: 0, max: 42 },
  bands: bands(43, [
    [0, '无卒中症状', 'No stroke symptoms'],
    [1, '轻型卒中', 'Minor stroke'],
    [5, '中度卒中', 'Moderate stroke'],
    [16, '中重度卒中', 'Moderate to severe stroke'],
    [21, '重度卒中', 'Severe stroke'],
  ]),
  notes: [bi('UN（如截肢、关节融合）不计入总分。', 'UN (e.g. amputation, joint fusion) is not added to the total.')],
};

const CSS_STRENGTH = scored([
  [0, '正常（V级）', 'Normal (grade 5)'],
  [1, 'IV级', 'Grade 4'],
  [2, 'III级', 'Grade 3'],
  [3, 'II级', 'Grade 2'],
  [4, 'I级', 'Grade 1'],
  [6, '0级', 'Grade 0'],
]);

const css: ScaleDefinition = {
  code: 'css',
  abbr: 'CSS',
  name: bi('中国脑卒中临床神经功能缺损程度评分', 'Chinese Stroke Scale (1995)'),
  category: 'neuro',
  shape: 'sum',
  licence: 'PD',
  description: bi('脑卒中神经功能缺损（国内标准）', 'Stroke neurological deficit (Chinese standard)'),
  source: 'S35 (全国第四届脑血管病学术会议 1995)',
  items: [
    // the published scores only (1995 form): consciousness 0/1/3/4/6/7/8/9, gaze 0/2/4, speech 0/2/3/6, strength
    // 0/1/2/3/4/6; the values in between do not exist on the form
    choice(
      'consciousness',
      '意识（最大刺激，最佳反应）',
      'Consciousness (strongest stimulus, best response)',
      scored([
        [0, '两项提问（年龄、现在是几月）均正确', 'Both questions (age, current month) answered correctly'],
        [1, '两项提问中一项正确', 'One of the two questions answered correctly'],
        [
          3,
          '提问均不正确；两项指令（握拳伸掌、睁眼闭眼）均完成',
          'Neither answered; both commands (make a fist and open, open and close the eyes) obeyed',
        ],
        [4, '提问均不正确；两项指令完成一项', 'Neither answered; one of the two commands obeyed'],
        [
          6,
          '指令均不能完成；强烈局部刺激健侧肢体时定向退让',
          'No command obeyed; strong local stimulus to the unaffected limb: purposeful withdrawal',
        ],
        [7, '强烈局部刺激时定向肢体回缩', 'Strong local stimulus: localised limb withdrawal'],
        [8, '强烈局部刺激时肢体伸直', 'Strong local stimulus: limb extension'],
        [9, '强烈局部刺激无反应', 'Strong local stimulus: no response'],
      ]),
    ),
    choice(
      'gaze',
      '水平凝视功能',
      'Horizontal gaze',
      scored([
        [0, '正常', 'Normal'],
        [2, '侧凝视运动受限', 'Lateral gaze limited'],
        [4, '眼球侧凝视', 'Forced lateral gaze deviation'],
      ]),
    ),
    choice(
      'facial',
      '面瘫',
      'Facial palsy',
      scored([
        [0, '正常', 'Normal'],
        [1, '轻瘫，可动', 'Mild palsy, can move'],
        [2, '全瘫', 'Complete palsy'],
      ]),
    ),
    choice(
      'speech',
      '言语',
      'Speech',
      scored([
        [0, '正常', 'Normal'],
        [
          2,
          '交谈有一定困难，借助表情动作表达，或言语流利但不易听懂，错语较多',
          'Some difficulty in conversation, helped by gestures; or fluent but hard to understand with many paraphasias',
        ],
        [
          3,
          '可简单对话，但复述困难，言语多迂回，有命名障碍',
          'Simple conversation only; repetition difficult, circumlocution, naming difficulty',
        ],
        [6, '词不达意', 'Cannot convey meaning'],
      ]),
    ),
    choice('shoulder', '上肢肌力（肩）', 'Arm strength (shoulder)', CSS_STRENGTH),
    choice('hand', '手肌力', 'Hand strength', CSS_STRENGTH),
    choice('leg', '下肢肌力', 'Leg strength', CSS_STRENGTH),
    choice(
      'walking',
      '步行能力',
      'Walking',
      scored([
        [0, '正常行走', 'Walks normally'],
        [1, '独立行走5米以上，跛行', 'Walks more than 5 m independently, with a limp'],
        [2, '独立行走，需扶杖', 'Walks independently with a stick'],
        [3, '有人扶持下可以行走', 'Walks with a person supporting'],
        [4, '能自己站立，不能行走', 'Stands alone but cannot walk'],
        [5, '坐不需支持，但不能站立', 'Sits without support but cannot stand'],
        [6, '卧床', 'Bed-bound'],
      ]),
    ),
  ],
  totalRange: { min: 0, max: 45 },
  bands: bands(46, [
    [0, '轻型', 'Mild'],
    [16, '中型', 'Moderate'],
    [31, '重型', 'Severe'],
  ]),
  notes: [
    bi(
      '分级未经公开来源核实；疗效按评分减少判定（减少≥21分为显著进步）。',
      'Bands UNVERIFIED; efficacy is judged by the reduction (≥21 points = marked improvement).',
    ),
  ],
};

const crsr: ScaleDefinition = {
  code: 'crs-r',
  abbr: 'CRS-R',
  name: bi('昏迷恢复量表修订版', 'Coma Recovery Scale-Revised'),
  category: 'neuro',
  shape: 'sum',
  licence: 'COPYRIGHT',
  description: bi(
    '意识障碍评估（仅存分量表最高项简称与评分）',
    'Disorders of consciousness (short names of the highest item per subscale and scores only)',
  ),
  source: 'S36 (Giacino 2004)',
  licenceNote: licenceNote(
    'JFK约翰逊康复研究所，研究及商业使用需授权',
    'JFK Johnson Rehabilitation Institute; research and commercial use need a licence',
  ),
  items: [
    choice(
      'auditory',
      '听觉',
      'Auditory',
      scored([
        [4, '稳定执行指令', 'Consistent movement to command'],
        [3, '可重复执行指令', 'Reproducible movement to command'],
        [2, '声源定位', 'Localisation to sound'],
        [1, '听觉惊吓', 'Auditory startle'],
        [0, '无', 'None'],
      ]),
    ),
    choice(
      'visual',
      '视觉',
      'Visual',
      scored([
        [5, '物体识别', 'Object recognition'],
        [4, '物体定位：伸手', 'Object localisation: reaching'],
        [3, '视觉追踪', 'Visual pursuit'],
        [2, '视觉固定', 'Fixation'],
        [1, '视觉惊吓', 'Visual startle'],
        [0, '无', 'None'],
      ]),
    ),
    choice(
      'motor',
      '运动',
      'Motor',
      scored([
        [6, '功能性物体使用', 'Functional object use'],
        [5, '自动运动反应', 'Automatic motor response'],
        [4, '物体操控', 'Object manipulation'],
        [3, '疼痛定位', 'Localisation to noxious stimulation'],
        [2, '屈曲回撤', 'Flexion withdrawal'],
        [1, '异常姿势', 'Abnormal posturing'],
        [0, '无/弛缓', 'None / flaccid'],
      ]),
    ),
    choice(
      'oromotor',
      '口部运动/言语',
      'Oromotor / verbal',
      scored([
        [3, '可理解的言语', 'Intelligible verbalisation'],
        [2, '发声/口部运动', 'Vocalisation / oral movement'],
        [1, '口部反射运动', 'Oral reflexive movement'],
        [0, '无', 'None'],
      ]),
    ),
    choice(
      'communication',
      '交流',
      'Communication',
      scored([
        [2, '功能性：准确', 'Functional: accurate'],
        [1, '非功能性：有意图', 'Non-functional: intentional'],
        [0, '无', 'None'],
      ]),
    ),
    choice(
      'arousal',
      '觉醒',
      'Arousal',
      scored([
        [3, '注意', 'Attention'],
        [2, '无刺激睁眼', 'Eye opening without stimulation'],
        [1, '刺激下睁眼', 'Eye opening with stimulation'],
        [0, '无法唤醒', 'Unarousable'],
      ]),
    ),
  ],
  totalRange: { min: 0, max: 23 },
  notes: [
    bi(
      '诊断（VS/UWS、MCS、eMCS）依据特定条目而非总分。',
      'The diagnosis (VS/UWS, MCS, eMCS) follows specific items, not the total.',
    ),
  ],
};

const stageOpts = (rows: [string | number, string, string][]): ScaleOption[] =>
  rows.map(([v, zh, en], i) => opt(v, i, zh, en));

const rancho: ScaleDefinition = {
  code: 'rancho',
  abbr: 'RLA',
  name: bi('Rancho Los Amigos认知功能分级', 'Rancho Los Amigos Levels of Cognitive Functioning'),
  category: 'neuro',
  shape: 'stages',
  licence: 'PD',
  description: bi('脑外伤后认知恢复分级 I-VIII', 'Cognitive recovery after TBI, levels I-VIII'),
  source: 'S37',
  items: [
    choice(
      'level',
      '认知功能分级',
      'Level',
      stageOpts([
        ['I', 'I 无反应', 'I No response'],
        ['II', 'II 一般反应', 'II Generalised response'],
        ['III', 'III 局部反应', 'III Localised response'],
        ['IV', 'IV 烦躁反应', 'IV Confused, agitated'],
        ['V', 'V 错乱反应', 'V Confused, inappropriate'],
        ['VI', 'VI 适当反应', 'VI Confused, appropriate'],
        ['VII', 'VII 自主反应', 'VII Automatic, appropriate'],
        ['VIII', 'VIII 有目的反应', 'VIII Purposeful, appropriate'],
      ]),
    ),
  ],
};

const hoehnYahr: ScaleDefinition = {
  code: 'hoehn-yahr',
  abbr: 'H&Y',
  name: bi('Hoehn-Yahr分级（改良）', 'Modified Hoehn and Yahr'),
  category: 'neuro',
  shape: 'stages',
  licence: 'PD',
  description: bi('帕金森病分期', "Parkinson's disease stage"),
  source: 'S38',
  items: [
    choice(
      'stage',
      '分期',
      'Stage',
      stageOpts([
        ['0', '0 无症状', '0 No signs of disease'],
        ['1', '1 单侧症状', '1 Unilateral disease'],
        ['1.5', '1.5 单侧加躯干受累', '1.5 Unilateral plus axial involvement'],
        ['2', '2 双侧症状，无平衡障碍', '2 Bilateral, no balance impairment'],
        ['2.5', '2.5 轻度双侧，后拉试验可恢复', '2.5 Mild bilateral, recovers on pull test'],
        ['3', '3 轻中度双侧，姿势不稳，可独立生活', '3 Mild to moderate bilateral, postural instability, independent'],
        ['4', '4 严重残疾，仍可独立站立或行走', '4 Severe disability, can still walk or stand unassisted'],
        ['5', '5 需轮椅或卧床', '5 Wheelchair-bound or bedridden'],
      ]),
    ),
  ],
};

const gmfcs: ScaleDefinition = {
  code: 'gmfcs',
  abbr: 'GMFCS',
  name: bi('粗大运动功能分级系统', 'Gross Motor Function Classification System (E&R)'),
  category: 'neuro',
  shape: 'stages',
  licence: 'FREE',
  description: bi('脑瘫粗大运动功能水平 I-V', 'Cerebral palsy gross motor level I-V'),
  source: 'S39 (Palisano 2008, CanChild)',
  items: [
    choice(
      'ageBand',
      '年龄段',
      'Age band',
      stageOpts([
        ['<2', '<2岁', 'Under 2'],
        ['2-4', '2-4岁', '2 to 4'],
        ['4-6', '4-6岁', '4 to 6'],
        ['6-12', '6-12岁', '6 to 12'],
        ['12-18', '12-18岁', '12 to 18'],
      ]),
    ),
    choice(
      'level',
      '分级',
      'Level',
      stageOpts([
        ['I', 'I 行走不受限', 'I Walks without limitations'],
        ['II', 'II 行走有一定受限', 'II Walks with limitations'],
        ['III', 'III 使用手持助行器行走', 'III Walks using a hand-held mobility device'],
        ['IV', 'IV 自主移动受限，可用电动移动设备', 'IV Self-mobility with limitations; may use powered mobility'],
        ['V', 'V 需他人用轮椅转运', 'V Transported in a manual wheelchair'],
      ]),
    ),
  ],
};

const GMFM_DIMENSIONS: [string, string, string, number][] = [
  ['A', '卧位与翻身', 'Lying and rolling', 17],
  ['B', '坐位', 'Sitting', 20],
  ['C', '爬与跪', 'Crawling and kneeling', 14],
  ['D', '站立位', 'Standing', 13],
  ['E', '行走、跑、跳', 'Walking, running and jumping', 24],
];
const GMFM_OPTIONS: ScaleOption[] = [
  ...scored([
    [0, '不能启动', 'Does not initiate'],
    [1, '启动(<10%)', 'Initiates (<10%)'],
    [2, '部分完成(10-<100%)', 'Partially completes'],
    [3, '完成', 'Completes'],
  ]),
  NT(),
];
function gmfmItems(): ScaleItem[] {
  const items: ScaleItem[] = [];
  let n = 1;
  for (const [group, zh, en, count] of GMFM_DIMENSIONS) {
    for (let i = 0; i < count; i++, n++) {
      items.push(
        choice(`i${n}`, `${group}${n} ${zh}第${i + 1}项`, `${group}${n} ${en}, item ${i + 1}`, GMFM_OPTIONS, { group }),
      );
    }
  }
  return items;
}

const gmfm: ScaleDefinition = {
  code: 'gmfm',
  abbr: 'GMFM-88',
  name: bi('粗大运动功能评估', 'Gross Motor Function Measure (GMFM-88)'),
  category: 'neuro',
  shape: 'dimensionMean',
  licence: 'COPYRIGHT',
  description: bi(
    '脑瘫儿童粗大运动功能（仅存项目编号与评分）',
    'Gross motor function in cerebral palsy (item numbers and scores only)',
  ),
  source: 'S9 (Russell 1989; CanChild)',
  licenceNote: licenceNote(
    'CanChild / Mac Keith Press，GMFM-66需GMAE软件',
    'CanChild / Mac Keith Press; GMFM-66 needs the GMAE software',
  ),
  items: gmfmItems(),
  groups: GMFM_DIMENSIONS.map(([key, zh, en]) => ({ key, label: bi(`${key} ${zh}`, `${key} ${en}`), max: 100 })),
  untestable: 'zero',
  totalRange: { min: 0, max: 100 },
  totalUnit: bi('%', '%'),
  notes: [
    bi(
      '维度百分比=原始分/满分×100；总百分比为五个维度百分比的均值；NT按0分计。GMFM-66需GMAE软件，不在此计算。',
      'Dimension % = raw / max × 100; total % = mean of the five; NT counts 0. GMFM-66 needs the GMAE software and is not computed here.',
    ),
    bi('受版权保护：条目名称请参阅科室正版手册。', 'Copyrighted: see the licensed manual for the item wording.'),
  ],
};

// ISNCSCI
const MOTOR_LEVELS: [string, string, string, 'upper' | 'lower'][] = [
  ['C5', '屈肘肌', 'Elbow flexors', 'upper'],
  ['C6', '伸腕肌', 'Wrist extensors', 'upper'],
  ['C7', '伸肘肌', 'Elbow extensors', 'upper'],
  ['C8', '中指屈指肌', 'Finger flexors', 'upper'],
  ['T1', '小指外展肌', 'Finger abductors', 'upper'],
  ['L2', '屈髋肌', 'Hip flexors', 'lower'],
  ['L3', '伸膝肌', 'Knee extensors', 'lower'],
  ['L4', '踝背伸肌', 'Ankle dorsiflexors', 'lower'],
  ['L5', '趾长伸肌', 'Long toe extensors', 'lower'],
  ['S1', '踝跖屈肌', 'Ankle plantar flexors', 'lower'],
];
export const ASIA_DERMATOMES = [
  'C2',
  'C3',
  'C4',
  'C5',
  'C6',
  'C7',
  'C8',
  'T1',
  'T2',
  'T3',
  'T4',
  'T5',
  'T6',
  'T7',
  'T8',
  'T9',
  'T10',
  'T11',
  'T12',
  'L1',
  'L2',
  'L3',
  'L4',
  'L5',
  'S1',
  'S2',
  'S3',
  'S4-5',
];
const ASIA_LEVELS = ['C1', ...ASIA_DERMATOMES];
/** Key muscle grades with the worksheet's wording (ISNCSCI 2019 muscle function grading). */
const MOTOR_OPTIONS = [
  ...scored([
    [0, '完全瘫痪', 'Total paralysis'],
    [1, '可触及或可见肌肉收缩', 'Palpable or visible contraction'],
    [2, '去重力下全关节范围主动运动', 'Active movement, full range of motion with gravity eliminated'],
    [3, '抗重力全关节范围主动运动', 'Active movement, full range of motion against gravity'],
    [
      4,
      '抗重力及中等阻力全关节范围主动运动',
      'Active movement, full range of motion against gravity and moderate resistance',
    ],
    [
      5,
      '正常：抗重力及充分阻力全关节范围主动运动',
      'Normal active movement, full range of motion against gravity and full resistance',
    ],
  ]),
  NT(),
];
const SENSORY_OPTIONS = [
  ...scored([
    [0, '消失', 'Absent'],
    [1, '异常', 'Altered'],
    [2, '正常', 'Normal'],
  ]),
  NT(),
];
const YES_NO_NT = [opt('yes', null, '有', 'Yes'), opt('no', null, '无', 'No'), NT()];
const levelChoice = (key: string, zh: string, en: string) =>
  choice(
    key,
    zh,
    en,
    ASIA_LEVELS.map((l) => opt(l, null, l, l)),
    { optional: true, group: 'levels' },
  );

const asia: ScaleDefinition = {
  code: 'asia',
  abbr: 'ISNCSCI',
  name: bi('ASIA脊髓损伤神经学分类', 'ISNCSCI / ASIA Impairment Scale'),
  category: 'neuro',
  shape: 'asia',
  licence: 'FREE',
  description: bi('脊髓损伤神经平面与完全性', 'Neurological level and completeness of spinal cord injury'),
  source: 'S3, S4a (ASIA/ISCoS worksheet)',
  items: [
    ...SIDES.flatMap((s) =>
      MOTOR_LEVELS.map(([lvl, zh, en, limb]) =>
        choice(`motor${s.key}_${limb}_${lvl}`, `${lvl} ${zh}（${s.zh}）`, `${lvl} ${en} (${s.en})`, MOTOR_OPTIONS, {
          group: `motor${s.key}`,
        }),
      ),
    ),
    ...SIDES.flatMap((s) =>
      ASIA_DERMATOMES.map((d) =>
        choice(`lt${s.key}_${d}`, `${d} 轻触觉（${s.zh}）`, `${d} light touch (${s.en})`, SENSORY_OPTIONS, {
          group: `lt${s.key}`,
        }),
      ),
    ),
    ...SIDES.flatMap((s) =>
      ASIA_DERMATOMES.map((d) =>
        choice(`pp${s.key}_${d}`, `${d} 针刺觉（${s.zh}）`, `${d} pin prick (${s.en})`, SENSORY_OPTIONS, {
          group: `pp${s.key}`,
        }),
      ),
    ),
    choice('vac', '肛门自主收缩 (VAC)', 'Voluntary anal contraction (VAC)', YES_NO_NT, { group: 'anorectal' }),
    choice('dap', '肛门深部压觉 (DAP)', 'Deep anal pressure (DAP)', YES_NO_NT, { group: 'anorectal' }),
    ...SIDES.map((s) =>
      choice(
        `nonKeyMuscle${s.key}`,
        `最低有运动功能的非关键肌平面（${s.zh}）`,
        `Lowest non-key muscle with motor function (${s.en})`,
        MOTOR_LEVELS.map(([lvl]) => opt(lvl, null, lvl, lvl)),
        {
          optional: true,
          group: 'anorectal',
          hint: bi(
            '2019版：用于区分B级与C级（运动平面以下超过3个平面）',
            '2019 revision: used to tell AIS B from C (more than three levels below the motor level)',
          ),
        },
      ),
    ),
    levelChoice('sensoryLevelR', '感觉平面（右）', 'Sensory level (right)'),
    levelChoice('sensoryLevelL', '感觉平面（左）', 'Sensory level (left)'),
    levelChoice('motorLevelR', '运动平面（右）', 'Motor level (right)'),
    levelChoice('motorLevelL', '运动平面（左）', 'Motor level (left)'),
    levelChoice('nli', '神经损伤平面 (NLI)', 'Neurological level of injury (NLI)'),
    choice(
      'ais',
      'ASIA残损分级 (AIS)',
      'ASIA Impairment Scale (AIS)',
      [
        opt('A', null, 'A 完全性损伤', 'A Complete'),
        opt('B', null, 'B 感觉不完全性损伤', 'B Sensory incomplete'),
        opt(
          'C',
          null,
          'C 运动不完全（NLI以下<半数关键肌≥3级）',
          'C Motor incomplete (<half of key muscles below NLI ≥3)',
        ),
        opt(
          'D',
          null,
          'D 运动不完全（NLI以下≥半数关键肌≥3级）',
          'D Motor incomplete (≥half of key muscles below NLI ≥3)',
        ),
        opt('E', null, 'E 正常', 'E Normal'),
      ],
      {
        // the examiner's own grade: the classification is derived from the worksheet without it, and the examiner
        // confirms (records the derived grade) or overrides it; both are kept with the record
        optional: true,
        group: 'levels',
        hint: bi(
          '检查者判定的分级：系统先按检查表推导，检查者确认或更正；两者均保存',
          "The examiner's grade: derived from the worksheet first, then confirmed or overridden; both are kept",
        ),
      },
    ),
  ],
  groups: [
    { key: 'motorR', label: bi('运动（右）', 'Motor (right)') },
    { key: 'motorL', label: bi('运动（左）', 'Motor (left)') },
    { key: 'ltR', label: bi('轻触觉（右）', 'Light touch (right)') },
    { key: 'ltL', label: bi('轻触觉（左）', 'Light touch (left)') },
    { key: 'ppR', label: bi('针刺觉（右）', 'Pin prick (right)') },
    { key: 'ppL', label: bi('针刺觉（左）', 'Pin prick (left)') },
    { key: 'anorectal', label: bi('肛门检查', 'Anorectal') },
    { key: 'levels', label: bi('平面与分级', 'Levels and grade') },
  ],
  totalRange: { min: 0, max: 100 },
  notes: [
    bi(
      '总分为运动评分(UEMS 50 + LEMS 50)；含NT的合计记为无法确定。检查者记录的平面与AIS分级与系统推导结果一并保存。',
      'The total is the motor score (UEMS 50 + LEMS 50); a sum with NT is not determinable. The levels and AIS grade the examiner records are kept beside the derived ones.',
    ),
    bi(
      '系统按ISNCSCI 2019版规则由检查表自动推导感觉/运动平面、NLI、AIS分级与部分保留带(ZPP)；含NT时无法确定的结果显示为ND。',
      'The sensory and motor levels, NLI, AIS grade and zones of partial preservation (ZPP) are derived from the worksheet by the ISNCSCI 2019 rules; a result that NT leaves open shows as ND.',
    ),
  ],
};

export const NEURO_SCALES: ScaleDefinition[] = [
  glasgow,
  pgcs,
  glasgowPittsburgh,
  nihss,
  css,
  crsr,
  rancho,
  hoehnYahr,
  gmfcs,
  gmfm,
  asia,
];
