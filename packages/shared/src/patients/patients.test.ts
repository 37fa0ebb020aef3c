import { describe, expect, it } from 'vitest';
import { ageOn, checkIdCard, idCheckChar } from '../validators/id-card';
import { patientRegisterSchema } from './patient.schema';
import { isFrequency, isPrice, projectAmounts, totalTimesOf } from './treatment-rules';

const NOW = new Date(2026, 10, 22, 10, 0, 0);
const make = (first17: string) => first17 + idCheckChar(first17);
const check = (v: string | null | undefined) => checkIdCard(v, NOW);
const keyOf = (v: string | null | undefined) => {
  const r = check(v);
  return r.ok ? 'ok' : r.key;
};

describe('identity number (spec section 5)', () => {
  it.each([
    ['11010519491231002X', 'published sample with X'],
    ['110105194912310029'.slice(0, 17) + idCheckChar('11010519491231002'), 'computed check digit'],
    [make('44030619900101123'), 'Guangdong, digit check'],
    [make('31011520000229456'), 'leap day 2000'],
    [make('65010219880808001'), 'Xinjiang'],
    [make('82000019991231002'), 'Macao'],
  ])('accepts %s (%s)', (id) => {
    expect(keyOf(id)).toBe('ok');
  });

  it('known sample numbers: the official example passes, its neighbour fails', () => {
    expect(idCheckChar('11010519491231002')).toBe('X');
    expect(keyOf('110105194912310021')).toBe('idcard.checkDigit');
  });

  it('accepts a lowercase x and answers it in capitals', () => {
    const r = check('11010519491231002x');
    expect(r.ok && r.info.idNumber).toBe('11010519491231002X');
  });

  it.each([
    [undefined, 'idcard.required'],
    ['', 'idcard.required'],
    ['   ', 'idcard.required'],
    ['11010519491231002', 'idcard.length'],
    ['11010519491231002X1', 'idcard.length'],
    ['1101051949123100', 'idcard.length'],
    ['11010519491231002Y', 'idcard.pattern'],
    ['A1010519491231002X', 'idcard.pattern'],
    ['110105174912310021', 'idcard.pattern'],
    [make('11010519491331002'), 'idcard.pattern'],
    [make('11010519490132002'), 'idcard.pattern'],
    [make('11010519490001002'), 'idcard.pattern'],
    [make('99010519491231002'), 'idcard.region'],
    [make('00010519491231002'), 'idcard.region'],
    [make('11010519490230002'), 'idcard.number'],
    [make('11010519010229002'), 'idcard.number'],
    [make('11010520261123002'), 'idcard.number'],
    [make('11010520991231002'), 'idcard.number'],
    ['11010519491231002X'.slice(0, 17) + '1', 'idcard.checkDigit'],
    [make('44030619900101123').slice(0, 17) + 'X', 'idcard.checkDigit'],
  ])('refuses %s with %s', (id, key) => {
    expect(keyOf(id)).toBe(key);
  });

  it('accepts a birth date of today but not tomorrow', () => {
    expect(keyOf(make('11010520261122001'))).toBe('ok');
    expect(keyOf(make('11010520261123001'))).toBe('idcard.number');
  });

  it('derives birthday, sex, age and region', () => {
    const male = check(make('32010219750517031'));
    expect(male.ok && male.info).toMatchObject({
      birthday: '1975-05-17',
      sex: 1,
      age: 51,
      regionCode: '32',
      region: { 'zh-CN': '江苏', en: 'Jiangsu' },
    });
    const female = check('11010519491231002X');
    expect(female.ok && female.info).toMatchObject({ birthday: '1949-12-31', sex: 2, age: 76 });
  });

  it('counts full years: the day before the birthday is one year less', () => {
    expect(ageOn('2000-11-22', NOW)).toBe(26);
    expect(ageOn('2000-11-23', NOW)).toBe(25);
    expect(ageOn('2026-11-22', NOW)).toBe(0);
  });
});

describe('frequency and price rules', () => {
  it.each(['1/2', '1/3', '1/7', '1', '2', '9999'])('frequency %s is allowed', (f) => expect(isFrequency(f)).toBe(true));
  it.each(['1/4', '2/3', '0', '10000', '01', '1.5', ''])('frequency %s is refused', (f) =>
    expect(isFrequency(f)).toBe(false),
  );

  it('total times: n a day times days, or one every k days rounded up', () => {
    expect(totalTimesOf('2', 10)).toBe(20);
    expect(totalTimesOf('1/2', 10)).toBe(5);
    expect(totalTimesOf('1/3', 10)).toBe(4);
    expect(totalTimesOf('1/7', 14)).toBe(2);
  });

  it('prices: 0.01-99999.99 with at most 2 decimals', () => {
    expect(isPrice(0.01)).toBe(true);
    expect(isPrice(99999.99)).toBe(true);
    expect(isPrice(0)).toBe(false);
    expect(isPrice(100000)).toBe(false);
    expect(isPrice(1.005)).toBe(false);
  });

  it('total price = unit price x quantity x total times, without binary rounding', () => {
    expect(projectAmounts({ frequency: '1', times: 14, quantity: 1, unitPrice: 45 })).toEqual({
      totalTimes: 14,
      totalDosage: 14,
      dailyTotalDosage: 1,
      totalPrice: 630,
    });
    expect(projectAmounts({ frequency: '2', times: 3, quantity: 2, unitPrice: 0.1 })).toMatchObject({
      totalDosage: 12,
      dailyTotalDosage: 4,
      totalPrice: 1.2,
    });
    expect(projectAmounts({ frequency: '1/2', times: 10, quantity: 3, unitPrice: 18.35 }).totalPrice).toBe(275.25);
  });
});

describe('registration schema', () => {
  const base = { patientType: 1, name: '张三', phone: '13912345678', diseaseId: 1, functioningId: 2, officeId: 3 };

  it('needs phone, disease and function diagnosis with their own messages', () => {
    const r = patientRegisterSchema.safeParse({
      patientType: 1,
      name: '张三',
      officeId: 3,
      idNumber: '11010519491231002X',
    });
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    expect(messages).toContain('phone:patient.phoneRequired');
    expect(messages).toContain('diseaseId:patient.diseaseRequired');
    expect(messages).toContain('functioningId:patient.functioningRequired');
  });

  it('checks the identity number with the validator message', () => {
    const r = patientRegisterSchema.safeParse({ ...base, idNumber: '11010519491231002Y' });
    expect(r.error!.issues[0]).toMatchObject({ path: ['idNumber'], message: 'idcard.pattern' });
  });

  it('without an identity number asks for sex and birthday; an inpatient for the inpatient number', () => {
    const r = patientRegisterSchema.safeParse({ ...base, patientType: 2 });
    const messages = r.error!.issues.map((i) => i.message);
    expect(messages).toEqual(['patient.sexRequired', 'patient.birthdayRequired', 'patient.inpatientNoRequired']);
    expect(patientRegisterSchema.safeParse({ ...base, sex: 1, birthday: '1980-01-01' }).success).toBe(true);
  });
});
