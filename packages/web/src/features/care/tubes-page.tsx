import { useState } from 'react';
import { Button, Checkbox, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TUBE_KINDS, TUBE_STATUSES, TubePerm, type TubeKind, type TubeRow, type TubeStatus } from '@rehab/shared';
import { href, paths } from '../../lib/paths';
import { usePermission } from '../../lib/session';
import { useTablePaging } from '../../components/use-table-paging';
import { useTubes } from './api';
import { RiskTag, TubeStatusTag } from './common';
import { PatientListFrame } from '../../components/patient-list-frame';
import { TubeFormModal } from './tube-form-modal';
import { FilterSelect } from '../../components/filter-select';

export const tubeHref = (r: Pick<TubeRow, 'id' | 'patientId' | 'status' | 'treatmentId'>) =>
  href(paths.pipelineDetail, {
    patientId: r.patientId,
    id: r.id,
    status: r.status,
    ...(r.treatmentId ? { treatmentId: r.treatmentId } : {}),
  });

/**
 * Tube and catheter care (/pipeline/pipeline-manage): the organization's tubes, those due for a change first and
 * marked, with their risk of unplanned removal; a tube opens its detail (care records, removal).
 */
export function TubesPage() {
  const { t } = useTranslation('care');
  const can = usePermission();
  const { page, limit, setPage, pagination } = useTablePaging();
  const [patientName, setPatientName] = useState('');
  const [kind, setKind] = useState<TubeKind | undefined>();
  const [status, setStatus] = useState<TubeStatus | undefined>();
  const [changeDue, setChangeDue] = useState(false);
  const [adding, setAdding] = useState(false);
  const tubes = useTubes({
    page,
    limit,
    ...(patientName ? { patientName } : {}),
    ...(kind ? { kind } : {}),
    ...(status ? { status } : {}),
    ...(changeDue ? { changeDue } : {}),
  });

  const columns: ColumnsType<TubeRow> = [
    {
      key: 'patient',
      title: t('patient'),
      render: (_, r) => (
        <Link to={tubeHref(r)} data-testid="tube-open">
          {r.patientName}
        </Link>
      ),
    },
    {
      key: 'kind',
      title: t('tube.kind'),
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <span>{t(`kind.${r.kind}`)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.site}
            {r.size ? ` · ${r.size}` : ''}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'placed',
      title: t('tube.placedOn'),
      width: 150,
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <span>{r.placedOn}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.placedBy}
          </Typography.Text>
        </Space>
      ),
    },
    { key: 'days', title: t('tube.days'), width: 90, render: (_, r) => t('daysValue', { count: r.days }) },
    {
      key: 'change',
      title: t('tube.plannedChangeOn'),
      width: 210,
      render: (_, r) => (
        <Space size={4}>
          <span>{r.plannedChangeOn ?? '—'}</span>
          {r.changeDue && (
            <Tag color="red" data-testid="tube-change-due">
              {t('tube.changeDue')}
            </Tag>
          )}
        </Space>
      ),
    },
    {
      key: 'risk',
      title: t('risk.title'),
      width: 120,
      render: (_, r) => <RiskTag level={r.riskLevel} score={r.riskScore} />,
    },
    { key: 'status', title: t('status'), width: 100, render: (_, r) => <TubeStatusTag status={r.status} /> },
  ];

  return (
    <>
      <PatientListFrame
        title={t('tube.title')}
        testId="tubes-page"
        onPatientName={(name) => {
          setPatientName(name);
          setPage(1);
        }}
        filters={
          <>
            <FilterSelect
              allowClear
              placeholder={t('tube.kind')}
              style={{ width: 150 }}
              value={kind}
              onChange={(v) => {
                setKind(v);
                setPage(1);
              }}
              options={TUBE_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
            />
            <FilterSelect
              allowClear
              placeholder={t('status')}
              style={{ width: 120 }}
              value={status}
              onChange={(v) => {
                setStatus(v);
                setPage(1);
              }}
              options={TUBE_STATUSES.map((s) => ({ value: s, label: t(`tubeStatus.${s}`) }))}
            />
            <Checkbox
              checked={changeDue}
              onChange={(e) => {
                setChangeDue(e.target.checked);
                setPage(1);
              }}
              data-testid="tube-due-only"
            >
              {t('tube.dueOnly')}
            </Checkbox>
          </>
        }
        extra={
          can(TubePerm.save) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="tube-add">
              {t('tube.add')}
            </Button>
          )
        }
        query={tubes}
        columns={columns}
        pagination={pagination}
        tableTestId="tube-table"
      />
      <TubeFormModal open={adding} onClose={() => setAdding(false)} />
    </>
  );
}
