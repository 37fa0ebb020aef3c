import { RevenueCategory } from './billing.schema';
import { parseYuan } from './money';

/**
 * What a settlement comes to (one rule for the till screen and the server): the lines' gross, the membership
 * discount on the treatment lines (a level's discount in 折: 9.5 -> 95 of 100, rounded to the fen), and the
 * round-off (抹零: the jiao and fen of what is left are let go). Discount and round-off become lines of their own.
 */
export function settlementAmounts(
  lines: readonly { amountFen: number; category: number }[],
  options: { discount?: string | number | null; roundOff?: boolean } = {},
) {
  const grossFen = lines.reduce((s, l) => s + l.amountFen, 0);
  const percent = discountPercent(options.discount);
  const treatmentFen = lines
    .filter((l) => l.category === RevenueCategory.treatment)
    .reduce((s, l) => s + l.amountFen, 0);
  const discountFen = percent === null ? 0 : Math.round((treatmentFen * (100 - percent)) / 100);
  const afterDiscount = grossFen - discountFen;
  const roundingFen = options.roundOff ? afterDiscount % 100 : 0;
  return { grossFen, discountFen, roundingFen, totalFen: afterDiscount - roundingFen };
}

/** A membership discount in 折 (0.1-9.9, one decimal) as a percentage to pay (95), or null for none. */
export function discountPercent(discount: string | number | null | undefined): number | null {
  if (discount === null || discount === undefined || discount === '') return null;
  const fen = parseYuan(discount);
  if (fen === null || fen <= 0 || fen >= 1000) return null;
  return Math.round(fen / 10);
}
