import { useMemo, useState } from 'react';
import { Alert, Button, Card, DatePicker, Form, InputNumber, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { performanceEndpoints, type RuleVersionRow } from '@rehab/shared';
import { clinicToday } from '../../lib/clinic-day';
import { useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';
import { PerfHeader, figure } from './common';

type Draft = { projectTemplateId: number; coefficient: number; points: number; effectiveFrom: dayjs.Dayjs };
type State = 'inForce' | 'future' | 'superseded';

/**
 * The rule versions (/achievement/rule-versions, 绩效规则版本): every version of each project template (append-only,
 * newest first) with its effective day, coefficient, points, the value of one session, who recorded it and whether it
 * is in force today, will be, or was replaced; "Record version" adds one. A day in or before a closed month is refused
 * by the server (409), whose message the dialog shows and keeps open.
 */
export function RuleVersionsPage() {
  const { t } = useTranslation('performance');
  const [templateId, setTemplateId] = useState<number | undefined>();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Draft>();
  const rules = useEndpointQuery(performanceEndpoints.rules, {}, { select: (r) => r.data });
  const templates = useEndpointQuery(performanceEndpoints.ruleTemplates, {}, { select: (r) => r.data });
  const save = useEndpointMutation(performanceEndpoints.ruleSave, { invalidates: [performanceEndpoints.rules] });
  const today = clinicToday().format('YYYY-MM-DD');

  // per template, the version in force today is the first one (newest effective day, then id) not after today
  const states = useMemo(() => {
    const out = new Map<number, State>();
    const sorted = [...(rules.data ?? [])].sort(
      (a, b) =>
        a.projectTemplateId - b.projectTemplateId || b.effectiveFrom.localeCompare(a.effectiveFrom) || b.id - a.id,
    );
    const found = new Set<number>();
    for (const r of sorted) {
      if (r.effectiveFrom > today) out.set(r.id, 'future');
      else if (found.has(r.projectTemplateId)) out.set(r.id, 'superseded');
      else {
        out.set(r.id, 'inForce');
        found.add(r.projectTemplateId);
      }
    }
    return out;
  }, [rules.data, today]);
  const rows = (rules.data ?? []).filter((r) => templateId === undefined || r.projectTemplateId === templateId);
  const stateTag = (s: State | undefined) =>
    s === 'inForce' ? (
      <Tag color="success">{t('rules.inForce')}</Tag>
    ) : s === 'future' ? (
      <Tag color="processing">{t('rules.future')}</Tag>
    ) : (
      <Tag>{t('rules.superseded')}</Tag>
    );

  return (
    <div className="perf-page" data-testid="rule-versions-page">
      <PerfHeader
        title={t('rules.title')}
        extra={
          <Space wrap>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder={t('rules.allTemplates')}
              aria-label={t('rules.template')}
              style={{ width: 240 }}
              value={templateId}
              onChange={setTemplateId}
              options={(templates.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
              data-testid="rule-filter"
            />
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => {
                save.reset();
                form.resetFields();
                setOpen(true);
              }}
              data-testid="rule-add"
            >
              {t('rules.add')}
            </Button>
          </Space>
        }
      />
      <Typography.Paragraph type="secondary" className="perf-help">
        {t('rules.help')}
      </Typography.Paragraph>
      <Card size="small">
        <Table<RuleVersionRow>
          rowKey="id"
          size="small"
          loading={rules.isLoading}
          dataSource={rows}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          locale={{ emptyText: t('rules.none') }}
          scroll={{ x: 900 }}
          data-testid="rule-versions"
          columns={[
            {
              key: 'template',
              title: t('rules.template'),
              render: (_, r) => r.templateName ?? `#${r.projectTemplateId}`,
            },
            { key: 'id', title: t('rules.version'), render: (_, r) => `#${r.id}` },
            { key: 'from', title: t('adopt.effectiveFrom'), dataIndex: 'effectiveFrom' },
            {
              key: 'coefficient',
              title: t('detail.coefficient'),
              align: 'right',
              render: (_, r) => figure(r.coefficientX100),
            },
            { key: 'points', title: t('col.points'), align: 'right', dataIndex: 'points' },
            {
              key: 'value',
              title: t('rules.valuePerSession'),
              align: 'right',
              render: (_, r) => figure(r.points * r.coefficientX100),
            },
            { key: 'state', title: t('adjustment.status'), render: (_, r) => stateTag(states.get(r.id)) },
            {
              key: 'by',
              title: t('rules.recordedBy'),
              render: (_, r) => `${r.createdByName ?? '-'} ${dayjs(r.createdAt).format('YYYY-MM-DD HH:mm')}`,
            },
          ]}
        />
      </Card>
      <Modal
        open={open}
        title={t('rules.add')}
        onCancel={() => setOpen(false)}
        confirmLoading={save.isPending}
        onOk={async () => {
          const v = await form.validateFields();
          save.mutate(
            {
              body: {
                projectTemplateId: v.projectTemplateId,
                coefficient: v.coefficient,
                points: v.points,
                effectiveFrom: v.effectiveFrom.format('YYYY-MM-DD'),
              },
            },
            { onSuccess: () => setOpen(false) },
          );
        }}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('rules.addHelp')}</Typography.Paragraph>
        {save.error && (
          <Alert
            type="error"
            showIcon
            message={save.error.message}
            style={{ marginBottom: 16 }}
            data-testid="rule-refused"
          />
        )}
        <Form
          form={form}
          layout="vertical"
          initialValues={{ effectiveFrom: clinicToday(), projectTemplateId: templateId }}
          onValuesChange={() => save.error && save.reset()}
        >
          <Form.Item
            name="projectTemplateId"
            label={t('rules.template')}
            rules={[{ required: true, message: t('required') }]}
          >
            <Select
              showSearch
              optionFilterProp="label"
              options={(templates.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
              data-testid="rule-template"
            />
          </Form.Item>
          <Form.Item
            name="coefficient"
            label={t('detail.coefficient')}
            rules={[{ required: true, message: t('required') }]}
          >
            <InputNumber
              min={0}
              max={100}
              step={0.01}
              precision={2}
              style={{ width: '100%' }}
              data-testid="rule-coefficient"
            />
          </Form.Item>
          <Form.Item name="points" label={t('col.points')} rules={[{ required: true, message: t('required') }]}>
            <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} data-testid="rule-points" />
          </Form.Item>
          <Form.Item
            name="effectiveFrom"
            label={t('adopt.effectiveFrom')}
            rules={[{ required: true, message: t('required') }]}
          >
            <DatePicker allowClear={false} data-testid="rule-from" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
