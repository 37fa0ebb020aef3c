import { useEffect, useState } from 'react';
import { Alert, App, Button, Result, Skeleton, Space, Typography } from 'antd';
import { ArrowLeftOutlined, DownloadOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fetchReport, reportFileName, saveBlob, useAssessInfo } from './api';
import { assessPaths } from './assess-paths';
import { AttachmentsCard } from './attachments-card';
import { ReportSignatureCard } from './report-signature-card';
import './assessments.css';

/** /recovery/view-report?id=: the generated PDF report of a submitted assessment, and its report attachments. */
export function ViewReportPage() {
  const { t } = useTranslation('assessments');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const id = Number(useSearchParams()[0].get('id')) || 0;
  const info = useAssessInfo(id);
  const [pdf, setPdf] = useState<{ blob: Blob; url: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submitted = info.data?.status === 3;
  useEffect(() => {
    if (!submitted) return;
    let url = '';
    fetchReport(id).then(
      (blob) => {
        url = URL.createObjectURL(blob);
        setPdf({ blob, url });
      },
      (e: Error) => setError(e.message),
    );
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [id, submitted]);
  if (info.isLoading) return <Skeleton active />;
  if (!info.data)
    return (
      <Result
        status="404"
        title={t('notFound')}
        extra={<Button onClick={() => navigate(assessPaths.list())}>{t('backToList')}</Button>}
      />
    );
  const p = info.data;
  return (
    <div className="as-page" data-testid="view-report">
      <div className="as-head">
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
            {t('common:action.back')}
          </Button>
          <Typography.Title level={4} className="as-title">
            {p.reportName}
          </Typography.Title>
          <Typography.Text type="secondary">
            {submitted ? t('report.generated') : t('report.notGenerated')}
          </Typography.Text>
        </Space>
        {pdf && (
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            onClick={() => {
              saveBlob(pdf.blob, reportFileName(p));
              message.success(t('report.downloaded'));
            }}
            data-testid="report-download"
          >
            {t('action.downloadReport')}
          </Button>
        )}
      </div>
      {!submitted && <Alert type="info" showIcon title={t('report.notSubmitted')} />}
      {submitted && <ReportSignatureCard id={id} />}
      {error && <Alert type="error" showIcon title={error} />}
      {submitted && !pdf && !error && <Skeleton active />}
      {pdf && <iframe title={p.reportName} src={pdf.url} className="as-report-frame" data-testid="report-frame" />}
      <AttachmentsCard info={p} />
    </div>
  );
}
