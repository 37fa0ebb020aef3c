import { useState } from 'react';
import { Alert, App, Button, Card, DatePicker, Descriptions, Result, Skeleton, Space, Typography } from 'antd';
import { KeyboardPopconfirm } from '../../components/keyboard-popconfirm';
import { ArrowLeftOutlined, FilePdfOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import type { AssessProjectInfo, ScaleDefinition } from '@rehab/shared';
import { ScaleForm, ScaleScoreSummary, useBi, type ScaleAnswersDraft } from '../../components/scale-form/scale-form';
import { DraftNotice } from '../../components/draft-notice';
import { useFormDraft } from '../../lib/drafts';
import { useScaleDefinition } from '../../lib/queries/scales';
import { downloadReport, useAssessInfo, useStoreTemporarily, useSubmitAssessment } from './api';
import { assessPaths } from './assess-paths';
import { TIME } from './assess-table';
import { AssessStatusTag, BandText } from './status-tag';
import './assessments.css';

/** Answers without the empty ones, as the API takes them. */
const given = (draft: ScaleAnswersDraft) =>
  Object.fromEntries(Object.entries(draft).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string | number
  >;

/**
 * /gauge/:projectId/:methodId/:patientId?/:treatmentId?: fills in the project's scale (any definition) with a live
 * total and band; stores a draft, resumes it, submits; a submitted, ended or cancelled one is shown read-only.
 * The /gauge group has no sidebar (spec section 2).
 */
export function GaugePage() {
  const { t } = useTranslation('assessments');
  const navigate = useNavigate();
  const params = useParams();
  const id = Number(params.projectId) || 0;
  const info = useAssessInfo(id);
  const definition = useScaleDefinition(info.data?.scaleCode ?? '');
  if (info.isLoading || (info.data && definition.isLoading)) return <Skeleton active className="as-gauge" />;
  if (!info.data || !definition.data || String(info.data.methodId) !== params.methodId)
    return (
      <Result
        status="404"
        title={t('notFound')}
        extra={<Button onClick={() => navigate(assessPaths.list())}>{t('backToList')}</Button>}
        data-testid="gauge-not-found"
      />
    );
  return <Gauge key={id} info={info.data} definition={definition.data} />;
}

function Gauge({ info, definition }: { info: AssessProjectInfo; definition: ScaleDefinition }) {
  const { t } = useTranslation('assessments');
  const bi = useBi();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const readOnly = !info.can.evaluate;
  const [answers, setAnswers] = useState<ScaleAnswersDraft>(() => ({ ...(info.record?.answers ?? {}) }));
  // the draft this screen opened with (resumed), not one stored since
  const [resumedAt] = useState(() => (info.record?.state === 'draft' ? info.record.savedAt : null));
  // what is chosen survives a forced sign-out (issue 21): kept locally as it changes, offered back on the next visit
  const kept = useFormDraft<ScaleAnswersDraft>('assessment', { enabled: !readOnly, record: info.id });
  const handleAnswers = (next: ScaleAnswersDraft) => {
    setAnswers(next);
    kept.save(next);
  };
  // when the assessment was done: now unless the evaluator enters an earlier time (never a future one)
  const [assessedAt, setAssessedAt] = useState<Dayjs | null>(null);
  const store = useStoreTemporarily();
  const submit = useSubmitAssessment();
  const submitted = info.record?.state === 'submitted';
  const fail = (e: unknown, action: string) =>
    message.error(e instanceof Error && e.message ? e.message : t('common:status.failure', { action }));
  const storeNow = async () => {
    try {
      await store.mutateAsync({ id: info.id, answers: given(answers) });
      kept.clear();
      message.success(t('gauge.stored'));
    } catch (e) {
      fail(e, t('gauge.store'));
    }
  };
  const submitNow = async () => {
    try {
      await submit.mutateAsync({
        id: info.id,
        answers: given(answers),
        ...(assessedAt ? { assessedAt: assessedAt.format() } : {}),
      });
      kept.clear();
      message.success(t('common:status.success', { action: t('gauge.submit') }));
    } catch (e) {
      fail(e, t('gauge.submit'));
    }
  };
  return (
    <div className="as-gauge" data-testid="gauge">
      <div className="as-gauge-bar no-print">
        <div className="as-head">
          <Space wrap>
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)} data-testid="gauge-back">
              {t('common:action.back')}
            </Button>
            <Typography.Title level={4} className="as-title" data-testid="gauge-title">
              {bi(definition.name)} <Typography.Text type="secondary">{definition.abbr}</Typography.Text>
            </Typography.Title>
            <AssessStatusTag status={info.status} />
          </Space>
          <Space wrap>
            {!readOnly && (
              <Button icon={<SaveOutlined />} onClick={storeNow} loading={store.isPending} data-testid="gauge-store">
                {t('gauge.store')}
              </Button>
            )}
            {!readOnly && (
              <Space size={4}>
                <Typography.Text type="secondary">{t('gauge.assessedAt')}</Typography.Text>
                <DatePicker
                  showTime={{ format: 'HH:mm' }}
                  format="YYYY-MM-DD HH:mm"
                  value={assessedAt}
                  onChange={(v: Dayjs | null) => setAssessedAt(v)}
                  placeholder={t('gauge.assessedNow')}
                  disabledDate={(d: Dayjs) => d.isAfter(dayjs(), 'day')}
                  data-testid="gauge-assessed-at"
                />
              </Space>
            )}
            {!readOnly && (
              <KeyboardPopconfirm
                title={t('gauge.submitConfirm')}
                onConfirm={submitNow}
                okButtonProps={{ 'data-testid': 'gauge-submit-ok' } as never}
              >
                <Button type="primary" icon={<SendOutlined />} loading={submit.isPending} data-testid="gauge-submit">
                  {t('gauge.submit')}
                </Button>
              </KeyboardPopconfirm>
            )}
            {submitted && (
              <Button
                type="primary"
                icon={<FilePdfOutlined />}
                onClick={() => downloadReport(info).catch((e: unknown) => fail(e, t('action.downloadReport')))}
                data-testid="gauge-pdf"
              >
                {t('action.downloadReport')}
              </Button>
            )}
          </Space>
        </div>
      </div>
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} data-testid="gauge-meta">
        <Descriptions.Item label={t('col.patient')}>{info.patientName}</Descriptions.Item>
        <Descriptions.Item label={t('col.phase')}>{t(`phase.${info.phase}`)}</Descriptions.Item>
        <Descriptions.Item label={t('col.assessor')}>
          {info.authorizedName ? `${info.assessorName} → ${info.authorizedName}` : info.assessorName}
        </Descriptions.Item>
        <Descriptions.Item label={t('gauge.plannedTime')}>{dayjs(info.plannedTime).format(TIME)}</Descriptions.Item>
        <Descriptions.Item label={t('col.report')}>{info.reportName}</Descriptions.Item>
      </Descriptions>
      {submitted ? (
        <Alert
          type="success"
          showIcon
          data-testid="gauge-result"
          title={
            <span>
              {t('gauge.result')}: <b data-testid="gauge-result-total">{info.total ?? '—'}</b>
              {definition.totalRange ? ` / ${definition.totalRange.max}` : ''} ·{' '}
              <b data-testid="gauge-result-band">
                <BandText band={info.band} />
              </b>
            </span>
          }
          description={
            <span data-testid="gauge-submitted-by">
              {t('gauge.submittedBy', {
                name: info.record?.submittedByName ?? '-',
                time: info.record?.submittedAt ? dayjs(info.record.submittedAt).format(TIME) : '-',
              })}
              {' · '}
              {t('gauge.assessedAtValue', {
                time: info.record?.assessedAt ? dayjs(info.record.assessedAt).format(TIME) : '-',
              })}
            </span>
          }
        />
      ) : readOnly ? (
        <Alert
          type="info"
          showIcon
          title={info.status <= 2 ? t('gauge.notYours') : t('gauge.closed')}
          data-testid="gauge-readonly"
        />
      ) : resumedAt ? (
        <Alert
          type="info"
          showIcon
          data-testid="gauge-resumed"
          title={t('gauge.resumed', { time: dayjs(resumedAt).format(TIME) })}
        />
      ) : null}
      <Card size="small" className="as-summary">
        <ScaleScoreSummary definition={definition} value={answers} />
      </Card>
      {readOnly ? null : (
        <Typography.Text type="secondary" className="no-print">
          {t('gauge.serverScores')}
        </Typography.Text>
      )}
      <DraftNotice
        draft={kept.offered}
        onRestore={() => {
          const restored = kept.restore();
          if (restored) setAnswers(restored);
        }}
        onDiscard={kept.discard}
      />
      <ScaleForm definition={definition} value={answers} onChange={handleAnswers} readOnly={readOnly} />
    </div>
  );
}
