import { useEffect, useState } from 'react';
import { App, Button, Checkbox, Input, InputNumber, Modal, Select, Space, Typography } from 'antd';
import { FitTable } from '../../components/fit-columns';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  PatientPerm,
  PlanPerm,
  isFrequency,
  issuesToProblems,
  projectAmounts,
  saveRecipeSchema,
  translate,
  type ProjectInput,
  type TemplateDefaults,
} from '@rehab/shared';
import { currentLocale } from '../../lib/locale';
import { ApiError } from '../../lib/api';
import { usePermission } from '../../lib/session';
import { useCombos, usePrescribe, useStaff, useTemplates } from './api';
import { usePrescriptionTemplates } from './plans-api';
import { FilterSelect } from '../../components/filter-select';
import { useFormDraft } from '../../lib/drafts';
import { DraftNotice } from '../../components/draft-notice';

type Draft = ProjectInput & { key: string; unitPrice: number; quantity: number; times: number; frequency: string };

let next = 0;
function fromTemplate(
  t: TemplateDefaults,
  execOfficeId: number,
  therapistId: number | undefined,
  quantity = 1,
  comboName?: string,
): Draft {
  return {
    key: `d${next++}`,
    templateId: t.id,
    name: t.name,
    execOfficeId,
    therapistId,
    quantity,
    unitName: t.unitName ?? undefined,
    times: t.times,
    duration: t.duration,
    frequency: t.frequency,
    unitPrice: t.unitPrice,
    shortLong: t.shortLong as 1 | 2,
    bedside: t.bedside,
    workdaySetting: 0,
    equipmentId: t.equipmentId ?? undefined,
    linkName: t.linkName ?? undefined,
    linkPrice: t.linkPrice ?? undefined,
    linkMethod: (t.linkMethod as 1 | 2 | null) ?? undefined,
    comboName,
  };
}

/** A project to start the table with: a template's defaults, with amounts of its own where it has them. */
export type PrescribeSeed = TemplateDefaults & { quantity?: number };

type Props = {
  open: boolean;
  onClose: () => void;
  treatmentId: number;
  officeId: number;
  /** the course's therapist (the one the patient was registered with): every new row's therapist until changed */
  therapistId?: number | null;
  /** projects the table starts with (the accepted part of a recommended plan), to be edited before saving; mount
   * the dialog when it opens so it starts from them */
  initial?: PrescribeSeed[];
  /** after a successful save */
  onSaved?: () => void;
};

/**
 * Prescribing treatment projects (spec section 3, Treatment project) from project templates or a combo: every
 * row's frequency, days, quantity, duration, price, term, bedside, workday setting, executing office and
 * therapist, with total times and price computed as the server will (shared rules).
 */
export function PrescribeModal({ open, onClose, treatmentId, officeId, therapistId, initial, onSaved }: Props) {
  const { t } = useTranslation('patients');
  const { message } = App.useApp();
  const can = usePermission();
  const templates = useTemplates();
  const combos = useCombos(open && can(PatientPerm.comboList));
  const staff = useStaff();
  const prescribe = usePrescribe();
  // the therapist of new rows: the course's until the prescriber picks another (null: none, to assign a group later)
  const [picked, setPicked] = useState<number | null>();
  const assignee = (picked === undefined ? therapistId : picked) ?? undefined;
  // the table starts with the given projects (a dialog given `initial` is mounted when it opens)
  const [drafts, setDrafts] = useState<Draft[]>(() =>
    (initial ?? []).map((x) => fromTemplate(x, officeId, therapistId ?? undefined, x.quantity ?? 1)),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  // the rows survive a forced sign-out (issue 21): kept locally as they change, offered back when the dialog opens
  const kept = useFormDraft<Draft[]>('prescription', { enabled: open, record: treatmentId });
  const { save: keepRows } = kept;
  useEffect(() => {
    if (open && drafts.length > 0) keepRows(drafts);
  }, [open, drafts, keepRows]);
  const prescriptions = usePrescriptionTemplates(open && can(PlanPerm.prescriptionList));

  const close = () => {
    setDrafts([]);
    setErrors({});
    setPicked(undefined);
    onClose();
  };
  /** the therapist of every row, and of the rows added after */
  const assignAll = (id: number | undefined) => {
    setPicked(id ?? null);
    setDrafts((d) => d.map((x) => ({ ...x, therapistId: id })));
  };
  const unassigned = drafts.filter((d) => d.therapistId === undefined || d.therapistId === null).length;

  const add = (ids: number[]) => {
    const chosen = (templates.data ?? []).filter((x) => ids.includes(x.id));
    setDrafts((d) => [...d, ...chosen.map((x) => fromTemplate(x, officeId, assignee))]);
  };
  const addCombo = (id: number) => {
    const combo = combos.data?.find((c) => c.id === id);
    if (!combo) return;
    setDrafts((d) => [
      ...d,
      ...combo.items.map((i) => fromTemplate({ ...i, id: i.templateId }, officeId, assignee, i.quantity, combo.name)),
    ]);
  };
  const addPrescription = (id: number) => {
    const chosen = prescriptions.data?.find((c) => c.id === id);
    if (!chosen) return;
    setDrafts((d) => [
      ...d,
      ...chosen.items.map((i) => fromTemplate({ ...i, id: i.templateId }, officeId, assignee, i.quantity)),
    ]);
  };
  const change = (key: string, patch: Partial<Draft>) =>
    setDrafts((d) => d.map((x) => (x.key === key ? { ...x, ...patch } : x)));

  const amounts = (d: Draft) =>
    isFrequency(d.frequency) && d.times > 0 && d.quantity > 0 && d.unitPrice > 0 ? projectAmounts(d) : null;
  const sum = drafts.reduce((s, d) => s + Math.round((amounts(d)?.totalPrice ?? 0) * 100), 0) / 100;

  const handleOk = async () => {
    if (drafts.length === 0) {
      message.warning(t('project.nothingChosen'));
      return;
    }
    const projects = drafts.map(({ key: _key, ...p }) => p);
    const parsed = saveRecipeSchema.safeParse({ treatmentId, projects });
    const problems: Record<string, string> = {};
    if (!parsed.success) {
      for (const p of issuesToProblems(parsed.error.issues)) {
        const [, index, field] = p.field.split('.');
        problems[`${drafts[Number(index)]?.key}.${field}`] = translate(currentLocale(), p.key, {
          ...p.params,
          field: t(`project.${field}`, { defaultValue: field }),
        });
      }
      setErrors(problems);
      return;
    }
    try {
      await prescribe.mutateAsync({ treatmentId, projects });
      kept.clear();
      message.success(t('project.prescribed', { count: projects.length }));
      // the server gives them the course's therapist where it has one; tell the prescriber what is left to assign
      if (unassigned > 0 && !therapistId) message.warning(t('project.savedUnassigned', { count: unassigned }));
      close();
      onSaved?.();
    } catch (error) {
      if (error instanceof ApiError && error.field?.startsWith('projects.')) {
        const [, index, field] = error.field.split('.');
        setErrors({ [`${drafts[Number(index)]?.key}.${field}`]: error.message });
      }
      message.error(
        error instanceof Error ? error.message : t('common:status.failure', { action: t('project.prescribe') }),
      );
    }
  };

  const err = (d: Draft, field: string) => errors[`${d.key}.${field}`];
  const status = (d: Draft, field: string) => (err(d, field) ? ('error' as const) : undefined);
  const num = (
    d: Draft,
    field: 'quantity' | 'times' | 'duration' | 'unitPrice',
    opts: { min: number; max: number; precision: number },
  ) => (
    <InputNumber
      {...opts}
      value={d[field] as number}
      status={status(d, field)}
      aria-label={`${d.name} ${t(`project.${field}`)}`}
      onChange={(v) => change(d.key, { [field]: v ?? 0 } as Partial<Draft>)}
      data-testid={`rx-${field}`}
    />
  );

  return (
    <Modal
      open={open}
      title={t('project.prescribeTitle')}
      width={1240}
      onOk={handleOk}
      onCancel={close}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      confirmLoading={prescribe.isPending}
      okButtonProps={{ 'data-testid': 'rx-save' } as never}
      mask={{ closable: false }}
      data-testid="prescribe-modal"
    >
      <DraftNotice
        draft={kept.offered}
        onRestore={() => {
          const rows = kept.restore();
          if (rows) setDrafts(rows);
        }}
        onDiscard={kept.discard}
      />
      <Space wrap className="pt-actions" style={{ marginBottom: 12 }}>
        {/* an "add" picker: each choice adds a row and the list closes. Not a multiple Select: its list stays open
            and Tab there takes the active option again (rc-select), so a keyboard user leaving it added a row per
            Tab (issue 24) */}
        <FilterSelect
          style={{ minWidth: 360 }}
          value={null}
          placeholder={t('project.templatePlaceholder')}
          showSearch={{ optionFilterProp: 'label' }}
          options={(templates.data ?? []).map((x) => ({
            value: x.id,
            label: `${x.name} · ¥${x.unitPrice.toFixed(2)}`,
          }))}
          onChange={(id: number | null) => {
            if (id !== null && id !== undefined) add([id]);
          }}
          data-testid="rx-templates"
        />
        <Space size={4}>
          <Typography.Text>{t('project.therapistForAll')}</Typography.Text>
          <FilterSelect
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ minWidth: 160 }}
            value={assignee}
            aria-label={t('project.therapistForAll')}
            placeholder={t('project.unassigned')}
            onChange={(v: number | undefined) => assignAll(v)}
            options={(staff.data?.therapists ?? []).map((o) => ({ value: o.id, label: o.name }))}
            data-testid="rx-therapist-all"
          />
        </Space>
        {can(PatientPerm.comboList) && (
          <FilterSelect
            style={{ minWidth: 220 }}
            value={null}
            placeholder={t('project.comboPlaceholder')}
            options={(combos.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            onChange={(id: number) => addCombo(id)}
            data-testid="rx-combo"
          />
        )}
        {can(PlanPerm.prescriptionList) && (
          <FilterSelect
            style={{ minWidth: 220 }}
            value={null}
            placeholder={t('project.prescriptionPlaceholder')}
            options={(prescriptions.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            onChange={(id: number) => addPrescription(id)}
            data-testid="rx-prescription"
          />
        )}
      </Space>
      {/* issue 21: at 1366 px the table fits the dialog; the less used settings (the template's defaults: duration,
          long or short term, workdays, bedside, linked charge) fold into the row's expansion, never the therapist */}
      <FitTable<Draft>
        rowKey="key"
        size="small"
        className="pt-prescribe-table"
        pagination={false}
        dataSource={drafts}
        locale={{ emptyText: t('project.nothingChosen') }}
        data-testid="rx-table"
        columns={[
          {
            key: 'name',
            title: t('project.name'),
            width: 150,
            render: (_, d) => <Typography.Text strong>{d.name}</Typography.Text>,
          },
          {
            key: 'therapist',
            title: t('project.therapist'),
            width: 130,
            render: (_, d) => (
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('project.unassigned')}
                aria-label={`${d.name} ${t('project.therapist')}`}
                value={d.therapistId}
                status={status(d, 'therapistId') ?? (d.therapistId ? undefined : 'warning')}
                onChange={(v) => change(d.key, { therapistId: v })}
                options={(staff.data?.therapists ?? []).map((o) => ({ value: o.id, label: o.name }))}
                data-testid="rx-therapist"
              />
            ),
          },
          {
            key: 'frequency',
            title: t('project.frequency'),
            width: 100,
            render: (_, d) => (
              <Input
                value={d.frequency}
                aria-label={`${d.name} ${t('project.frequency')}`}
                status={status(d, 'frequency') ?? (isFrequency(d.frequency) ? undefined : 'error')}
                title={err(d, 'frequency') ?? t('project.frequencyHelp')}
                onChange={(e) => change(d.key, { frequency: e.target.value })}
                data-testid="rx-frequency"
              />
            ),
          },
          {
            key: 'times',
            title: t('project.times'),
            width: 90,
            render: (_, d) => num(d, 'times', { min: 1, max: 9999, precision: 0 }),
          },
          {
            key: 'quantity',
            title: t('project.quantity'),
            width: 90,
            render: (_, d) => num(d, 'quantity', { min: 1, max: 9999, precision: 0 }),
          },
          { key: 'unit', title: '', width: 72, render: (_, d) => d.unitName ?? '' },
          {
            key: 'duration',
            priority: 2,
            title: t('project.duration'),
            width: 100,
            render: (_, d) => num(d, 'duration', { min: 1, max: 9999, precision: 0 }),
          },
          {
            key: 'unitPrice',
            title: t('project.unitPrice'),
            width: 110,
            render: (_, d) => num(d, 'unitPrice', { min: 0.01, max: 99999.99, precision: 2 }),
          },
          {
            key: 'totalTimes',
            title: t('project.totalTimes'),
            width: 80,
            render: (_, d) => amounts(d)?.totalTimes ?? '-',
          },
          {
            key: 'totalPrice',
            title: t('project.totalPrice'),
            width: 100,
            render: (_, d) => amounts(d)?.totalPrice.toFixed(2) ?? '-',
          },
          {
            key: 'shortLong',
            priority: 3,
            title: t('project.shortLong'),
            width: 100,
            render: (_, d) => (
              <Select
                value={d.shortLong}
                aria-label={`${d.name} ${t('project.shortLong')}`}
                onChange={(v) => change(d.key, { shortLong: v })}
                options={[1, 2].map((v) => ({ value: v, label: t(`options.shortLong.${v}`) }))}
              />
            ),
          },
          {
            key: 'workday',
            priority: 3,
            title: t('project.workdaySetting'),
            width: 120,
            render: (_, d) => (
              <Select
                value={d.workdaySetting}
                aria-label={`${d.name} ${t('project.workdaySetting')}`}
                onChange={(v) => change(d.key, { workdaySetting: v })}
                options={[0, 1, 2].map((v) => ({ value: v, label: t(`options.workdaySetting.${v}`) }))}
              />
            ),
          },
          {
            key: 'bedside',
            priority: 3,
            title: t('project.bedside'),
            width: 60,
            render: (_, d) => (
              <Checkbox
                aria-label={`${d.name} ${t('project.bedside')}`}
                checked={Boolean(d.bedside)}
                onChange={(e) => change(d.key, { bedside: e.target.checked })}
              />
            ),
          },
          {
            key: 'execOffice',
            title: t('project.execOffice'),
            width: 140,
            render: (_, d) => (
              <Select
                value={d.execOfficeId}
                aria-label={`${d.name} ${t('project.execOffice')}`}
                status={status(d, 'execOfficeId')}
                onChange={(v) => change(d.key, { execOfficeId: v })}
                options={(staff.data?.offices ?? []).map((o) => ({ value: o.id, label: o.name }))}
              />
            ),
          },
          {
            key: 'link',
            priority: 3,
            title: t('project.link'),
            width: 140,
            render: (_, d) =>
              d.linkName
                ? `${d.linkName} ¥${d.linkPrice ?? '-'} (${t(`options.linkMethod.${d.linkMethod ?? 1}`)})`
                : '-',
          },
          {
            key: 'remove',
            title: '',
            width: 44,
            fixed: 'right',
            render: (_, d) => (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`${t('common:action.delete')} ${d.name}`}
                onClick={() => setDrafts((x) => x.filter((y) => y.key !== d.key))}
              />
            ),
          },
        ]}
      />
      {Object.values(errors).length > 0 && (
        <Typography.Paragraph type="danger" style={{ margin: '4px 0 0' }} data-testid="rx-error">
          {Object.values(errors)[0]}
        </Typography.Paragraph>
      )}
      {unassigned > 0 && (
        <Typography.Paragraph type="warning" style={{ margin: '4px 0 0' }} data-testid="rx-unassigned">
          {t('project.unassignedHint', { count: unassigned })}
        </Typography.Paragraph>
      )}
      <div className="pt-sum" data-testid="rx-sum">
        {t('project.sum', { price: sum.toFixed(2) })}
      </div>
      <Typography.Text type="secondary">{t('project.workOrderHint')}</Typography.Text>
    </Modal>
  );
}
