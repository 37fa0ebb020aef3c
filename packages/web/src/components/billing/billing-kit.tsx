import { useState, type ReactNode } from 'react';
import { Alert, Button, Empty, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  PayStatus,
  billingEndpoints,
  dictText,
  displayPayStatus,
  formatFen,
  parseYuan,
  type RefundRequestStatusCode,
} from '@rehab/shared';
import { ApiError } from '../../lib/api';
import { useAppDictionary } from '../../lib/dictionaries';
import { callEndpoint, downloadEndpoint } from '../../lib/endpoints';
import { currentLocale } from '../../lib/locale';
import './billing.css';

/** Every billing query (/sys/pay/...): a change at the till refreshes bills, shifts, refunds and reports. */
export const BILLING_QUERIES = [['sys', 'pay']] as const;

/** Fen as yuan with the ¥ sign: 123456 -> "¥1,234.56". */
export const yuan = (fen: number) => formatFen(fen, { symbol: true });
/** A typed yuan amount in fen, 0 when it is empty or not an amount (for live sums; the server parses again). */
export const fenOf = (text: string | number | null | undefined) =>
  text === null || text === undefined || text === '' ? 0 : (parseYuan(text) ?? 0);

/**
 * An idempotency key for a money action: 32 hex characters from the browser's random source (crypto.randomUUID
 * exists only in secure contexts; a clinic may serve the app over plain http on its network).
 */
export function mintKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The key of a money screen or dialog: minted once when it mounts, the same for retries and double clicks; `renew`
 * after a success only.
 */
export function useIdempotencyKey() {
  const [key, setKey] = useState(mintKey);
  return [key, () => setKey(mintKey())] as const;
}

/** The server's message of a refused call (already in the user's language), else the fallback. */
export const errorText = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.message ? error.message : fallback;

/** The pay types of the organization (dictionary `payType`: the built-in ones and the organization's own). */
export function usePayTypes() {
  const dict = useAppDictionary('payType');
  const locale = currentLocale();
  const options = dict.data ?? [];
  const label = (k: string | null | undefined) =>
    k ? (options.find((o) => o.k === k)?.val ?? dictText('payType', k, locale)) : '-';
  return { options, label, isLoading: dict.isLoading };
}

const PAY_STATUS_COLOR: Record<number, string> = {
  [PayStatus.unpaid]: 'warning',
  [PayStatus.paid]: 'success',
  [PayStatus.paymentPending]: 'gold',
  [PayStatus.refundPending]: 'processing',
  [PayStatus.partlyRefunded]: 'purple',
  [PayStatus.refunded]: 'default',
  [PayStatus.voided]: 'default',
};

/** A charge line's pay status (dictionary `payStatus`; 9 voided is billing's own). */
export function PayStatusTag({ status }: { status: number }) {
  const { t } = useTranslation('billing');
  const code = displayPayStatus(status);
  const text = code === PayStatus.voided ? t('payStatus.voided') : dictText('payStatus', String(code), currentLocale());
  return (
    <Tag color={PAY_STATUS_COLOR[code]} data-testid={`pay-status-${code}`}>
      {text}
    </Tag>
  );
}

const REQUEST_COLOR: Record<RefundRequestStatusCode, string> = {
  pending: 'processing',
  approved: 'blue',
  rejected: 'error',
  cancelled: 'default',
  executed: 'success',
};

export function RequestStatusTag({ status }: { status: RefundRequestStatusCode }) {
  const { t } = useTranslation('billing');
  return (
    <Tag color={REQUEST_COLOR[status]} data-testid={`request-status-${status}`}>
      {t(`requestStatus.${status}`)}
    </Tag>
  );
}

/** A load that failed: the message and a retry. */
export function LoadError({ error, onRetry }: { error: Error | null; onRetry: () => void }) {
  const { t } = useTranslation('billing');
  return (
    <Alert
      type="error"
      showIcon
      title={t('loadFailed')}
      description={error?.message}
      action={
        <Button size="small" onClick={onRetry} data-testid="billing-retry">
          {t('retry')}
        </Button>
      }
      data-testid="billing-load-error"
    />
  );
}

/** The empty text of a billing table. */
export const emptyText = (text: ReactNode) => <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />;

/**
 * Prints a receipt: records the print (the second and later are reprints, marked 补打 on the PDF), then opens the
 * PDF in a new tab. The tab opens at once, inside the click, so that no pop-up blocker stops it.
 */
export async function printReceipt(receiptId: number) {
  const win = window.open('', '_blank');
  try {
    await callEndpoint(billingEndpoints.receiptPrint, { params: { id: receiptId } });
    const file = await downloadEndpoint(billingEndpoints.receiptPdf, { params: { id: receiptId } });
    const url = URL.createObjectURL(file.blob);
    if (win) win.location.href = url;
    else window.open(url, '_blank');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    win?.close();
    throw error;
  }
}

/** The receipt in force of a settlement (the first, or the re-issue after a partial refund). */
export async function receiptOfSettlement(settlementId: number) {
  const info = (await callEndpoint(billingEndpoints.settlementInfo, { params: { id: settlementId } })).data;
  return info.receipts.find((r) => r.voidedAt === null && r.receiptNo === info.receiptNo) ?? null;
}

type Priced = { unitPriceFen: number; quantity: number; amountFen: number };

/** The unit price, quantity and amount columns of a billing table (money with ¥, right aligned). */
export function priceColumns<T extends Priced>(t: TFunction<'billing'>): ColumnsType<T> {
  return [
    { key: 'unit', title: t('charge.unitPrice'), width: 96, align: 'right', render: (_, r) => yuan(r.unitPriceFen) },
    { key: 'quantity', title: t('charge.quantity'), dataIndex: 'quantity', width: 64, align: 'right' },
    { key: 'amount', title: t('charge.amount'), width: 104, align: 'right', render: (_, r) => yuan(r.amountFen) },
  ];
}
