/**
 * Chinese resident identity number (居民身份证号码, GB 11643-1999), checked as spec section 5 says: 18 characters,
 * the format pattern, a known region prefix, a real birth date not after today, and the check digit (weighted sum
 * mod 11, 10 written X). A lowercase x is accepted and normalized to X. Each failure has its own message key.
 */

/** Province-level region codes (first two digits) with their names. */
export const ID_REGIONS: Readonly<Record<string, { 'zh-CN': string; en: string }>> = {
  '11': { 'zh-CN': '北京', en: 'Beijing' },
  '12': { 'zh-CN': '天津', en: 'Tianjin' },
  '13': { 'zh-CN': '河北', en: 'Hebei' },
  '14': { 'zh-CN': '山西', en: 'Shanxi' },
  '15': { 'zh-CN': '内蒙古', en: 'Inner Mongolia' },
  '21': { 'zh-CN': '辽宁', en: 'Liaoning' },
  '22': { 'zh-CN': '吉林', en: 'Jilin' },
  '23': { 'zh-CN': '黑龙江', en: 'Heilongjiang' },
  '31': { 'zh-CN': '上海', en: 'Shanghai' },
  '32': { 'zh-CN': '江苏', en: 'Jiangsu' },
  '33': { 'zh-CN': '浙江', en: 'Zhejiang' },
  '34': { 'zh-CN': '安徽', en: 'Anhui' },
  '35': { 'zh-CN': '福建', en: 'Fujian' },
  '36': { 'zh-CN': '江西', en: 'Jiangxi' },
  '37': { 'zh-CN': '山东', en: 'Shandong' },
  '41': { 'zh-CN': '河南', en: 'Henan' },
  '42': { 'zh-CN': '湖北', en: 'Hubei' },
  '43': { 'zh-CN': '湖南', en: 'Hunan' },
  '44': { 'zh-CN': '广东', en: 'Guangdong' },
  '45': { 'zh-CN': '广西', en: 'Guangxi' },
  '46': { 'zh-CN': '海南', en: 'Hainan' },
  '50': { 'zh-CN': '重庆', en: 'Chongqing' },
  '51': { 'zh-CN': '四川', en: 'Sichuan' },
  '52': { 'zh-CN': '贵州', en: 'Guizhou' },
  '53': { 'zh-CN': '云南', en: 'Yunnan' },
  '54': { 'zh-CN': '西藏', en: 'Tibet' },
  '61': { 'zh-CN': '陕西', en: 'Shaanxi' },
  '62': { 'zh-CN': '甘肃', en: 'Gansu' },
  '63': { 'zh-CN': '青海', en: 'Qinghai' },
  '64': { 'zh-CN': '宁夏', en: 'Ningxia' },
  '65': { 'zh-CN': '新疆', en: 'Xinjiang' },
  '71': { 'zh-CN': '台湾', en: 'Taiwan' },
  '81': { 'zh-CN': '香港', en: 'Hong Kong' },
  '82': { 'zh-CN': '澳门', en: 'Macao' },
  '91': { 'zh-CN': '国外', en: 'Abroad' },
};

/** 6-digit region, birth date (years 18xx-20xx), 3-digit sequence, digit or X. */
export const ID_CARD_PATTERN = /^\d{6}(18|19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\d{3}[\dX]$/;

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';

/** The check character of the first 17 digits. */
export function idCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i]!;
  return CHECK_CHARS[sum % 11]!;
}

/** The message keys, in the order the rules are checked. */
export const IdCardError = {
  required: 'idcard.required',
  length: 'idcard.length',
  pattern: 'idcard.pattern',
  region: 'idcard.region',
  number: 'idcard.number',
  checkDigit: 'idcard.checkDigit',
} as const;

export type IdCardInfo = {
  /** the number with a capital X */
  idNumber: string;
  /** YYYY-MM-DD */
  birthday: string;
  /** 1 male (odd second-last digit), 2 female (even) */
  sex: 1 | 2;
  /** full years on `now` */
  age: number;
  regionCode: string;
  region: { 'zh-CN': string; en: string };
};

/** Full years between a YYYY-MM-DD birthday and `now` (local date). */
export function ageOn(birthday: string, now = new Date()): number {
  const [y, m, d] = birthday.split('-').map(Number) as [number, number, number];
  let age = now.getFullYear() - y;
  if (now.getMonth() + 1 < m || (now.getMonth() + 1 === m && now.getDate() < d)) age--;
  return Math.max(0, age);
}

/** Checks an identity number: the derived facts, or the i18n key of the first rule it breaks. */
export function checkIdCard(
  input: string | null | undefined,
  now = new Date(),
): { ok: true; info: IdCardInfo } | { ok: false; key: string } {
  const value = (input ?? '').trim().toUpperCase();
  if (value === '') return { ok: false, key: IdCardError.required };
  if (value.length !== 18) return { ok: false, key: IdCardError.length };
  if (!ID_CARD_PATTERN.test(value)) return { ok: false, key: IdCardError.pattern };
  const regionCode = value.slice(0, 2);
  const region = ID_REGIONS[regionCode];
  if (!region) return { ok: false, key: IdCardError.region };
  const y = Number(value.slice(6, 10));
  const m = Number(value.slice(10, 12));
  const d = Number(value.slice(12, 14));
  const date = new Date(y, m - 1, d);
  const real = date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d;
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  if (!real || date.getTime() > today.getTime()) return { ok: false, key: IdCardError.number };
  if (idCheckChar(value) !== value[17]) return { ok: false, key: IdCardError.checkDigit };
  const birthday = value.slice(6, 14).replace(/^(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3');
  return {
    ok: true,
    info: {
      idNumber: value,
      birthday,
      sex: Number(value[16]) % 2 === 1 ? 1 : 2,
      age: ageOn(birthday, now),
      regionCode,
      region,
    },
  };
}
