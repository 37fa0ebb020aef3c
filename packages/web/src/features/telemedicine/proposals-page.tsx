import { useState } from 'react';
import {
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Result,
  Row,
  Select,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
  type FormInstance,
} from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProposalKind, ProposalRow, ProposeInput } from '@rehab/shared';
import { KeyboardPopconfirm } from '../../components/keyboard-popconfirm';
import { showApiError } from '../../lib/form-errors';
import { paths } from '../../lib/paths';
import { useConsultation, useProposalCatalogue, useProposals, useProposalSteps } from './api';
import { ReasonModal, StatusTag, useRunStep, when } from './common';

const FREQUENCIES = ['1', '2', '3', '1/2', '1/3', '1/7'];
const PROPOSAL_COLORS: Record<string, string> = {
  proposed: 'blue',
  accepted: 'green',
  declined: 'red',
  withdrawn: 'default',
};

type TreatValues = { templateId: number; times: number; frequency: string; quantity: number; remark?: string };
type AssessValues = { methodId: number; phase: 1 | 2 | 3 | 4; remark?: string };

/** The expert's proposed treatment projects (/telemedicine/treat-project?id=…). */
export function TelemedicineTreatProjectPage() {
  return <ProposalsPage kind="treat" />;
}

/** The expert's proposed assessments (/telemedicine/assess-project?id=…). */
export function TelemedicineAssessProjectPage() {
  return <ProposalsPage kind="assess" />;
}

/** A frequency as a rehab department says it: n times a day, or once every k days. */
function useFrequencyText() {
  const { t } = useTranslation('telemedicine');
  return (f: string | null) => {
    if (!f) return '—';
    return f.includes('/') ? t(`proposal.every.${f.split('/')[1]}`) : t('proposal.perDay', { count: Number(f) });
  };
}

/**
 * The expert's proposals of one kind from a consultation (issue 17): the consultation's expert proposes from the
 * inviting organization's catalogue (project templates with days, frequency and dosage; assessment methods with the
 * phase), and may withdraw a proposal still open; the inviting doctor accepts one into the patient's course (the
 * prescription or the assessment project is made there) or declines it with a reason. The server says who may do
 * what (`mayPropose`, `mayDecide`).
 */
function ProposalsPage({ kind }: { kind: ProposalKind }) {
  const { t } = useTranslation('telemedicine');
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  const consultation = useConsultation(id);
  const proposals = useProposals(id, kind);

  if ((consultation.isPending || proposals.isPending) && id > 0) return <Spin style={{ margin: 48 }} />;
  const c = consultation.data;
  if (!c || !proposals.data) {
    const error = consultation.error ?? proposals.error;
    return <Result status="404" title={error?.message || t('notFound')} data-testid="remote-not-found" />;
  }
  const detail = `${paths.telemedicineDetail}?id=${c.id}${c.side === 'receiver' ? '&hiddenExpertTab=1' : ''}`;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }} data-testid={`remote-proposals-${kind}`}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Space>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t(`proposal.title_${kind}`)}
          </Typography.Title>
          <Tag>{t('detail.title', { id: c.id })}</Tag>
          <StatusTag status={c.status} />
          <Tag>{t(`side.${c.side}`)}</Tag>
        </Space>
        <Space>
          <Link
            to={`${kind === 'treat' ? paths.telemedicineAssessProject : paths.telemedicineTreatProject}?id=${c.id}`}
          >
            {t(`proposal.open_${kind === 'treat' ? 'assess' : 'treat'}`)}
          </Link>
          <Link to={detail} data-testid="remote-proposals-back">
            {t('proposal.back')}
          </Link>
        </Space>
      </Space>
      <Card size="small">
        <Descriptions column={{ xs: 1, md: 2, xl: 4 }} size="small">
          <Descriptions.Item label={t('col.patient')}>
            <span data-testid="remote-patient-name">{c.patientName}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('col.from')}>{c.fromOrganization.name}</Descriptions.Item>
          <Descriptions.Item label={t('col.to')}>
            {c.toOrganization.name}
            {c.toOffice ? ` / ${c.toOffice.name}` : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('col.expert')}>{c.expertName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('request.reason')} span={4}>
            {c.reason}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      {proposals.data.mayPropose &&
        (kind === 'treat' ? <TreatForm consultationId={c.id} /> : <AssessForm consultationId={c.id} />)}
      <ProposalTable
        kind={kind}
        rows={proposals.data.list}
        mayPropose={proposals.data.mayPropose}
        mayDecide={proposals.data.mayDecide}
      />
    </div>
  );
}

/** A step on a proposal, its success message naming it. */
function useRun() {
  const { t } = useTranslation('telemedicine');
  const runStep = useRunStep();
  return (action: string, call: () => Promise<unknown>) => runStep(t(`proposal.action.${action}`), call);
}

/** Proposing from a form: the values checked, sent with the kind, the form emptied once it worked. */
function usePropose<V extends { remark?: string }>(
  consultationId: number,
  form: FormInstance<V>,
  body: (v: V) => ProposeInput,
) {
  const { t } = useTranslation('telemedicine');
  const { message } = App.useApp();
  const steps = useProposalSteps();
  const submit = async () => {
    const v = await form.validateFields();
    try {
      await steps.propose.mutateAsync({ params: { id: consultationId }, body: body(v) });
      message.success(t('done', { action: t('proposal.action.propose') }));
      form.resetFields();
    } catch (error) {
      showApiError(error, t('failed'), message.error, form);
    }
  };
  return { submit, pending: steps.propose.isPending };
}

/** The expert's form: a project template of the inviting organization with days, frequency, dosage and a remark. */
function TreatForm({ consultationId }: { consultationId: number }) {
  const { t } = useTranslation('telemedicine');
  const frequencyText = useFrequencyText();
  const [form] = Form.useForm<TreatValues>();
  const catalogue = useProposalCatalogue(consultationId, 'treat', true);
  const { submit, pending } = usePropose(consultationId, form, (v) => ({
    kind: 'treat',
    ...v,
    remark: v.remark ?? '',
  }));
  return (
    <Card size="small" title={t('proposal.propose_treat')} data-testid="remote-propose-form">
      <Form<TreatValues> form={form} layout="vertical" initialValues={{ quantity: 1, times: 10, frequency: '1' }}>
        <Row gutter={16}>
          <Col xs={24} lg={8}>
            <Form.Item name="templateId" label={t('proposal.template')} rules={[{ required: true }]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={catalogue.isPending}
                placeholder={t('proposal.templateHint')}
                data-testid="remote-propose-template"
                options={(catalogue.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
                onChange={(value: number) => {
                  const o = catalogue.data?.find((x) => x.id === value);
                  if (o?.times) form.setFieldValue('times', o.times);
                  if (o?.frequency) form.setFieldValue('frequency', o.frequency);
                }}
              />
            </Form.Item>
          </Col>
          <Col xs={12} lg={4}>
            <Form.Item name="times" label={t('proposal.times')} rules={[{ required: true }]}>
              <InputNumber
                min={1}
                max={9999}
                precision={0}
                style={{ width: '100%' }}
                data-testid="remote-propose-times"
              />
            </Form.Item>
          </Col>
          <Col xs={12} lg={4}>
            <Form.Item name="frequency" label={t('proposal.frequency')} rules={[{ required: true }]}>
              <Select options={FREQUENCIES.map((f) => ({ value: f, label: frequencyText(f) }))} />
            </Form.Item>
          </Col>
          <Col xs={12} lg={3}>
            <Form.Item name="quantity" label={t('proposal.quantity')} rules={[{ required: true }]}>
              <InputNumber min={1} max={9999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={5}>
            <Form.Item name="remark" label={t('proposal.remark')}>
              <Input maxLength={100} placeholder={t('proposal.remarkHint')} data-testid="remote-propose-remark" />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" onClick={submit} loading={pending} data-testid="remote-propose">
          {t('proposal.action.propose')}
        </Button>
      </Form>
    </Card>
  );
}

/** The expert's form: an assessment method (scale) of the inviting organization, its phase and a remark. */
function AssessForm({ consultationId }: { consultationId: number }) {
  const { t } = useTranslation('telemedicine');
  const [form] = Form.useForm<AssessValues>();
  const catalogue = useProposalCatalogue(consultationId, 'assess', true);
  const { submit, pending } = usePropose(consultationId, form, (v) => ({
    kind: 'assess',
    ...v,
    remark: v.remark ?? '',
  }));
  const methodId = Form.useWatch('methodId', form);
  const phases = catalogue.data?.find((m) => m.id === methodId)?.phases ?? [];
  return (
    <Card size="small" title={t('proposal.propose_assess')} data-testid="remote-propose-form">
      <Form<AssessValues> form={form} layout="vertical">
        <Row gutter={16}>
          <Col xs={24} lg={10}>
            <Form.Item name="methodId" label={t('proposal.method')} rules={[{ required: true }]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={catalogue.isPending}
                placeholder={t('proposal.methodHint')}
                data-testid="remote-propose-method"
                options={(catalogue.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
                onChange={(value: number) => {
                  const first = catalogue.data?.find((x) => x.id === value)?.phases[0];
                  form.setFieldValue('phase', first);
                }}
              />
            </Form.Item>
          </Col>
          <Col xs={12} lg={5}>
            <Form.Item name="phase" label={t('proposal.phase')} rules={[{ required: true }]}>
              <Select
                disabled={!phases.length}
                options={phases.map((p) => ({ value: p, label: t(`proposal.phases.${p}`) }))}
                data-testid="remote-propose-phase"
              />
            </Form.Item>
          </Col>
          <Col xs={24} lg={9}>
            <Form.Item name="remark" label={t('proposal.remark')}>
              <Input maxLength={100} placeholder={t('proposal.remarkHint')} data-testid="remote-propose-remark" />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" onClick={submit} loading={pending} data-testid="remote-propose">
          {t('proposal.action.propose')}
        </Button>
      </Form>
    </Card>
  );
}

/** The proposals, newest last, with what each side may do with an open one. */
function ProposalTable({
  kind,
  rows,
  mayPropose,
  mayDecide,
}: {
  kind: ProposalKind;
  rows: ProposalRow[];
  mayPropose: boolean;
  mayDecide: boolean;
}) {
  const { t } = useTranslation('telemedicine');
  const frequencyText = useFrequencyText();
  const steps = useProposalSteps();
  const run = useRun();
  const [declining, setDeclining] = useState<ProposalRow | null>(null);

  const plan =
    kind === 'treat'
      ? {
          title: t('proposal.plan'),
          key: 'plan',
          width: 220,
          render: (_: unknown, r: ProposalRow) =>
            t('proposal.planText', { days: r.times, frequency: frequencyText(r.frequency), quantity: r.quantity }),
        }
      : {
          title: t('proposal.phase'),
          key: 'phase',
          width: 130,
          render: (_: unknown, r: ProposalRow) => (r.phase ? t(`proposal.phases.${r.phase}`) : '—'),
        };

  return (
    <Card size="small" title={t(`proposal.list_${kind}`)}>
      <Table<ProposalRow>
        rowKey="id"
        size="small"
        data-testid="remote-proposal-table"
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: t(mayPropose ? 'proposal.emptyExpert' : 'proposal.empty') }}
        scroll={{ x: 960 }}
        columns={[
          {
            title: t(kind === 'treat' ? 'proposal.template' : 'proposal.method'),
            dataIndex: 'name',
            width: 200,
            render: (name: string, r) => (
              <span data-testid={`remote-proposal-name-${r.id}`}>
                {name}
                {r.scaleCode ? <Typography.Text type="secondary"> · {r.scaleCode}</Typography.Text> : null}
              </span>
            ),
          },
          plan,
          { title: t('proposal.remark'), dataIndex: 'remark', render: (v: string) => v || '—' },
          {
            title: t('proposal.proposedBy'),
            key: 'proposed',
            width: 170,
            render: (_, r) => (
              <>
                {r.proposedByName}
                <br />
                <Typography.Text type="secondary">{when(r.proposedAt)}</Typography.Text>
              </>
            ),
          },
          {
            title: t('col.status'),
            key: 'status',
            width: 220,
            render: (_, r) => (
              <Space orientation="vertical" size={0}>
                <Tag color={PROPOSAL_COLORS[r.status]} data-testid={`remote-proposal-status-${r.id}`}>
                  {t(`proposal.status.${r.status}`)}
                </Tag>
                {r.decidedAt && (
                  <Typography.Text type="secondary">
                    {r.decidedByName} · {when(r.decidedAt)}
                  </Typography.Text>
                )}
                {r.declineReason && <Typography.Text type="danger">{r.declineReason}</Typography.Text>}
                {r.status === 'accepted' && (
                  <Typography.Text type="success">{t(`proposal.acceptedInto_${kind}`)}</Typography.Text>
                )}
              </Space>
            ),
          },
          {
            title: t('col.actions'),
            key: 'actions',
            width: 170,
            fixed: 'right',
            render: (_, r) =>
              r.status !== 'proposed' ? null : (
                <Space>
                  {mayDecide && (
                    <KeyboardPopconfirm
                      title={t(`proposal.acceptConfirm_${kind}`)}
                      onConfirm={() =>
                        run('accept', () => steps.accept.mutateAsync({ params: { id: r.id }, body: {} }))
                      }
                    >
                      <Button type="link" size="small" data-testid={`remote-proposal-accept-${r.id}`}>
                        {t('proposal.action.accept')}
                      </Button>
                    </KeyboardPopconfirm>
                  )}
                  {mayDecide && (
                    <Button
                      type="link"
                      size="small"
                      danger
                      onClick={() => setDeclining(r)}
                      data-testid={`remote-proposal-decline-${r.id}`}
                    >
                      {t('proposal.action.decline')}
                    </Button>
                  )}
                  {mayPropose && (
                    <KeyboardPopconfirm
                      title={t('proposal.withdrawConfirm')}
                      onConfirm={() => run('withdraw', () => steps.withdraw.mutateAsync({ params: { id: r.id } }))}
                    >
                      <Button type="link" size="small" data-testid={`remote-proposal-withdraw-${r.id}`}>
                        {t('proposal.action.withdraw')}
                      </Button>
                    </KeyboardPopconfirm>
                  )}
                </Space>
              ),
          },
        ]}
      />
      <ReasonModal
        open={declining !== null}
        title={t('proposal.action.decline')}
        placeholder={t('proposal.declineReason')}
        loading={steps.decline.isPending}
        testId="remote-proposal-decline-reason"
        onClose={() => setDeclining(null)}
        onOk={(reason) =>
          run('decline', () => steps.decline.mutateAsync({ params: { id: declining!.id }, body: { reason } }))
        }
      >
        <Typography.Paragraph>{declining?.name}</Typography.Paragraph>
      </ReasonModal>
    </Card>
  );
}
