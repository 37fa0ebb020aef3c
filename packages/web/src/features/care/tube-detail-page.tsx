import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Form,
  Input,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  CARE_ACTIONS,
  REMOVAL_REASONS,
  RISK_ITEMS,
  TubePerm,
  riskOf,
  type CareAction,
  type CareRow,
  type RemovalReason,
  type RiskItem,
  type RiskItems,
  type TubeRow,
} from '@rehab/shared';
import { paths } from '../../lib/paths';
import { usePermission } from '../../lib/session';
import { FormModal } from '../../components/form-modal';
import { useCareTube, useRemoveTube, useTube } from './api';
import { RiskTag, TubeStatusTag } from './common';

const ITEMS = Object.keys(RISK_ITEMS) as RiskItem[];
/** The answers of an item: 0..max, the history item only 0 or 3. */
const answers = (item: RiskItem) =>
  item === 'history' ? [0, 3] : Array.from({ length: RISK_ITEMS[item] + 1 }, (_, i) => i);
const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);

type CareValues = { action: CareAction; risk: RiskItems; plannedChangeOn?: Dayjs | null; note?: string };

function CareModal({ tube, open, onClose }: { tube: TubeRow; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('care');
  const [form] = Form.useForm<CareValues>();
  const care = useCareTube();
  const risk = Form.useWatch('risk', form) as RiskItems | undefined;
  const score = risk && ITEMS.every((i) => typeof risk[i] === 'number') ? riskOf(tube.kind, risk) : null;
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      action: 'inspect',
      risk: { consciousness: 0, cooperation: 0, discomfort: 0, mobility: 0, history: 0 },
      plannedChangeOn: tube.plannedChangeOn ? dayjs(tube.plannedChangeOn) : null,
    });
  }, [open, form, tube.plannedChangeOn]);
  const submit = (v: CareValues) =>
    care.mutateAsync({
      body: {
        tubeId: tube.id,
        action: v.action,
        risk: v.risk,
        plannedChangeOn: day(v.plannedChangeOn),
        note: v.note?.trim() || null,
      },
    });
  return (
    <FormModal
      open={open}
      title={t('care.add')}
      form={form}
      testId="care"
      pending={care.isPending}
      action={t('care.add')}
      onClose={onClose}
      onSubmit={submit}
      width={620}
    >
      <Form.Item name="action" label={t('care.action')} rules={[{ required: true }]}>
        <Select options={CARE_ACTIONS.map((a) => ({ value: a, label: t(`action.${a}`) }))} />
      </Form.Item>
      {ITEMS.map((item) => (
        <Form.Item key={item} name={['risk', item]} label={t(`item.${item}`)} rules={[{ required: true }]}>
          <Select
            options={answers(item).map((n) => ({ value: n, label: `${n} · ${t(`answer.${item}.${n}`)}` }))}
            data-testid={`risk-${item}`}
          />
        </Form.Item>
      ))}
      <Form.Item label={t('risk.title')}>
        {score ? <RiskTag level={score.level} score={score.score} /> : '—'}
        <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
          {t('risk.hint')}
        </Typography.Text>
      </Form.Item>
      <Form.Item name="plannedChangeOn" label={t('tube.plannedChangeOn')}>
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="note" label={t('care.note')}>
        <Input.TextArea maxLength={200} rows={2} />
      </Form.Item>
    </FormModal>
  );
}

type RemoveValues = { reason: RemovalReason; removedOn: Dayjs; note?: string };

function RemoveModal({ tube, open, onClose }: { tube: TubeRow; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('care');
  const [form] = Form.useForm<RemoveValues>();
  const remove = useRemoveTube();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ reason: 'planned', removedOn: dayjs() });
  }, [open, form]);
  return (
    <FormModal
      open={open}
      title={t('remove.title')}
      form={form}
      testId="remove"
      pending={remove.isPending}
      action={t('remove.title')}
      onClose={onClose}
      onSubmit={(v) =>
        remove.mutateAsync({
          body: { tubeId: tube.id, reason: v.reason, removedOn: day(v.removedOn)!, note: v.note?.trim() || null },
        })
      }
    >
      <Form.Item name="reason" label={t('remove.reason')} rules={[{ required: true }]}>
        <Select options={REMOVAL_REASONS.map((r) => ({ value: r, label: t(`reason.${r}`) }))} />
      </Form.Item>
      <Form.Item name="removedOn" label={t('remove.on')} rules={[{ required: true }]}>
        <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
      </Form.Item>
      <Form.Item name="note" label={t('care.note')}>
        <Input.TextArea maxLength={200} rows={2} />
      </Form.Item>
    </FormModal>
  );
}

/**
 * One tube (/pipeline/pipeline-detail/:patientId/:id/:status/:treatmentId?): what it is, its planned change (marked
 * when due), its risk of unplanned removal, its care records; record care or remove it.
 */
export function TubeDetailPage() {
  const { t } = useTranslation('care');
  const can = usePermission();
  const { id } = useParams();
  const tubeId = Number(id) || 0;
  const detail = useTube(tubeId);
  const [dialog, setDialog] = useState<'care' | 'remove' | null>(null);
  const tube = detail.data?.tube;

  const columns: ColumnsType<CareRow> = [
    { key: 'at', title: t('care.at'), width: 160, render: (_, c) => dayjs(c.caredAt).format('YYYY-MM-DD HH:mm') },
    { key: 'action', title: t('care.action'), width: 120, render: (_, c) => t(`action.${c.action}`) },
    {
      key: 'risk',
      title: t('risk.title'),
      width: 120,
      render: (_, c) => <RiskTag level={c.riskLevel} score={c.riskScore} />,
    },
    { key: 'by', title: t('care.by'), width: 110, render: (_, c) => c.caredByName ?? '—' },
    { key: 'note', title: t('care.note'), render: (_, c) => c.note ?? '' },
  ];

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }} data-testid="tube-detail-page">
      <Space>
        <Link to={paths.pipelineManage}>{t('back')}</Link>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('tube.detail')}
        </Typography.Title>
      </Space>
      {detail.isError && <Alert type="error" showIcon title={t('loadFailed')} description={detail.error.message} />}
      {tube && (
        <Card
          title={
            <Space>
              <span>{tube.patientName}</span>
              <span>{t(`kind.${tube.kind}`)}</span>
              <TubeStatusTag status={tube.status} />
              {tube.changeDue && (
                <Tag color="red" data-testid="tube-change-due">
                  {t('tube.changeDue')}
                </Tag>
              )}
            </Space>
          }
          extra={
            tube.status !== 'removed' &&
            can(TubePerm.care) && (
              <Space>
                <Button type="primary" onClick={() => setDialog('care')} data-testid="care-add">
                  {t('care.add')}
                </Button>
                <Button danger onClick={() => setDialog('remove')} data-testid="tube-remove">
                  {t('remove.title')}
                </Button>
              </Space>
            )
          }
        >
          <Descriptions column={3} size="small" bordered>
            <Descriptions.Item label={t('tube.site')}>{tube.site}</Descriptions.Item>
            <Descriptions.Item label={t('tube.size')}>{tube.size ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('tube.days')}>{t('daysValue', { count: tube.days })}</Descriptions.Item>
            <Descriptions.Item label={t('tube.placedOn')}>{tube.placedOn}</Descriptions.Item>
            <Descriptions.Item label={t('tube.placedBy')}>{tube.placedBy}</Descriptions.Item>
            <Descriptions.Item label={t('tube.plannedChangeOn')}>{tube.plannedChangeOn ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('risk.title')}>
              <RiskTag level={tube.riskLevel} score={tube.riskScore} />
            </Descriptions.Item>
            <Descriptions.Item label={t('remove.on')}>{tube.removedOn ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('remove.reason')}>
              {tube.removalReason ? t(`reason.${tube.removalReason}`) : '—'}
            </Descriptions.Item>
            {tube.remark && (
              <Descriptions.Item label={t('remark')} span={3}>
                {tube.remark}
              </Descriptions.Item>
            )}
          </Descriptions>
        </Card>
      )}
      <Card title={t('care.records')}>
        <Table<CareRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={detail.data?.cares ?? []}
          loading={detail.isLoading}
          pagination={false}
          data-testid="care-table"
        />
      </Card>
      {tube && <CareModal tube={tube} open={dialog === 'care'} onClose={() => setDialog(null)} />}
      {tube && <RemoveModal tube={tube} open={dialog === 'remove'} onClose={() => setDialog(null)} />}
    </div>
  );
}
