import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, CloudServerOutlined, PrinterOutlined, ReloadOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ScaleDefinition, ScaleScoreResult } from '@rehab/shared';
import { ScaleForm, ScaleScoreSummary, useBi, type ScaleAnswersDraft } from '../../components/scale-form/scale-form';
import { ApiError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { useScaleDefinition, useServerScore } from '../../lib/queries/scales';
import { LicenceTag } from './licence-tag';
import './scales.css';

/** Answers without the empty ones, as the scoring API takes them. */
const given = (draft: ScaleAnswersDraft) =>
  Object.fromEntries(Object.entries(draft).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string | number
  >;

/** One scale of the library: what it measures, its source and licence, and the form to try it with a live score. */
export function ScaleDetailPage() {
  const { code = '' } = useParams();
  const { t } = useTranslation('scales');
  const definition = useScaleDefinition(code);
  if (definition.isLoading) return <Skeleton active />;
  if (definition.isError || !definition.data) {
    const notFound = definition.error instanceof ApiError && definition.error.code === 404;
    return (
      <Result
        status={notFound ? '404' : 'error'}
        title={notFound ? t('detail.notFound', { code }) : t('detail.loadFailed')}
        extra={
          <Link to={paths.scaleLibrary}>
            <Button type="primary">{t('detail.back')}</Button>
          </Link>
        }
        data-testid="scale-not-found"
      />
    );
  }
  return <ScaleDetail key={code} definition={definition.data} />;
}

function ScaleDetail({ definition }: { definition: ScaleDefinition }) {
  const { t, i18n } = useTranslation('scales');
  const bi = useBi();
  const { message } = App.useApp();
  const [answers, setAnswers] = useState<ScaleAnswersDraft>({});
  const [server, setServer] = useState<ScaleScoreResult | null>(null);
  const score = useServerScore();
  const change = (next: ScaleAnswersDraft) => {
    setAnswers(next);
    setServer(null);
  };
  const checkOnServer = () =>
    score.mutate(
      { params: { code: definition.code }, body: { answers: given(answers) } },
      {
        onSuccess: (r) => setServer(r.data),
        onError: (e) => void message.error(e.message),
      },
    );

  return (
    <div className="scales-page scales-detail" data-testid="scale-detail">
      <div className="scales-detail-head no-print">
        <Link to={paths.scaleLibrary}>
          <Button icon={<ArrowLeftOutlined />} data-testid="scale-back">
            {t('detail.back')}
          </Button>
        </Link>
        <Space wrap>
          <Button icon={<ReloadOutlined />} onClick={() => change({})} data-testid="scale-reset">
            {t('detail.reset')}
          </Button>
          <Button
            icon={<CloudServerOutlined />}
            onClick={checkOnServer}
            loading={score.isPending}
            data-testid="scale-check"
          >
            {t('detail.check')}
          </Button>
          <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="scale-print">
            {t('detail.print')}
          </Button>
        </Space>
      </div>
      <Typography.Title level={4} className="scales-title" data-testid="scale-title">
        {bi(definition.name)} <span className="scales-abbr">{definition.abbr}</span>
      </Typography.Title>
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }} className="scales-meta">
        <Descriptions.Item label={t('detail.category')}>
          <Tag>{t(`category.${definition.category}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.shape')}>{t(`shape.${definition.shape}`)}</Descriptions.Item>
        <Descriptions.Item label={t('detail.licence')}>
          <LicenceTag licence={definition.licence} />
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.code')}>
          <Typography.Text code>{definition.code}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.measures')} span={2}>
          {bi(definition.description)}
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.source')} span={2}>
          {definition.source}
        </Descriptions.Item>
      </Descriptions>
      {definition.notes?.length ? (
        <Alert
          type="info"
          showIcon
          title={t('detail.notes')}
          description={
            <ul className="scales-notes">
              {definition.notes.map((n, i) => (
                <li key={i}>{bi(n)}</li>
              ))}
            </ul>
          }
        />
      ) : null}
      {definition.bands?.length ? (
        <Card size="small" title={t('detail.bands')} className="scales-bands">
          <Space wrap size={[8, 8]}>
            {definition.bands.map((b) => (
              <Tag key={b.min}>
                {t('detail.band', {
                  min: b.min,
                  max: b.max,
                  label: i18n.language === 'en' ? b.labelEn : b.labelZh,
                })}
              </Tag>
            ))}
          </Space>
        </Card>
      ) : null}
      <Card size="small" className="scales-summary-card">
        <ScaleScoreSummary definition={definition} value={answers} />
        {server ? (
          <Typography.Text type="success" data-testid="scale-server-result" className="no-print">
            {t('detail.serverResult', {
              total: server.total ?? '—',
              band: server.band ? (i18n.language === 'en' ? server.band.labelEn : server.band.labelZh) : '—',
            })}
          </Typography.Text>
        ) : null}
      </Card>
      <ScaleForm definition={definition} value={answers} onChange={change} />
    </div>
  );
}
