import { useEffect, useState } from 'react';
import { Card, Descriptions, Result, Space, Spin, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ageOn, workOrdersEndpoints, type EndpointResponse } from '@rehab/shared';
import { ApiError } from '../../lib/api';
import { useEndpointQuery } from '../../lib/endpoints';
import { refreshHisToken, signInFromHis } from '../../lib/his-token';
import { useSession } from '../../lib/session';
import { useTablePaging } from '../../components/use-table-paging';
import './orders.css';

type Record = EndpointResponse<typeof workOrdersEndpoints.treatmentRecord>['data'];
type Row = Record['orders']['list'][number];

/**
 * The signature of the hospital-system entry this tab has already exchanged (one use only, so not again on a reload).
 * Kept in the tab's session storage, which a browser may deny a third-party frame: then in memory, and a reload
 * needs a fresh signature from the hospital system.
 */
const USED_SIGNATURE_KEY = 'his-treatment-record-sign';
let usedSignature: string | null = null;
function signatureUsed(sign: string) {
  try {
    return sessionStorage.getItem(USED_SIGNATURE_KEY) === sign || usedSignature === sign;
  } catch {
    return usedSignature === sign;
  }
}
function rememberSignature(sign: string) {
  usedSignature = sign;
  try {
    sessionStorage.setItem(USED_SIGNATURE_KEY, sign);
  } catch {
    /* storage denied to the frame: memory only */
  }
}
/** One exchange a signature, however often the page mounts (a development re-mount must not replay it). */
const exchanges = new Map<string, Promise<unknown>>();
function exchangeOnce(entry: { userId: number; ts?: string; sign: string }) {
  let running = exchanges.get(entry.sign);
  if (!running) {
    running = signInFromHis(entry).then((res) => {
      rememberSignature(entry.sign);
      return res;
    });
    exchanges.set(entry.sign, running);
  }
  return running;
}

const day = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD') : '');
const minute = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '');

/**
 * The patient's treatment record for the hospital system's own page (/treatmentRecord/treatmentIframe): the hospital
 * system frames this address with the user it signed (`id`, `ts`, `sign`, as its schedule view entry does) and its
 * number of the patient (`patientNo`: a course's outpatient, inpatient or visit number). Read-only, no shell and no
 * link out of the frame: the patient, their courses and the executed work orders, 20 a page. The token is renewed on
 * the entry's timer while the frame is open.
 */
export function TreatmentRecordPage() {
  const { t } = useTranslation('orders');
  const [search] = useSearchParams();
  const { token } = useSession();
  const userId = Number(search.get('id') ?? search.get('userId')) || 0;
  const sign = search.get('sign') ?? undefined;
  const patientNo = search.get('patientNo')?.trim() || undefined;
  const patientId = Number(search.get('patientId')) || undefined;
  // a fresh signature is exchanged; without one (a reload of the frame, a page of this system) the session goes on
  const [exchange] = useState(() => sign !== undefined && !signatureUsed(sign));
  const [exchanged, setExchanged] = useState<'ready' | { error: string } | null>(null);
  const entry: 'pending' | 'ready' | { error: string } = exchange
    ? (exchanged ?? 'pending')
    : token
      ? 'ready'
      : { error: t('record.noEntry') };

  useEffect(() => {
    if (!exchange || sign === undefined) return;
    let cancelled = false;
    exchangeOnce({ userId, ts: search.get('ts') ?? undefined, sign })
      .then(() => {
        if (!cancelled) setExchanged('ready');
      })
      .catch((e: unknown) => {
        if (!cancelled) setExchanged({ error: e instanceof ApiError ? e.message : t('record.entryFailed') });
      });
    return () => {
      cancelled = true;
    };
  }, [exchange, userId, sign, search, t]);

  const ready = entry === 'ready';
  useEffect(() => {
    if (!ready || !userId) return;
    return refreshHisToken(userId);
  }, [ready, userId]);

  if (entry === 'pending') {
    return (
      <div className="treatment-record-center">
        <Spin tip={t('record.signingIn')}>
          <div style={{ width: 200, height: 80 }} />
        </Spin>
      </div>
    );
  }
  if (entry !== 'ready') {
    return (
      <div data-testid="treatment-record-error">
        <Result status="403" title={t('record.title')} subTitle={entry.error} />
      </div>
    );
  }
  if (!patientNo && !patientId) {
    return (
      <div data-testid="treatment-record-error">
        <Result status="warning" title={t('record.title')} subTitle={t('record.noPatient')} />
      </div>
    );
  }
  return <RecordView patientNo={patientNo} patientId={patientId} />;
}

function RecordView({ patientNo, patientId }: { patientNo?: string; patientId?: number }) {
  const { t } = useTranslation('orders');
  const { page, limit, pagination } = useTablePaging(20);
  const record = useEndpointQuery(
    workOrdersEndpoints.treatmentRecord,
    { query: { patientNo, patientId, page, limit } },
    { select: (r) => r.data, placeholderData: keepPreviousData },
  );

  if (record.isError) {
    const status = record.error instanceof ApiError && record.error.code === 404 ? '404' : 'error';
    return (
      <div data-testid="treatment-record-error">
        <Result
          status={status}
          title={t('record.title')}
          subTitle={record.error instanceof ApiError ? record.error.message : t('record.loadFailed')}
        />
      </div>
    );
  }
  const data = record.data;
  const columns: ColumnsType<Row> = [
    { title: t('col.date'), dataIndex: 'treatDate', key: 'date', width: 120 },
    { title: t('col.project'), dataIndex: 'projectName', key: 'project' },
    {
      title: t('col.therapist'),
      key: 'therapist',
      render: (_, o) => o.executorName ?? o.therapistName ?? '',
    },
    {
      title: t('record.duration'),
      dataIndex: 'duration',
      key: 'duration',
      align: 'right',
      render: (n: number) => t('minutes', { n }),
    },
    {
      title: t('col.signed'),
      dataIndex: 'signed',
      key: 'signed',
      render: (signed: boolean) => (
        <Tag color={signed ? 'success' : 'default'}>{t(`signedState.${signed ? 1 : 0}`)}</Tag>
      ),
    },
    { title: t('col.completedAt'), dataIndex: 'completedAt', key: 'completedAt', render: minute },
  ];

  return (
    <main className="treatment-record" data-testid="treatment-record" aria-busy={record.isFetching}>
      <Typography.Title level={4} className="treatment-record-title">
        {t('record.title')}
      </Typography.Title>
      <Card size="small" loading={!data}>
        {data && (
          <Descriptions size="small" column={{ xs: 1, sm: 2, md: 4 }} data-testid="treatment-record-patient">
            <Descriptions.Item label={t('col.patient')}>{data.patient.name}</Descriptions.Item>
            <Descriptions.Item label={t('record.sex')}>{t(`sex.${data.patient.sex}`)}</Descriptions.Item>
            <Descriptions.Item label={t('record.age')}>
              {data.patient.birthday ? ageOn(data.patient.birthday) : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('record.courses')}>
              <Space size={4} wrap>
                {data.courses.map((c) => (
                  <Tag key={c.id} color={c.status === 1 ? 'processing' : 'default'}>
                    {t(`record.type.${c.patientType}`)} {c.inpatientNo ?? c.outpatientNo ?? ''} · {day(c.registerTime)}
                    {c.endTime ? ` – ${day(c.endTime)}` : ''} · {t(`record.courseStatus.${c.status}`)}
                  </Tag>
                ))}
              </Space>
            </Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <Card size="small" title={t('record.orders')} className="treatment-record-orders">
        <Table<Row>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={data?.orders.list ?? []}
          loading={record.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('record.empty') }}
          pagination={pagination(data?.orders.totalCount ?? 0)}
          data-testid="treatment-record-orders"
        />
      </Card>
    </main>
  );
}
