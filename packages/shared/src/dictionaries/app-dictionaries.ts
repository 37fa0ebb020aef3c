import type { LocalText } from '../entities/types';
import type { Locale } from '../i18n/locale';

/** One entry of an application dictionary: its code `k` and its text in every language. */
export type DictEntry = { k: string; label: LocalText };

/**
 * One application dictionary (spec section 3): its name, its entries, and whether an organization may add entries
 * of its own (`extensible`). The codes of a fixed dictionary are read by the program (sex 0 is male, pay status 1 is
 * paid), so only the built-in entries exist; an extensible one lists choices people pick from (payment types,
 * patient sources) and an organization may add its own local ones.
 */
export type AppDictionary = { label: LocalText; extensible: boolean; entries: readonly DictEntry[] };

const t = (zh: string, en: string): LocalText => ({ 'zh-CN': zh, en });
/** Entries with codes 1, 2, 3 ... (or from `first`). */
const numbered = (pairs: readonly (readonly [string, string])[], first = 1): DictEntry[] =>
  pairs.map(([zh, en], i) => ({ k: String(first + i), label: t(zh, en) }));
const coded = (pairs: readonly (readonly [string, string, string])[]): DictEntry[] =>
  pairs.map(([k, zh, en]) => ({ k, label: t(zh, en) }));

/** The 56 ethnic groups of China in the order and with the codes of GB/T 3304. */
const NATIONS: readonly (readonly [string, string])[] = [
  ['汉族', 'Han'],
  ['蒙古族', 'Mongol'],
  ['回族', 'Hui'],
  ['藏族', 'Tibetan'],
  ['维吾尔族', 'Uyghur'],
  ['苗族', 'Miao'],
  ['彝族', 'Yi'],
  ['壮族', 'Zhuang'],
  ['布依族', 'Bouyei'],
  ['朝鲜族', 'Korean'],
  ['满族', 'Manchu'],
  ['侗族', 'Dong'],
  ['瑶族', 'Yao'],
  ['白族', 'Bai'],
  ['土家族', 'Tujia'],
  ['哈尼族', 'Hani'],
  ['哈萨克族', 'Kazakh'],
  ['傣族', 'Dai'],
  ['黎族', 'Li'],
  ['傈僳族', 'Lisu'],
  ['佤族', 'Va'],
  ['畲族', 'She'],
  ['高山族', 'Gaoshan'],
  ['拉祜族', 'Lahu'],
  ['水族', 'Sui'],
  ['东乡族', 'Dongxiang'],
  ['纳西族', 'Nakhi'],
  ['景颇族', 'Jingpo'],
  ['柯尔克孜族', 'Kyrgyz'],
  ['土族', 'Tu'],
  ['达斡尔族', 'Daur'],
  ['仫佬族', 'Mulao'],
  ['羌族', 'Qiang'],
  ['布朗族', 'Blang'],
  ['撒拉族', 'Salar'],
  ['毛南族', 'Maonan'],
  ['仡佬族', 'Gelao'],
  ['锡伯族', 'Xibe'],
  ['阿昌族', 'Achang'],
  ['普米族', 'Pumi'],
  ['塔吉克族', 'Tajik'],
  ['怒族', 'Nu'],
  ['乌孜别克族', 'Uzbek'],
  ['俄罗斯族', 'Russian'],
  ['鄂温克族', 'Evenki'],
  ['德昂族', "De'ang"],
  ['保安族', 'Bonan'],
  ['裕固族', 'Yugur'],
  ['京族', 'Gin'],
  ['塔塔尔族', 'Tatar'],
  ['独龙族', 'Derung'],
  ['鄂伦春族', 'Oroqen'],
  ['赫哲族', 'Hezhen'],
  ['门巴族', 'Monpa'],
  ['珞巴族', 'Lhoba'],
  ['基诺族', 'Jino'],
];

/**
 * Every application dictionary by the type key of `POST /sys/dict/list` (spec section 3). The keys are the spec's,
 * `projcetStatus` spelt as the spec spells it. Server and web read these same constants.
 */
export const APP_DICTIONARIES = {
  menu: {
    label: t('菜单类型', 'Menu type'),
    extensible: false,
    entries: numbered(
      [
        ['目录', 'Directory'],
        ['菜单', 'Menu'],
        ['按钮', 'Button'],
      ],
      0,
    ),
  },
  projectType: {
    label: t('项目类型', 'Project type'),
    extensible: false,
    entries: numbered([
      ['治疗项目', 'Treatment'],
      ['评估项目', 'Assessment'],
    ]),
  },
  shortLong: {
    label: t('长期/短期', 'Long or short term'),
    extensible: false,
    entries: numbered([
      ['长期', 'Long term'],
      ['短期', 'Short term'],
    ]),
  },
  costType: {
    label: t('费用类型', 'Cost type'),
    extensible: true,
    entries: numbered([
      ['自费', 'Self-paying'],
      ['城镇职工医保', 'Employee medical insurance'],
      ['城乡居民医保', 'Resident medical insurance'],
      ['公费医疗', 'Publicly funded'],
      ['商业保险', 'Commercial insurance'],
      ['工伤保险', 'Work injury insurance'],
    ]),
  },
  nursingLevel: {
    label: t('护理级别', 'Nursing level'),
    extensible: false,
    entries: numbered(
      [
        ['特级护理', 'Special care'],
        ['一级护理', 'Level I care'],
        ['二级护理', 'Level II care'],
        ['三级护理', 'Level III care'],
      ],
      0,
    ),
  },
  marriage: {
    label: t('婚姻状况', 'Marital status'),
    extensible: false,
    entries: numbered([
      ['未婚', 'Single'],
      ['已婚', 'Married'],
      ['离异', 'Divorced'],
      ['丧偶', 'Widowed'],
    ]),
  },
  source: {
    label: t('患者来源', 'Patient source'),
    extensible: true,
    entries: numbered([
      ['门诊', 'Outpatient clinic'],
      ['住院', 'Inpatient ward'],
      ['院内转诊', 'In-hospital referral'],
      ['外院转诊', 'Referral from another hospital'],
      ['社区', 'Community'],
      ['其他', 'Other'],
    ]),
  },
  nation: { label: t('民族', 'Ethnic group'), extensible: false, entries: numbered(NATIONS) },
  sex: {
    label: t('性别', 'Sex'),
    extensible: false,
    entries: numbered(
      [
        ['男', 'Male'],
        ['女', 'Female'],
      ],
      0,
    ),
  },
  userStatus: {
    label: t('用户状态', 'User status'),
    extensible: false,
    entries: coded([
      ['1', '正常', 'Enabled'],
      ['0', '禁用', 'Disabled'],
    ]),
  },
  noticeStatus: {
    label: t('通知状态', 'Notice status'),
    extensible: false,
    entries: numbered(
      [
        ['未发布', 'Not published'],
        ['已发布', 'Published'],
      ],
      0,
    ),
  },
  isRead: {
    label: t('阅读状态', 'Read status'),
    extensible: false,
    entries: numbered(
      [
        ['未读', 'Unread'],
        ['已读', 'Read'],
      ],
      0,
    ),
  },
  projcetStatus: {
    label: t('项目状态', 'Project status'),
    extensible: false,
    entries: numbered(
      [
        ['进行中', 'In progress'],
        ['已完成', 'Completed'],
        ['已停用', 'Disabled'],
      ],
      0,
    ),
  },
  assessType: {
    label: t('评估阶段', 'Assessment phase'),
    extensible: false,
    entries: numbered([
      ['门诊评估', 'Outpatient'],
      ['入院评估', 'Admission'],
      ['中期评估', 'Mid-term'],
      ['出院评估', 'Discharge'],
    ]),
  },
  eqMode: {
    label: t('设备使用模式', 'Equipment mode'),
    extensible: false,
    entries: numbered([
      ['单人使用', 'One patient at a time'],
      ['多人共用', 'Shared by several patients'],
    ]),
  },
  payStatus: {
    label: t('缴费状态', 'Payment status'),
    extensible: false,
    entries: coded([
      ['0', '未缴费', 'Unpaid'],
      ['1', '已缴费', 'Paid'],
      ['2', '已退费', 'Refunded'],
      ['3', '待缴费', 'Payment pending'],
      ['4', '待退费', 'Refund pending'],
      ['5', '已退费（部分）', 'Refunded (partly)'],
      ['6', '已退费（全部）', 'Refunded (fully)'],
    ]),
  },
  payType: {
    label: t('付款方式', 'Payment type'),
    extensible: true,
    entries: numbered([
      ['现金', 'Cash'],
      ['微信支付', 'WeChat Pay'],
      ['支付宝', 'Alipay'],
      ['银行卡', 'Bank card'],
      ['医保统筹', 'Medical insurance'],
      ['会员卡', 'Membership card'],
    ]),
  },
  unit: {
    label: t('剂量单位', 'Dosage unit'),
    extensible: true,
    entries: numbered([
      ['次', 'session'],
      ['分钟', 'minute'],
      ['组', 'set'],
      ['部位', 'body part'],
      ['个', 'piece'],
      ['天', 'day'],
    ]),
  },
  relation: {
    label: t('与患者关系', 'Relation to patient'),
    extensible: true,
    entries: numbered([
      ['本人', 'Self'],
      ['配偶', 'Spouse'],
      ['父母', 'Parent'],
      ['子女', 'Child'],
      ['兄弟姐妹', 'Sibling'],
      ['其他亲属', 'Other relative'],
      ['朋友', 'Friend'],
    ]),
  },
  profession: {
    label: t('职业', 'Occupation'),
    extensible: true,
    entries: numbered([
      ['学生', 'Student'],
      ['工人', 'Worker'],
      ['农民', 'Farmer'],
      ['教师', 'Teacher'],
      ['医务人员', 'Medical staff'],
      ['公务员', 'Civil servant'],
      ['企业职员', 'Office worker'],
      ['个体经营者', 'Self-employed'],
      ['离退休人员', 'Retired'],
      ['无业', 'Unemployed'],
      ['其他', 'Other'],
    ]),
  },
  office: {
    label: t('临床科室', 'Clinical department'),
    extensible: true,
    entries: numbered([
      ['康复医学科', 'Rehabilitation medicine'],
      ['神经内科', 'Neurology'],
      ['神经外科', 'Neurosurgery'],
      ['骨科', 'Orthopaedics'],
      ['心血管内科', 'Cardiology'],
      ['呼吸内科', 'Respiratory medicine'],
      ['儿科', 'Paediatrics'],
      ['老年医学科', 'Geriatrics'],
      ['疼痛科', 'Pain clinic'],
      ['中医科', 'Traditional Chinese medicine'],
    ]),
  },
} as const satisfies Record<string, AppDictionary>;

export type DictType = keyof typeof APP_DICTIONARIES;
export const DICT_TYPES = Object.keys(APP_DICTIONARIES) as DictType[];

/** Other spellings a caller may use for a type: the spec's `projcetStatus` spelt right. */
export const DICT_TYPE_ALIASES: Readonly<Record<string, DictType>> = { projectStatus: 'projcetStatus' };

export function dictionaryOf(type: string): AppDictionary | undefined {
  const key = (DICT_TYPE_ALIASES[type] ?? type) as DictType;
  return Object.hasOwn(APP_DICTIONARIES, key) ? APP_DICTIONARIES[key] : undefined;
}

/** The text of a code in a language (the code itself when it is not in the dictionary). */
export function dictText(type: DictType, k: string | number | null | undefined, locale: Locale): string {
  if (k === null || k === undefined || k === '') return '';
  const entry = APP_DICTIONARIES[type].entries.find((e) => e.k === String(k));
  return entry ? entry.label[locale] : String(k);
}
