import type { ScaleDefinition } from '../types';
import { bands, bi, choice, num, opt, scored, text, UNIT } from './helpers';

/** The five criteria of a Berg item, from 0 to 4. */
const bbsLevels = (rows: [string, string][]) => rows.map(([zh, en], score) => opt(score, score, zh, en));

const bbs: ScaleDefinition = {
  code: 'bbs',
  abbr: 'BBS',
  name: bi('Berg平衡量表', 'Berg Balance Scale'),
  category: 'balance',
  shape: 'sum',
  licence: 'PD',
  description: bi('静态与动态平衡及跌倒风险', 'Static and dynamic balance and fall risk'),
  source: 'S1, S2 (Berg 1989)',
  // the published criteria of every score (Berg 1989; Chinese wording as on the common Chinese form)
  items: [
    choice(
      'sitToStand',
      '从坐位站起',
      'Sitting to standing',
      bbsLevels([
        ['需要他人中等或大量帮助才能站起', 'Needs moderate or maximal assistance to stand'],
        ['需要他人少量帮助才能站起或保持稳定', 'Needs minimal aid to stand or to stabilize'],
        ['尝试几次后能用手扶着站起', 'Able to stand using hands after several tries'],
        ['用手扶着能够独立站起', 'Able to stand independently using hands'],
        ['不用手扶能够独立站起并保持稳定', 'Able to stand without using hands and stabilize independently'],
      ]),
    ),
    choice(
      'standUnsupported',
      '无支撑站立',
      'Standing unsupported',
      bbsLevels([
        ['无帮助时不能站立30秒', 'Unable to stand 30 seconds unsupported'],
        ['需尝试几次才能无支撑站立30秒', 'Needs several tries to stand 30 seconds unsupported'],
        ['无支撑能够站立30秒', 'Able to stand 30 seconds unsupported'],
        ['监护下能够站立2分钟', 'Able to stand 2 minutes with supervision'],
        ['能够安全站立2分钟', 'Able to stand safely 2 minutes'],
      ]),
    ),
    choice(
      'sitUnsupported',
      '无支撑坐位',
      'Sitting unsupported (feet on floor)',
      bbsLevels([
        ['无支撑时不能坐10秒', 'Unable to sit without support 10 seconds'],
        ['能坐10秒', 'Able to sit 10 seconds'],
        ['能坐30秒', 'Able to sit 30 seconds'],
        ['监护下能够坐2分钟', 'Able to sit 2 minutes under supervision'],
        ['能够安全稳定地坐2分钟', 'Able to sit safely and securely 2 minutes'],
      ]),
    ),
    choice(
      'standToSit',
      '从站立位坐下',
      'Standing to sitting',
      bbsLevels([
        ['需要他人帮助才能坐下', 'Needs assistance to sit'],
        ['能独立坐下，但不能控制身体下降', 'Sits independently but has uncontrolled descent'],
        ['用小腿后部顶住椅子来控制身体下降', 'Uses back of legs against chair to control descent'],
        ['借助双手控制身体下降', 'Controls descent by using hands'],
        ['最少量用手帮助即可安全坐下', 'Sits safely with minimal use of hands'],
      ]),
    ),
    choice(
      'transfers',
      '转移',
      'Transfers',
      bbsLevels([
        ['需要两个人帮助或监护才能安全转移', 'Needs two people to assist or supervise to be safe'],
        ['需要一个人帮助', 'Needs one person to assist'],
        ['需要口头提示或监护才能转移', 'Able to transfer with verbal cuing and/or supervision'],
        ['必须用手扶着才能安全转移', 'Able to transfer safely with definite need of hands'],
        ['稍用手扶即可安全转移', 'Able to transfer safely with minor use of hands'],
      ]),
    ),
    choice(
      'eyesClosed',
      '闭眼站立',
      'Standing with eyes closed',
      bbsLevels([
        ['需要帮助以防摔倒', 'Needs help to keep from falling'],
        ['闭眼不能达3秒，但站立稳定', 'Unable to keep eyes closed 3 seconds but stays steady'],
        ['能闭眼站立3秒', 'Able to stand 3 seconds'],
        ['监护下能闭眼站立10秒', 'Able to stand 10 seconds with supervision'],
        ['能安全闭眼站立10秒', 'Able to stand 10 seconds safely'],
      ]),
    ),
    choice(
      'feetTogether',
      '双足并拢站立',
      'Standing with feet together',
      bbsLevels([
        ['需要帮助才能并拢双脚，且不能保持15秒', 'Needs help to attain position and unable to hold for 15 seconds'],
        [
          '需要帮助才能并拢双脚，但能并脚站立15秒',
          'Needs help to attain position but able to stand 15 seconds feet together',
        ],
        [
          '能独立并拢双脚，但不能保持30秒',
          'Able to place feet together independently but unable to hold for 30 seconds',
        ],
        [
          '能独立并拢双脚，监护下站立1分钟',
          'Able to place feet together independently and stand 1 minute with supervision',
        ],
        ['能独立并拢双脚，安全站立1分钟', 'Able to place feet together independently and stand 1 minute safely'],
      ]),
    ),
    choice(
      'reachForward',
      '站立位上肢前伸',
      'Reaching forward with outstretched arm',
      bbsLevels([
        ['前伸时失去平衡或需要外部支持', 'Loses balance while trying or requires external support'],
        ['能前伸，但需要监护', 'Reaches forward but needs supervision'],
        ['能安全前伸超过5厘米', 'Can reach forward more than 5 cm (2 inches) safely'],
        ['能安全前伸超过12厘米', 'Can reach forward more than 12 cm (5 inches) safely'],
        ['能自信地前伸超过25厘米', 'Can reach forward confidently more than 25 cm (10 inches)'],
      ]),
    ),
    choice(
      'pickUp',
      '站立位从地面拾物',
      'Pick up object from floor',
      bbsLevels([
        [
          '不能尝试，或需要帮助以防失去平衡或摔倒',
          'Unable to try, or needs assistance to keep from losing balance or falling',
        ],
        ['不能捡起，尝试时需要监护', 'Unable to pick up and needs supervision while trying'],
        [
          '不能捡起，但手能伸到距拖鞋2-5厘米处并独立保持平衡',
          'Unable to pick up but reaches 2-5 cm (1-2 inches) from the slipper and keeps balance independently',
        ],
        ['能捡起拖鞋，但需要监护', 'Able to pick up the slipper but needs supervision'],
        ['能轻松安全地捡起拖鞋', 'Able to pick up the slipper safely and easily'],
      ]),
    ),
    choice(
      'turnLook',
      '转身向后看',
      'Turn to look behind (left and right)',
      bbsLevels([
        ['需要帮助以防失去平衡或摔倒', 'Needs assistance to keep from losing balance or falling'],
        ['转身时需要监护', 'Needs supervision when turning'],
        ['仅能侧转，但能保持平衡', 'Turns sideways only but maintains balance'],
        ['仅能从一侧向后看，另一侧重心转移较少', 'Looks behind one side only; the other side shows less weight shift'],
        ['能从两侧向后看，重心转移良好', 'Looks behind from both sides and weight shifts well'],
      ]),
    ),
    choice(
      'turn360',
      '转身一周(360°)',
      'Turn 360 degrees',
      bbsLevels([
        ['转身时需要帮助', 'Needs assistance while turning'],
        ['需要密切监护或口头提示', 'Needs close supervision or verbal cuing'],
        ['能安全转身360°，但速度慢', 'Able to turn 360 degrees safely but slowly'],
        ['仅向一侧能在4秒内安全转身360°', 'Able to turn 360 degrees safely, one side only, in 4 seconds or less'],
        ['两侧均能在4秒内安全转身360°', 'Able to turn 360 degrees safely in 4 seconds or less'],
      ]),
    ),
    choice(
      'stepStool',
      '双足交替踏台阶',
      'Place alternate foot on step or stool',
      bbsLevels([
        ['需要帮助以防摔倒，或不能尝试', 'Needs assistance to keep from falling, or unable to try'],
        ['需少量帮助能完成2次以上', 'Able to complete more than 2 steps; needs minimal assistance'],
        ['监护下不用辅助具能完成4次', 'Able to complete 4 steps without aid, with supervision'],
        ['能独立站立，完成8次超过20秒', 'Able to stand independently and complete 8 steps in more than 20 seconds'],
        ['能独立安全站立，20秒内完成8次', 'Able to stand independently and safely and complete 8 steps in 20 seconds'],
      ]),
    ),
    choice(
      'tandem',
      '双足前后站立',
      'Standing with one foot in front (tandem)',
      bbsLevels([
        ['迈步或站立时失去平衡', 'Loses balance while stepping or standing'],
        ['迈步需要帮助，但能保持15秒', 'Needs help to step but can hold 15 seconds'],
        ['能独立迈一小步并保持30秒', 'Able to take a small step independently and hold 30 seconds'],
        [
          '能独立将一只脚放在另一只脚前方并保持30秒',
          'Able to place one foot ahead of the other independently and hold 30 seconds',
        ],
        ['能独立将双脚前后串联并保持30秒', 'Able to place the feet in tandem independently and hold 30 seconds'],
      ]),
    ),
    choice(
      'oneLeg',
      '单腿站立',
      'Standing on one leg',
      bbsLevels([
        ['不能尝试，或需要帮助以防摔倒', 'Unable to try, or needs assistance to prevent a fall'],
        [
          '尝试抬腿，不能保持3秒，但能独立站立',
          'Tries to lift the leg; unable to hold 3 seconds but remains standing independently',
        ],
        ['能独立抬腿并保持3秒或以上', 'Able to lift the leg independently and hold 3 seconds or more'],
        ['能独立抬腿并保持5-10秒', 'Able to lift the leg independently and hold 5-10 seconds'],
        ['能独立抬腿并保持10秒以上', 'Able to lift the leg independently and hold more than 10 seconds'],
      ]),
    ),
  ],
  totalRange: { min: 0, max: 56 },
  bands: bands(57, [
    [0, '高跌倒风险（坐轮椅）', 'High fall risk (wheelchair-bound)'],
    [21, '中等跌倒风险（辅助下步行）', 'Medium fall risk (walks with assistance)'],
    [41, '低跌倒风险（可独立步行）', 'Low fall risk (independent)'],
  ]),
  notes: [
    bi('每项按符合的最低标准评分。', 'Score the lowest criterion that applies on each item.'),
    bi(
      '另有分级：41-44显著跌倒风险；Shumway-Cook：有跌倒史<51、无跌倒史<42为高风险。',
      'Variant: 41-44 significant fall risk; Shumway-Cook cut-offs <51 with a fall history, <42 without.',
    ),
  ],
};

const T1 = (zh0: string, en0: string, zh1: string, en1: string) =>
  scored([
    [0, zh0, en0],
    [1, zh1, en1],
  ]);
const T2 = (r: [string, string][]) => r.map(([zh, en], i) => opt(i, i, zh, en));

const tinetti: ScaleDefinition = {
  code: 'tinetti',
  abbr: 'POMA',
  name: bi('Tinetti步态与平衡量表', 'Tinetti Performance-Oriented Mobility Assessment'),
  category: 'balance',
  shape: 'sum',
  licence: 'PD',
  description: bi('平衡（16分）与步态（12分）', 'Balance (16) and gait (12)'),
  source: 'S26 (Tinetti 1986)',
  items: [
    choice(
      'sittingBalance',
      '坐位平衡',
      'Sitting balance',
      T1('倾斜或滑落', 'Leans or slides', '稳定安全', 'Steady, safe'),
      { group: 'balance' },
    ),
    choice(
      'arises',
      '起身',
      'Arises',
      T2([
        ['需帮助才能起身', 'Unable without help'],
        ['需用手臂帮助', 'Able, uses arms'],
        ['不用手臂即可', 'Able without arms'],
      ]),
      { group: 'balance' },
    ),
    choice(
      'attemptsToArise',
      '试图起身',
      'Attempts to arise',
      T2([
        ['需帮助', 'Unable without help'],
        ['需尝试多次', 'Needs more than one attempt'],
        ['一次即可', 'Able in one attempt'],
      ]),
      { group: 'balance' },
    ),
    choice(
      'immediateStanding',
      '立即站立平衡(前5秒)',
      'Immediate standing balance (first 5 s)',
      T2([
        ['不稳', 'Unsteady'],
        ['稳但需助行器', 'Steady with walker or support'],
        ['稳且无需支持', 'Steady without support'],
      ]),
      { group: 'balance' },
    ),
    choice(
      'standingBalance',
      '站立平衡',
      'Standing balance',
      T2([
        ['不稳', 'Unsteady'],
        ['稳但两脚距离宽或需支持', 'Steady with wide stance or support'],
        ['窄基底站立无需支持', 'Narrow stance without support'],
      ]),
      { group: 'balance' },
    ),
    choice(
      'nudged',
      '轻推',
      'Nudged',
      T2([
        ['开始跌倒', 'Begins to fall'],
        ['摇晃、抓物', 'Staggers, grabs'],
        ['稳定', 'Steady'],
      ]),
      { group: 'balance' },
    ),
    choice('eyesClosed', '闭眼', 'Eyes closed', T1('不稳', 'Unsteady', '稳定', 'Steady'), { group: 'balance' }),
    choice('turnSteps', '转身360°：步伐', 'Turning 360°: steps', T1('不连续', 'Discontinuous', '连续', 'Continuous'), {
      group: 'balance',
    }),
    choice('turnSteady', '转身360°：稳定性', 'Turning 360°: steadiness', T1('不稳', 'Unsteady', '稳定', 'Steady'), {
      group: 'balance',
    }),
    choice(
      'sittingDown',
      '坐下',
      'Sitting down',
      T2([
        ['不安全', 'Unsafe'],
        ['用手或动作不流畅', 'Uses arms or not smooth'],
        ['安全流畅', 'Safe, smooth'],
      ]),
      { group: 'balance' },
    ),
    choice('initiation', '起步', 'Initiation of gait', T1('犹豫或多次尝试', 'Hesitancy', '无犹豫', 'No hesitancy'), {
      group: 'gait',
    }),
    choice(
      'rightSwingPass',
      '右足摆动超过左足',
      'Right swing foot passes left stance foot',
      T1('否', 'No', '是', 'Yes'),
      { group: 'gait' },
    ),
    choice('rightSwingClear', '右足完全离地', 'Right foot clears floor', T1('否', 'No', '是', 'Yes'), {
      group: 'gait',
    }),
    choice(
      'leftSwingPass',
      '左足摆动超过右足',
      'Left swing foot passes right stance foot',
      T1('否', 'No', '是', 'Yes'),
      { group: 'gait' },
    ),
    choice('leftSwingClear', '左足完全离地', 'Left foot clears floor', T1('否', 'No', '是', 'Yes'), { group: 'gait' }),
    choice('symmetry', '步长对称性', 'Step symmetry', T1('不对称', 'Unequal', '对称', 'Equal'), { group: 'gait' }),
    choice(
      'continuity',
      '步伐连续性',
      'Step continuity',
      T1('停顿或不连续', 'Stopping or discontinuous', '连续', 'Continuous'),
      { group: 'gait' },
    ),
    choice(
      'path',
      '走直线',
      'Path',
      T2([
        ['明显偏离', 'Marked deviation'],
        ['轻度偏离或需助行器', 'Mild deviation or uses aid'],
        ['直线无需助行器', 'Straight without aid'],
      ]),
      { group: 'gait' },
    ),
    choice(
      'trunk',
      '躯干',
      'Trunk',
      T2([
        ['明显摇晃或需助行器', 'Marked sway or uses aid'],
        ['不摇晃但屈膝、背痛或张臂', 'No sway but flexion or arms spread'],
        ['不摇晃、不屈曲、不用助行器', 'No sway, no flexion, no aid'],
      ]),
      { group: 'gait' },
    ),
    choice('stance', '步宽', 'Walking stance', T1('足跟分开', 'Heels apart', '足跟几乎相触', 'Heels almost touching'), {
      group: 'gait',
    }),
  ],
  groups: [
    { key: 'balance', label: bi('平衡', 'Balance'), max: 16 },
    { key: 'gait', label: bi('步态', 'Gait'), max: 12 },
  ],
  totalRange: { min: 0, max: 28 },
  bands: bands(29, [
    [0, '高跌倒风险', 'High fall risk'],
    [19, '中等跌倒风险', 'Moderate fall risk'],
    [24, '低跌倒风险', 'Low fall risk'],
  ]),
  notes: [bi('另一常用分级：≤18 / 19-24 / 25-28。', 'Alternative bands: ≤18 / 19-24 / 25-28.')],
};

const tug: ScaleDefinition = {
  code: 'tug',
  abbr: 'TUG',
  name: bi('计时起立-行走测试', 'Timed Up and Go'),
  category: 'balance',
  shape: 'measure',
  licence: 'PD',
  description: bi('起立、行走3米、转身、返回坐下所用时间', 'Seconds to rise, walk 3 m, turn, return and sit'),
  source: 'S27 (Podsiadlo & Richardson 1991)',
  items: [
    num('seconds', '用时', 'Time', { min: 0, max: 600, step: 0.1, unit: UNIT.s }),
    choice(
      'aid',
      '辅助器具',
      'Walking aid',
      [
        opt('none', null, '无', 'None'),
        opt('cane', null, '手杖', 'Cane'),
        opt('walker', null, '助行器', 'Walker'),
        opt('other', null, '其他', 'Other'),
      ],
      { optional: true },
    ),
  ],
  primary: 'seconds',
  totalUnit: UNIT.s,
  totalRange: { min: 0, max: 600 },
  bands: bands(600.1, [
    [0, '正常', 'Normal'],
    [10, '基本独立', 'Mostly independent'],
    [20, '活动受限，需帮助', 'Limited mobility, needs assistance'],
    [30, '依赖', 'Dependent'],
  ]),
  notes: [bi('社区老年人≥13.5秒提示跌倒风险。', '≥13.5 s indicates fall risk in community-dwelling older adults.')],
};

const FAC_OPTIONS = scored([
  [0, '无功能：不能行走或需2人帮助', 'Non-functional: cannot walk or needs two helpers'],
  [1, '需大量持续帮助（II级）', 'Dependent, continuous physical help (level II)'],
  [2, '需少量帮助（I级，轻触）', 'Dependent, intermittent light help (level I)'],
  [3, '需监护或言语提示', 'Dependent, supervision'],
  [4, '平地独立，上下楼梯等需帮助', 'Independent on level surfaces only'],
  [5, '完全独立（含楼梯、斜坡、不平地面）', 'Independent everywhere'],
]);

const holden: ScaleDefinition = {
  code: 'holden',
  abbr: 'FAC',
  name: bi('Holden步行功能分级', 'Holden Functional Ambulation Classification'),
  category: 'balance',
  shape: 'stages',
  licence: 'PD',
  description: bi('步行独立程度分级（0-5级）', 'Walking independence, levels 0-5'),
  source: 'S28 (Holden 1984)',
  items: [choice('level', '步行功能', 'Ambulation level', FAC_OPTIONS)],
};

const fac: ScaleDefinition = {
  ...holden,
  code: 'fac',
  name: bi('功能性步行分级', 'Functional Ambulation Category'),
  notes: [bi('与Holden步行功能分级为同一量表。', 'Same instrument as the Holden classification.')],
};

const hoffer: ScaleDefinition = {
  code: 'hoffer',
  abbr: 'Hoffer',
  name: bi('Hoffer步行能力分级', 'Hoffer ambulation classification'),
  category: 'balance',
  shape: 'stages',
  licence: 'PD',
  description: bi('步行能力类别 I-IV', 'Ambulation category I-IV'),
  source: 'S29 (Hoffer 1973)',
  items: [
    choice('level', '步行能力', 'Ambulation', [
      opt('I', 1, 'I 不能步行', 'I Non-ambulator'),
      opt('II', 2, 'II 治疗性步行', 'II Non-functional (therapeutic) ambulator'),
      opt('III', 3, 'III 家庭性步行', 'III Household ambulator'),
      opt('IV', 4, 'IV 社区性步行', 'IV Community ambulator'),
    ]),
  ],
};

const GRADES3 = [
  opt('0', 0, '不能维持体位', 'Cannot keep the posture'),
  opt('I', 1, 'I级 静态平衡', 'Grade I: static'),
  opt('II', 2, 'II级 自动态平衡', 'Grade II: self-initiated dynamic'),
  opt('III', 3, 'III级 他动态平衡', 'Grade III: reactive dynamic'),
];

const balanceGrade: ScaleDefinition = {
  code: 'balance-grade',
  abbr: '三级平衡',
  name: bi('三级平衡评定（坐位/立位）', 'Three-level balance grading (sitting and standing)'),
  category: 'balance',
  shape: 'stages',
  licence: 'PD',
  description: bi('坐位与立位平衡分级', 'Sitting and standing balance grade'),
  source: 'S30',
  items: [
    choice('sitting', '坐位平衡', 'Sitting balance', GRADES3),
    choice('standing', '立位平衡', 'Standing balance', GRADES3),
  ],
};

const staticBalance: ScaleDefinition = {
  code: 'static-balance-of-straight-leg-sitting-position',
  abbr: '长坐位平衡',
  name: bi('长坐位静态平衡', 'Long-sitting static balance'),
  category: 'balance',
  shape: 'stages',
  licence: 'PD',
  description: bi('伸膝长坐位下的躯干静态平衡：分级与保持时间', 'Trunk balance in long sitting: grade and hold time'),
  source: 'S30 (UNVERIFIED for this page)',
  items: [
    choice('grade', '平衡分级', 'Balance grade', GRADES3),
    num('holdSeconds', '保持时间', 'Hold time', { min: 0, max: 3600, unit: UNIT.s }, { optional: true }),
    choice(
      'support',
      '上肢支撑',
      'Arm support',
      [
        opt('none', null, '无需支撑', 'No support'),
        opt('one', null, '单手支撑', 'One hand'),
        opt('both', null, '双手支撑', 'Both hands'),
      ],
      { optional: true },
    ),
  ],
  notes: [
    bi(
      '本页结构为推断（三级平衡应用于长坐位），请以科室表单核实。',
      'Structure inferred (three-level scheme applied to long sitting); confirm with the department form.',
    ),
  ],
};

const finding = (key: string, zh: string, en: string, opts: [string, string, string][]) =>
  choice(
    key,
    zh,
    en,
    opts.map(([v, z, e]) => opt(v, null, z, e)),
    { optional: true },
  );

const attitude: ScaleDefinition = {
  code: 'attitude-evaluation',
  abbr: '体态',
  name: bi('姿势/体态评估', 'Posture assessment'),
  category: 'balance',
  shape: 'measure',
  licence: 'NA',
  description: bi('铅垂线静态体态检查（不计分）', 'Static posture against the plumb line (not scored)'),
  source: 'Findings checklist (UNVERIFIED inference from the route name)',
  items: [
    finding('head', '头部', 'Head', [
      ['normal', '正常', 'Normal'],
      ['forward', '前伸', 'Forward'],
      ['tiltL', '左倾', 'Tilted left'],
      ['tiltR', '右倾', 'Tilted right'],
    ]),
    finding('shoulders', '肩部', 'Shoulders', [
      ['level', '等高', 'Level'],
      ['highL', '左肩高', 'Left high'],
      ['highR', '右肩高', 'Right high'],
      ['rounded', '圆肩', 'Rounded'],
    ]),
    finding('scapula', '肩胛骨', 'Scapulae', [
      ['normal', '正常', 'Normal'],
      ['winging', '翼状肩胛', 'Winging'],
      ['elevated', '上提', 'Elevated'],
    ]),
    finding('spineFrontal', '脊柱（冠状面）', 'Spine (frontal plane)', [
      ['normal', '正常', 'Normal'],
      ['scoliosisL', '侧弯凸向左', 'Scoliosis convex left'],
      ['scoliosisR', '侧弯凸向右', 'Scoliosis convex right'],
    ]),
    finding('spineSagittal', '脊柱（矢状面）', 'Spine (sagittal plane)', [
      ['normal', '正常', 'Normal'],
      ['kyphosis', '胸椎后凸增加', 'Increased kyphosis'],
      ['lordosis', '腰椎前凸增加', 'Increased lordosis'],
      ['flat', '平背', 'Flat back'],
    ]),
    finding('pelvis', '骨盆', 'Pelvis', [
      ['level', '水平', 'Level'],
      ['highL', '左侧高', 'Left high'],
      ['highR', '右侧高', 'Right high'],
      ['anterior', '前倾', 'Anterior tilt'],
      ['posterior', '后倾', 'Posterior tilt'],
    ]),
    finding('knees', '膝关节', 'Knees', [
      ['normal', '正常', 'Normal'],
      ['valgus', '膝外翻(X形)', 'Valgus'],
      ['varus', '膝内翻(O形)', 'Varus'],
      ['hyperextension', '膝过伸', 'Hyperextension'],
    ]),
    finding('feet', '足部', 'Feet', [
      ['normal', '正常', 'Normal'],
      ['flat', '扁平足', 'Flat foot'],
      ['cavus', '高弓足', 'High arch'],
      ['pronated', '足外翻', 'Pronated'],
      ['supinated', '足内翻', 'Supinated'],
    ]),
    num('scoliosisAngle', '侧弯角度', 'Scoliosis angle', { min: 0, max: 120, unit: UNIT.deg }, { optional: true }),
    text('notes', '其他发现', 'Other findings'),
  ],
};

const sixMwt: ScaleDefinition = {
  code: '6mwt',
  abbr: '6MWT',
  name: bi('6分钟步行试验', 'Six-Minute Walk Test'),
  category: 'balance',
  shape: 'measure',
  licence: 'PD',
  description: bi('运动耐力：6分钟步行距离', 'Exercise capacity: distance walked in six minutes'),
  source: 'S31 (ATS 2002)',
  items: [
    num('distance', '步行距离', 'Distance', { min: 0, max: 1500, unit: UNIT.m }),
    num('stops', '中途停歇次数', 'Rests', { min: 0, max: 50 }, { optional: true }),
    num(
      'hrBefore',
      '试验前心率',
      'Heart rate before',
      { min: 20, max: 250, unit: bi('次/分', 'bpm') },
      { optional: true },
    ),
    num(
      'hrAfter',
      '试验后心率',
      'Heart rate after',
      { min: 20, max: 250, unit: bi('次/分', 'bpm') },
      { optional: true },
    ),
    num('spo2Before', '试验前血氧', 'SpO₂ before', { min: 50, max: 100, unit: UNIT.pct }, { optional: true }),
    num('spo2After', '试验后血氧', 'SpO₂ after', { min: 50, max: 100, unit: UNIT.pct }, { optional: true }),
    num(
      'borgBefore',
      '试验前Borg呼吸困难(0-10)',
      'Borg dyspnoea before (0-10)',
      { min: 0, max: 10, step: 0.5 },
      { optional: true },
    ),
    num(
      'borgAfter',
      '试验后Borg呼吸困难(0-10)',
      'Borg dyspnoea after (0-10)',
      { min: 0, max: 10, step: 0.5 },
      { optional: true },
    ),
  ],
  primary: 'distance',
  totalUnit: UNIT.m,
  totalRange: { min: 0, max: 1500 },
  notes: [bi('无通用分级，与预计值（参考方程）比较。', 'No universal bands; compare with predicted values.')],
};

const morse: ScaleDefinition = {
  code: 'morse',
  abbr: 'MFS',
  name: bi('Morse跌倒风险评估量表', 'Morse Fall Scale'),
  category: 'balance',
  shape: 'sum',
  licence: 'FREE',
  description: bi('住院患者跌倒风险', 'Inpatient fall risk'),
  source: 'S32 (Morse 1989)',
  items: [
    choice(
      'history',
      '跌倒史（近3个月）',
      'History of falling (3 months)',
      scored([
        [0, '无', 'No'],
        [25, '有', 'Yes'],
      ]),
    ),
    choice(
      'secondaryDiagnosis',
      '超过一个医学诊断',
      'Secondary diagnosis',
      scored([
        [0, '无', 'No'],
        [15, '有', 'Yes'],
      ]),
    ),
    choice(
      'ambulatoryAid',
      '使用行走辅助用具',
      'Ambulatory aid',
      scored([
        [0, '不需要/卧床/护士扶持', 'None, bed rest, nurse assist'],
        [15, '拐杖、手杖、助行器', 'Crutches, cane, walker'],
        [30, '扶家具行走', 'Furniture'],
      ]),
    ),
    choice(
      'ivTherapy',
      '静脉输液/肝素锁',
      'IV or heparin lock',
      scored([
        [0, '无', 'No'],
        [20, '有', 'Yes'],
      ]),
    ),
    choice(
      'gait',
      '步态',
      'Gait',
      scored([
        [0, '正常/卧床/轮椅', 'Normal, bed rest, wheelchair'],
        [10, '虚弱', 'Weak'],
        [20, '受损', 'Impaired'],
      ]),
    ),
    choice(
      'mentalStatus',
      '认知状态',
      'Mental status',
      scored([
        [0, '了解自己能力', 'Oriented to own ability'],
        [15, '高估自己能力/忘记限制', 'Overestimates or forgets limitations'],
      ]),
    ),
  ],
  totalRange: { min: 0, max: 125 },
  bands: bands(126, [
    [0, '低风险', 'Low risk'],
    [25, '中风险', 'Moderate risk'],
    [45, '高风险', 'High risk'],
  ]),
  notes: [bi('部分机构以51分作为高风险界值。', 'Some institutions use 51 as the high-risk cut-off.')],
};

export const BALANCE_SCALES: ScaleDefinition[] = [
  bbs,
  tinetti,
  tug,
  holden,
  fac,
  hoffer,
  balanceGrade,
  staticBalance,
  attitude,
  sixMwt,
  morse,
];
