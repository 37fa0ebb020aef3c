import { useEffect, useRef, useState } from 'react';
import {
  App,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Form,
  Input,
  Modal,
  Result,
  Space,
  Spin,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { KeyboardPopconfirm } from '../../components/keyboard-popconfirm';
import { DownloadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BillingPerm, formatFen, isPayable, type ConsultationDetail, type ReportVersion } from '@rehab/shared';
import { PayStatusTag } from '../../components/billing/billing-kit';
import { paymentPath } from '../../components/billing/bill-panel';
import { usePermission } from '../../lib/session';
import { showApiError } from '../../lib/form-errors';
import { SnapshotCards, StepTimeline } from '../../components/record-snapshots';
import { downloadReportPdf, useConsultation, useStep } from './api';
import { ReasonModal, StatusTag, UrgencyTag, useRunStep, when } from './common';
import { SignatureCanvas, type SignaturePadHandle } from './signature-pad';
import { CallPanel } from './call-panel';
import { paths } from '../../lib/paths';

type ReportValues = { findings: string; opinion: string; advice: string; followUp: string };

/**
 * One remote consultation (/telemedicine/detail?id=…): the request and the materials attached to it, its steps,
 * and the report. With `hiddenExpertTab` (the link a message gives the receiving side) it opens on the expert's
 * report; it is reachable without a current organization (spec section 2) and the server decides what the reader
 * may see and do (`actions`).
 */
export function TelemedicineDetailPage() {
  const { t } = useTranslation('telemedicine');
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  const expertView = params.has('hiddenExpertTab');
  const query = useConsultation(id);
  const can = usePermission();
  const navigate = useNavigate();
  const [tab, setTab] = useState(params.has('call') ? 'call' : expertView ? 'report' : 'materials');

  if (query.isPending && id > 0) return <Spin style={{ margin: 48 }} />;
  if (!query.data) {
    return <Result status="404" title={query.error?.message || t('notFound')} data-testid="remote-not-found" />;
  }
  const c = query.data;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }} data-testid="telemedicine-detail">
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Space>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('detail.title', { id: c.id })}
          </Typography.Title>
          <StatusTag status={c.status} />
          <Tag>{t(`side.${c.side}`)}</Tag>
        </Space>
        <Space wrap>
          <ProposalLinks c={c} />
          <StepButtons c={c} />
        </Space>
      </Space>
      <Card size="small">
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
          <Descriptions.Item label={t('col.patient')}>
            <span data-testid="remote-patient-name">{c.patientName}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('col.urgency')}>
            <UrgencyTag urgency={c.urgency} />
          </Descriptions.Item>
          <Descriptions.Item label={t('col.from')}>{c.fromOrganization.name}</Descriptions.Item>
          <Descriptions.Item label={t('col.to')}>
            {c.toOrganization.name}
            {c.toOffice ? ` / ${c.toOffice.name}` : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('col.expert')}>{c.expertName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('request.proposedAt')}>{when(c.proposedAt)}</Descriptions.Item>
          <Descriptions.Item label={t('detail.scheduledAt')}>{when(c.scheduledAt)}</Descriptions.Item>
          <Descriptions.Item label={t('request.feeItem')}>
            <Space direction="vertical" size={2}>
              <span>
                {c.feeItem} · ¥{formatFen(c.feeFen)}
              </span>
              {c.feeCharge && (
                <Space size={4} wrap data-testid="remote-fee-charge">
                  <Typography.Text type="secondary">
                    {t('detail.feeCharge', {
                      units: c.feeCharge.quantity,
                      price: `¥${formatFen(c.feeFen)}`,
                      amount: `¥${formatFen(c.feeCharge.amountFen)}`,
                    })}
                  </Typography.Text>
                  <PayStatusTag status={c.feeCharge.payStatus} />
                  {can(BillingPerm.settle) && isPayable(c.feeCharge.payStatus) && (
                    <Button
                      type="link"
                      size="small"
                      onClick={() => void navigate(paymentPath(c.feeCharge!.patientId, c.feeCharge!.treatmentId))}
                      data-testid="remote-fee-to-till"
                    >
                      {t('detail.toTill')}
                    </Button>
                  )}
                </Space>
              )}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.deadline')}>{when(c.deadlineAt)}</Descriptions.Item>
          <Descriptions.Item label={t('request.reason')} span={3}>
            {c.reason}
          </Descriptions.Item>
          <Descriptions.Item label={t('request.question')} span={3}>
            <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{c.question}</Typography.Paragraph>
          </Descriptions.Item>
          {c.rejectReason && (
            <Descriptions.Item label={t('detail.rejectReason')} span={3}>
              <Typography.Text type="danger">{c.rejectReason}</Typography.Text>
            </Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      <Card size="small">
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'materials',
              label: t('detail.materials', { count: c.materials.length }),
              children: <Materials c={c} />,
            },
            { key: 'call', label: t('detail.call'), children: <CallPanel c={c} /> },
            { key: 'report', label: t('detail.report'), children: <Report c={c} /> },
            { key: 'history', label: t('detail.history'), children: <History c={c} /> },
          ]}
        />
      </Card>
    </div>
  );
}

/**
 * The expert's proposals (treat-project, assess-project), once an expert took the consultation over: the expert
 * proposes there, the inviting side accepts or declines.
 */
function ProposalLinks({ c }: { c: ConsultationDetail }) {
  const { t } = useTranslation('telemedicine');
  const navigate = useNavigate();
  if (!c.expertName) return null;
  return (
    <>
      <Button
        onClick={() => navigate(`${paths.telemedicineTreatProject}?id=${c.id}`)}
        data-testid="remote-open-treat-project"
      >
        {t('proposal.open_treat')}
      </Button>
      <Button
        onClick={() => navigate(`${paths.telemedicineAssessProject}?id=${c.id}`)}
        data-testid="remote-open-assess-project"
      >
        {t('proposal.open_assess')}
      </Button>
    </>
  );
}

function Materials({ c }: { c: ConsultationDetail }) {
  const { t } = useTranslation('telemedicine');
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="remote-materials-view">
      <Typography.Text type="secondary">{t('detail.materialsHint')}</Typography.Text>
      <SnapshotCards materials={c.materials} />
    </Space>
  );
}

function History({ c }: { c: ConsultationDetail }) {
  const { t } = useTranslation('telemedicine');
  return (
    <StepTimeline
      testId="remote-history"
      steps={c.history}
      action={(a) => t(`action.${a}`)}
      status={(s) => <StatusTag status={s} />}
      when={when}
      nobody={t('detail.system')}
    />
  );
}

/** The buttons of the steps the reader may take now (the server's `actions`). */
function StepButtons({ c }: { c: ConsultationDetail }) {
  const { t } = useTranslation('telemedicine');
  const steps = useStep();
  const runStep = useRunStep();
  const [accepting, setAccepting] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [scheduledAt, setScheduledAt] = useState<Dayjs | null>(dayjs(c.proposedAt));
  const has = (a: string) => c.actions.includes(a);
  const params = { id: c.id };
  const run = (action: string, call: () => Promise<unknown>) => runStep(t(`action.${action}`), call);
  const simple = (action: 'submit' | 'approve' | 'receive' | 'start' | 'revise', type?: 'primary') =>
    has(action) && (
      <Button
        key={action}
        type={type}
        loading={steps[action].isPending}
        onClick={() => run(action, () => steps[action].mutateAsync({ params }))}
        data-testid={`remote-${action}`}
      >
        {t(`action.${action}`)}
      </Button>
    );

  return (
    <Space wrap>
      {simple('submit', 'primary')}
      {simple('approve', 'primary')}
      {simple('receive', 'primary')}
      {has('accept') && (
        <Button type="primary" onClick={() => setAccepting(true)} data-testid="remote-accept">
          {t('action.accept')}
        </Button>
      )}
      {simple('start', 'primary')}
      {simple('revise')}
      {has('reject') && (
        <Button danger onClick={() => setRejecting(true)} data-testid="remote-reject">
          {t('action.reject')}
        </Button>
      )}
      {has('cancel') && (
        <KeyboardPopconfirm
          title={t('detail.cancelConfirm')}
          onConfirm={() => run('cancel', () => steps.cancel.mutateAsync({ params, body: {} }))}
        >
          <Button danger data-testid="remote-cancel">
            {t('action.cancel')}
          </Button>
        </KeyboardPopconfirm>
      )}
      <Modal
        open={accepting}
        title={t('action.accept')}
        onCancel={() => setAccepting(false)}
        okButtonProps={
          { disabled: !scheduledAt, loading: steps.accept.isPending, 'data-testid': 'remote-accept-ok' } as never
        }
        onOk={async () => {
          if (!scheduledAt) return;
          const ok = await run('accept', () =>
            steps.accept.mutateAsync({ params, body: { scheduledAt: scheduledAt.toISOString() } }),
          );
          if (ok) setAccepting(false);
        }}
      >
        <Typography.Paragraph>{t('detail.acceptHint')}</Typography.Paragraph>
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          value={scheduledAt}
          onChange={setScheduledAt}
          style={{ width: '100%' }}
        />
      </Modal>
      <ReasonModal
        open={rejecting}
        title={t('action.reject')}
        placeholder={t('detail.rejectReason')}
        loading={steps.reject.isPending}
        testId="remote-reject-reason"
        onClose={() => setRejecting(false)}
        onOk={(reason) => run('reject', () => steps.reject.mutateAsync({ params, body: { reason } }))}
      />
    </Space>
  );
}

/** The report: the expert writes and signs it; every signed version stays, the latest in force. */
function Report({ c }: { c: ConsultationDetail }) {
  const { t } = useTranslation('telemedicine');
  const { message } = App.useApp();
  const [form] = Form.useForm<ReportValues>();
  const steps = useStep();
  const pad = useRef<SignaturePadHandle>(null);
  const canWrite = c.actions.includes('saveReport');
  const canSign = c.actions.includes('sign');
  const draft = c.report.draft;

  useEffect(() => {
    if (draft) form.setFieldsValue(draft);
  }, [draft, form]);

  const save = async () => {
    const v = await form.validateFields();
    try {
      await steps.saveReport.mutateAsync({ body: { consultationId: c.id, ...v } });
      message.success(t('done', { action: t('action.saveReport') }));
    } catch (error) {
      showApiError(error, t('failed'), message.error, form);
    }
  };
  const sign = async () => {
    const png = pad.current?.png();
    if (!png) {
      message.warning(t('sign.empty'));
      return;
    }
    try {
      await steps.sign.mutateAsync({ params: { id: c.id }, body: { signature: png } });
      message.success(t('done', { action: t('action.sign') }));
    } catch (error) {
      showApiError(error, t('failed'), message.error);
    }
  };
  const countersign = async () => {
    try {
      await steps.countersign.mutateAsync({ params: { id: c.id } });
      message.success(t('done', { action: t('action.countersign') }));
    } catch (error) {
      showApiError(error, t('failed'), message.error);
    }
  };
  // the PDF is of the version in force; before any is signed, of the draft (marked unsigned on the page)
  const signed = c.report.versions.length > 0;
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadReportPdf(c.id);
    } catch (error) {
      showApiError(error, t('failed'), message.error);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="large">
      {(signed || draft) && (
        <Button icon={<DownloadOutlined />} onClick={download} loading={downloading} data-testid="remote-report-pdf">
          {t(signed ? 'report.downloadPdf' : 'report.downloadDraftPdf')}
        </Button>
      )}
      {canWrite && (
        <Card size="small" title={t('report.write')} data-testid="remote-report-form">
          <Form<ReportValues> form={form} layout="vertical" initialValues={{ advice: '', followUp: '' }}>
            <Form.Item name="findings" label={t('report.findings')} rules={[{ required: true, whitespace: true }]}>
              <Input.TextArea rows={3} data-testid="remote-findings" />
            </Form.Item>
            <Form.Item name="opinion" label={t('report.opinion')} rules={[{ required: true, whitespace: true }]}>
              <Input.TextArea rows={3} data-testid="remote-opinion" />
            </Form.Item>
            <Form.Item name="advice" label={t('report.advice')}>
              <Input.TextArea rows={2} />
            </Form.Item>
            <Form.Item name="followUp" label={t('report.followUp')}>
              <Input />
            </Form.Item>
            <Button onClick={save} loading={steps.saveReport.isPending} data-testid="remote-save-report">
              {t('action.saveReport')}
            </Button>
          </Form>
        </Card>
      )}
      {canSign && (
        <Card size="small" title={t('report.signTitle')}>
          <SignatureCanvas ref={pad} testId="remote-signature" hint={t('report.signHint')} />
          <Button
            type="primary"
            style={{ marginTop: 12 }}
            onClick={sign}
            loading={steps.sign.isPending}
            data-testid="remote-sign"
          >
            {t('action.sign')}
          </Button>
        </Card>
      )}
      {c.report.versions.length === 0 && !canWrite && (
        <Typography.Text type="secondary">{t('report.none')}</Typography.Text>
      )}
      {c.report.versions.map((v) => (
        <SignedReport
          key={v.id}
          v={v}
          onCountersign={c.actions.includes('countersign') && !v.superseded ? countersign : null}
        />
      ))}
    </Space>
  );
}

function SignedReport({ v, onCountersign }: { v: ReportVersion; onCountersign: (() => void) | null }) {
  const { t } = useTranslation('telemedicine');
  return (
    <Card
      size="small"
      data-testid="remote-signed-report"
      title={
        <Space>
          {t('report.version', { version: v.version })}
          {v.superseded ? <Tag>{t('report.superseded')}</Tag> : <Tag color="green">{t('report.inForce')}</Tag>}
          {v.signatureState && (
            <Tag
              color={v.signatureState === 'valid' ? 'green' : 'red'}
              data-testid={`remote-signature-${v.signatureState}`}
            >
              {t(`report.signatureState.${v.signatureState}`)}
            </Tag>
          )}
        </Space>
      }
      extra={
        onCountersign && (
          <Button type="primary" onClick={onCountersign} data-testid="remote-countersign">
            {t('action.countersign')}
          </Button>
        )
      }
      style={v.superseded ? { opacity: 0.65 } : undefined}
    >
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('report.findings')}>{v.findings}</Descriptions.Item>
        <Descriptions.Item label={t('report.opinion')}>
          <span data-testid="remote-report-opinion">{v.opinion}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('report.advice')}>{v.advice || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('report.followUp')}>{v.followUp || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('report.signedBy')}>
          <Space>
            <img src={v.signature} alt={t('report.signature')} style={{ height: 40, border: '1px solid #f0f0f0' }} />
            {v.signedByName} · {when(v.signedAt)}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('report.receipt')}>
          {v.countersignedAt ? (
            <span data-testid="remote-receipt">
              {v.countersignedByName} · {when(v.countersignedAt)}
            </span>
          ) : (
            '—'
          )}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
