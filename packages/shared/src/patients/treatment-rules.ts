/**
 * Treatment project rules (spec section 5): frequency is 1/2, 1/3, 1/7 (once every 2, 3 or 7 days) or a whole
 * number 1-9999 (times a day); prices are 0.01-99999.99 with 2 decimals; counts and durations 1-9999.
 *
 * Derived values: `times` is the number of treatment days of the prescription; `totalTimes` the sessions those days
 * hold (n a day, or one every k days, rounded up); `totalDosage` = quantity x totalTimes; `dailyTotalDosage` the
 * dosage of a treatment day; `totalPrice` = unit dosage price x total dosage, in cents to avoid binary rounding.
 */
export const FREQUENCY_PATTERN = /^(1\/2|1\/3|1\/7|[1-9]\d{0,3})$/;
export const PRICE_MIN = 0.01;
export const PRICE_MAX = 99999.99;
export const COUNT_MAX = 9999;

export const isFrequency = (v: string) => FREQUENCY_PATTERN.test(v.trim());

/** Sessions per treatment day as a fraction: `1/7` -> 1/7, `2` -> 2. */
export function frequencyPerDay(frequency: string): { num: number; den: number } {
  const [a, b] = frequency.trim().split('/');
  return b ? { num: Number(a), den: Number(b) } : { num: Number(a), den: 1 };
}

export function totalTimesOf(frequency: string, days: number): number {
  const { num, den } = frequencyPerDay(frequency);
  return Math.ceil((days * num) / den);
}

/** A price has at most 2 decimals and lies within 0.01-99999.99. */
export function isPrice(v: number): boolean {
  return Number.isFinite(v) && v >= PRICE_MIN && v <= PRICE_MAX && Math.abs(Math.round(v * 100) - v * 100) < 1e-6;
}

export type ProjectAmounts = {
  totalTimes: number;
  totalDosage: number;
  dailyTotalDosage: number;
  /** yuan with 2 decimals */
  totalPrice: number;
};

/**
 * The price of a project's dosage: unit dosage price x total dosage, in cents to avoid binary rounding (yuan with 2
 * decimals). The one price rule: a prescription's amounts and a transferred project's remaining sessions use it.
 */
export function dosagePrice(unitPrice: number, totalDosage: number): number {
  return (Math.round(unitPrice * 100) * totalDosage) / 100;
}

/** The derived counts and price of a prescription. */
export function projectAmounts(p: {
  frequency: string;
  times: number;
  quantity: number;
  unitPrice: number;
}): ProjectAmounts {
  const totalTimes = totalTimesOf(p.frequency, p.times);
  const totalDosage = p.quantity * totalTimes;
  const { num, den } = frequencyPerDay(p.frequency);
  const dailyTotalDosage = den === 1 ? p.quantity * num : p.quantity;
  return { totalTimes, totalDosage, dailyTotalDosage, totalPrice: dosagePrice(p.unitPrice, totalDosage) };
}
