import { eq } from 'drizzle-orm';
import { fenInChineseWords, formatFen, translate, type Locale, dateTimeFormat } from '@rehab/shared';
import type { TxOrDb } from '../../db/client';
import { renderPdf } from '../../http/pdf';
import { patientCard } from '../patients';
import { userNames } from '../users';
import { payTypeNames } from './billing.settle';
import { receiptOf, refundFacts, settlementInfo } from './billing.read';
import { billAccountEntries, billAccounts, billReceipts } from './billing.tables';
import type { Scope } from './billing.kernel';

const when = (d: Date, tz: string, locale: Locale) =>
  dateTimeFormat(locale === 'en' ? 'en-GB' : 'zh-CN', {
    timeZone: tz,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(d);

/**
 * A receipt as a PDF: the organization, receipt number and time, the patient, the lines (a re-issued receipt: what
 * is left of the settlement), the payments with change, the total in figures and in Chinese capitals, the prepaid
 * balance and the cashier. From the second print on it is marked 补打 (reprint); a voided receipt says so.
 */
export async function receiptPdf(db: TxOrDb, scope: Scope, id: number, organizationName: string, timeZone: string) {
  const r = await receiptOf(db, scope, id);
  const t = (key: string) => translate(scope.locale, `billing.${key}`);
  const payNames = await payTypeNames(db, scope);
  const cashier = (await userNames(db, [r.cashierId])).get(r.cashierId) ?? '';
  let patientName = '';
  let balance = 0;
  const body: object[] = [];
  const zh = scope.locale !== 'en';
  const cell = (text: string, extra: object = {}) => ({ text, ...extra });
  if (r.settlementId) {
    const s = await settlementInfo(db, scope, r.settlementId);
    patientName = s.patientName;
    balance = s.balanceFen;
    // a re-issued receipt is for what is left: the refunded quantities and amounts come off its lines
    const facts =
      r.kind === 'reissue'
        ? await refundFacts(
            db,
            s.lines.map((l) => l.chargeId),
          )
        : null;
    const lines = s.lines
      .map((l) => {
        const back = facts?.refunded.get(l.chargeId);
        return back ? { ...l, quantity: l.quantity - back.q, amountFen: l.amountFen - back.fen } : l;
      })
      .filter((l) => l.quantity > 0);
    body.push({
      table: {
        headerRows: 1,
        widths: ['*', 70, 40, 80],
        body: [
          [zh ? '项目' : 'Item', zh ? '单价' : 'Unit price', zh ? '数量' : 'Qty', zh ? '金额' : 'Amount'].map((h) =>
            cell(h, { bold: true }),
          ),
          ...lines.map((l) => [
            cell(l.name),
            cell(formatFen(l.unitPriceFen), { alignment: 'right' }),
            cell(String(l.quantity), { alignment: 'right' }),
            cell(formatFen(l.amountFen), { alignment: 'right' }),
          ]),
        ],
      },
      layout: 'lightHorizontalLines',
      margin: [0, 8, 0, 8],
    });
    if (r.kind === 'reissue') {
      const refunded = s.reversals.reduce((sum, x) => sum + x.totalFen, 0);
      body.push({ text: `${zh ? '已退费' : 'Refunded'}: ${formatFen(refunded)}`, margin: [0, 0, 0, 4] });
    }
    body.push({
      text: s.payments
        .map(
          (p) =>
            `${payNames.get(p.payType) ?? p.payType} ${formatFen(p.amountFen)}${p.tenderedFen !== null ? ` (${zh ? '实收' : 'tendered'} ${formatFen(p.tenderedFen)}, ${zh ? '找零' : 'change'} ${formatFen(p.changeFen)})` : ''}${p.outTradeNo ? ` #${p.outTradeNo}` : ''}`,
        )
        .join('\n'),
      margin: [0, 0, 0, 8],
    });
  } else if (r.accountEntryId) {
    const [entry] = await db
      .select({
        patientId: billAccounts.patientId,
        payType: billAccountEntries.payType,
        balance: billAccountEntries.balanceAfterFen,
      })
      .from(billAccountEntries)
      .innerJoin(billAccounts, eq(billAccounts.id, billAccountEntries.accountId))
      .where(eq(billAccountEntries.id, r.accountEntryId));
    patientName = (await patientCard(db, scope.organizationId, entry!.patientId))?.name ?? '';
    balance = entry!.balance;
    body.push({
      text: `${zh ? '预交金充值' : 'Prepaid top-up'} · ${payNames.get(entry!.payType ?? '') ?? entry!.payType}`,
      margin: [0, 8, 0, 8],
    });
  }
  const replaced = r.replacesId
    ? (await db.select({ no: billReceipts.receiptNo }).from(billReceipts).where(eq(billReceipts.id, r.replacesId)))[0]
        ?.no
    : null;
  const marks = [r.printCount > 1 ? t('reprint') : null, r.voidedAt ? (zh ? '作废' : 'VOID') : null].filter(
    Boolean,
  ) as string[];
  const doc = {
    pageSize: 'A5',
    pageOrientation: 'landscape',
    pageMargins: [28, 24, 28, 24],
    defaultStyle: { font: 'Noto', fontSize: 10 },
    watermark: marks.length ? { text: marks.join(' '), color: '#c00', opacity: 0.15, bold: true } : undefined,
    content: [
      { text: organizationName, alignment: 'center', fontSize: 12, color: '#444' },
      {
        text:
          t(r.kind === 'topUp' ? 'topUpReceiptTitle' : 'receiptTitle') +
          (marks.length ? `（${marks.join('，')}）` : ''),
        alignment: 'center',
        fontSize: 16,
        bold: true,
        margin: [0, 2, 0, 8],
      },
      {
        columns: [
          { text: `${zh ? '收据号' : 'Receipt'}: ${r.receiptNo}` },
          { text: `${zh ? '患者' : 'Patient'}: ${patientName}` },
          { text: when(r.createdAt, timeZone, scope.locale), alignment: 'right' },
        ],
      },
      replaced
        ? { text: `${zh ? '补开收据，原收据号' : 'Re-issued, replaces receipt'} ${replaced}`, margin: [0, 4, 0, 0] }
        : '',
      ...body,
      {
        text: `${zh ? '合计' : 'Total'}: ¥${formatFen(r.amountFen)}    ${zh ? '大写' : 'In words'}: ${fenInChineseWords(r.amountFen)}`,
        bold: true,
      },
      {
        columns: [
          { text: `${zh ? '预交金余额' : 'Prepaid balance'}: ${formatFen(balance)}` },
          { text: `${zh ? '收费员' : 'Cashier'}: ${cashier}`, alignment: 'right' },
        ],
        margin: [0, 8, 0, 0],
      },
    ],
  };
  return { pdf: await renderPdf(doc), receiptNo: r.receiptNo };
}
