import { qrLoginEndpoints } from '@rehab/shared';
import { Button, Descriptions, Result, Spin } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useEndpointMutation } from '../../lib/endpoints';
import styles from './qr-confirm-page.module.css';

type Outcome = 'confirmed' | 'cancelled' | null;

/**
 * The phone's side of the QR collaborative login (issue 19), opened from the scanned QR by a signed-in staff member
 * (the route guard signs them in first and comes back): opening it marks the request scanned; it shows which
 * computer asks (browser and system, address) and when, and the staff member confirms or cancels. Phone-sized.
 */
export function QrConfirmPage() {
  const { t } = useTranslation('qrLogin');
  const { qrId = '' } = useParams();
  const scan = useEndpointMutation(qrLoginEndpoints.scan);
  const confirm = useEndpointMutation(qrLoginEndpoints.confirm);
  const cancel = useEndpointMutation(qrLoginEndpoints.cancel);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const scanned = useRef('');
  useEffect(() => {
    // once per request, also under StrictMode's double effect
    if (scanned.current === qrId) return;
    scanned.current = qrId;
    scan.mutate({ body: { qrId } });
  }, [qrId, scan]);

  const info = scan.data?.data;
  const failure = scan.error ?? confirm.error ?? cancel.error;
  let body;
  if (outcome === 'confirmed') {
    body = <Result status="success" title={t('confirmed')} subTitle={t('confirmedHint')} />;
  } else if (outcome === 'cancelled') {
    body = <Result status="info" title={t('cancelled')} subTitle={t('cancelledHint')} />;
  } else if (failure) {
    body = <Result status="warning" title={t('refused')} subTitle={failure.message} />;
  } else if (!info) {
    body = (
      <div className={styles.loading}>
        <Spin />
      </div>
    );
  } else if (info.state === 'expired' || info.state === 'cancelled' || info.state === 'signedIn') {
    body = <Result status="warning" title={t('refused')} subTitle={t(`state_${info.state}`)} />;
  } else {
    body = (
      <>
        <h1 className={styles.title}>{t('title')}</h1>
        <p className={styles.lead}>{t('lead')}</p>
        <Descriptions column={1} size="small" bordered className={styles.facts}>
          <Descriptions.Item label={t('client')}>{info.client}</Descriptions.Item>
          <Descriptions.Item label={t('ip')}>{info.ip}</Descriptions.Item>
          <Descriptions.Item label={t('requestedAt')}>
            {dayjs(info.requestedAt).format('YYYY-MM-DD HH:mm:ss')}
          </Descriptions.Item>
          <Descriptions.Item label={t('organization')}>{info.organizationName}</Descriptions.Item>
        </Descriptions>
        <p className={styles.warning}>{t('warning')}</p>
        <div className={styles.actions}>
          <Button
            type="primary"
            size="large"
            block
            loading={confirm.isPending}
            disabled={info.state === 'confirmed'}
            onClick={() => confirm.mutate({ body: { qrId } }, { onSuccess: () => setOutcome('confirmed') })}
          >
            {t('confirm')}
          </Button>
          <Button
            size="large"
            block
            loading={cancel.isPending}
            onClick={() => cancel.mutate({ body: { qrId } }, { onSuccess: () => setOutcome('cancelled') })}
          >
            {t('cancel')}
          </Button>
        </div>
      </>
    );
  }
  return (
    <main className={styles.page}>
      <div className={styles.card}>{body}</div>
    </main>
  );
}
