import { QR_SIZE } from '@rehab/shared';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import type { QrView } from '../use-qr-login';
import { Button, ErrorAlert } from './controls';
import styles from '../auth-forms.module.css';

/**
 * The QR mode's body (spec section 4): the request's QR at 280 px with error level H, who scanned it, and on an
 * error (expired, cancelled on the phone, refused) the message with a refresh button.
 */
export function QrLoginPanel({
  view,
  onRefresh,
  onUseAccount,
}: {
  view: QrView;
  onRefresh: () => void;
  onUseAccount: () => void;
}) {
  const { t } = useTranslation('auth');
  return (
    <div className={styles.qrPanel}>
      {view.phase === 'showing' ? (
        <>
          <div className={styles.qrCode} data-qr={view.qrCode}>
            <QRCodeSVG value={view.qrCode} size={QR_SIZE} level="H" role="img" aria-label={t('login.qrImage')} />
          </div>
          <p className={styles.qrMessage} role="status">
            {view.scannedBy ? t('login.qrScanned', { name: view.scannedBy }) : t('login.qrScanHint')}
          </p>
          <p className={styles.qrHint}>{view.scannedBy ? t('login.qrConfirmHint') : t('login.qrHint')}</p>
        </>
      ) : view.phase === 'error' ? (
        <>
          <div className={styles.qrExpired}>
            <ErrorAlert>{view.message}</ErrorAlert>
          </div>
          <Button primary block onClick={onRefresh}>
            {t('login.qrRefresh')}
          </Button>
        </>
      ) : (
        <div className={styles.qrLoading} aria-busy="true">
          {t('login.qrLoading')}
        </div>
      )}
      <div className={styles.qrSwitch}>
        <button type="button" className={styles.linkButton} onClick={onUseAccount}>
          {t('login.useAccount')}
        </button>
      </div>
    </div>
  );
}
