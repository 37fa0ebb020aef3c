import { useState } from 'react';
import { App, Button, Modal, Space, Typography, type TablePaginationConfig } from 'antd';
import { KeyboardPopconfirm } from '../../components/keyboard-popconfirm';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { AssessPerm, isEvaluatorOf, isOpenAssessment, type AssessProjectRow } from '@rehab/shared';
import { usePermission, useSession } from '../../lib/session';
import { useAuthorizeAssessment, useCancelAssessment, useEndAssessment, useEvaluators } from './api';
import { FitTable, type PriorityColumn } from '../../components/fit-columns';
import { assessPaths } from './assess-paths';
import { AssessStatusTag, BandText } from './status-tag';
import { FilterSelect } from '../../components/filter-select';

export const TIME = 'YYYY-MM-DD HH:mm';

/** The row actions a user may take on a project: fill in, view, report, end, cancel, authorize. */
export function useAssessActions() {
  const { user } = useSession();
  const can = usePermission();
  return (r: Pick<AssessProjectRow, 'status' | 'assessorId' | 'authorizedId'>) => {
    const open = isOpenAssessment(r.status);
    return {
      evaluate: open && can(AssessPerm.evaluate) && Boolean(user) && isEvaluatorOf(r, user!.id),
      view: r.status === 3,
      end: open && can(AssessPerm.end),
      cancel: open && can(AssessPerm.cancel),
      authorize: open && can(AssessPerm.authorize),
    };
  };
}

/** Asks for another evaluator (members with evaluation authority, the assessor left out) and authorizes to them. */
export function AuthorizeModal({ project, onClose }: { project: AssessProjectRow | null; onClose: () => void }) {
  const { t } = useTranslation('assessments');
  const { message } = App.useApp();
  const evaluators = useEvaluators();
  const authorize = useAuthorizeAssessment();
  const [evaluatorId, setEvaluatorId] = useState<number>();
  const close = () => {
    setEvaluatorId(undefined);
    onClose();
  };
  return (
    <Modal
      open={Boolean(project)}
      title={t('authorize.title')}
      onCancel={close}
      okText={t('authorize.ok')}
      cancelText={t('common:action.cancel')}
      confirmLoading={authorize.isPending}
      okButtonProps={{ disabled: !evaluatorId, 'data-testid': 'authorize-ok' } as never}
      onOk={async () => {
        try {
          await authorize.mutateAsync({ id: project!.id, evaluatorId: evaluatorId! });
          message.success(t('common:status.success', { action: t('action.authorize') }));
          close();
        } catch (e) {
          message.error(e instanceof Error ? e.message : t('common:status.failure', { action: t('action.authorize') }));
        }
      }}
      width={420}
    >
      <Typography.Paragraph type="secondary">
        {project ? t('authorize.hint', { name: project.reportName, assessor: project.assessorName }) : null}
      </Typography.Paragraph>
      <FilterSelect
        className="as-full"
        placeholder={t('authorize.placeholder')}
        value={evaluatorId}
        onChange={setEvaluatorId}
        loading={evaluators.isLoading}
        options={(evaluators.data ?? [])
          .filter((u) => u.id !== project?.assessorId)
          .map((u) => ({ value: u.id, label: u.name }))}
        showSearch={{ optionFilterProp: 'label' }}
        data-testid="authorize-evaluator"
      />
    </Modal>
  );
}

type Props = {
  rows: AssessProjectRow[];
  loading: boolean;
  pagination: TablePaginationConfig | false;
  /** leave out the patient column (the patient's own screen) */
  hidePatient?: boolean;
};

/** The projects table of the lists and the patient's assessment screen, with the actions of spec section 4. */
export function AssessTable({ rows, loading, pagination, hidePatient }: Props) {
  const { t } = useTranslation('assessments');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const actions = useAssessActions();
  const end = useEndAssessment();
  const cancel = useCancelAssessment();
  const [authorizing, setAuthorizing] = useState<AssessProjectRow | null>(null);
  const run = async (fn: () => Promise<unknown>, action: string) => {
    try {
      await fn();
      message.success(t('common:status.success', { action }));
    } catch (e) {
      message.error(e instanceof Error ? e.message : t('common:status.failure', { action }));
    }
  };
  const columns: PriorityColumn<AssessProjectRow>[] = [
    ...(hidePatient
      ? []
      : [
          {
            key: 'patient',
            title: t('col.patient'),
            dataIndex: 'patientName',
            width: 110,
            render: (name: string, r: AssessProjectRow) => (
              <Link to={assessPaths.patientAssess(r.treatmentId)}>{name}</Link>
            ),
          },
        ]),
    {
      key: 'report',
      title: t('col.report'),
      dataIndex: 'reportName',
      ellipsis: true,
      width: 200,
      render: (name: string, r: AssessProjectRow) => (
        <Link to={assessPaths.project(r.id)} data-testid="assess-open">
          {name}
        </Link>
      ),
    },
    {
      key: 'scale',
      title: t('col.scale'),
      dataIndex: 'abbr',
      width: 110,
      priority: 2,
      render: (abbr: string, r: AssessProjectRow) => <span title={r.methodName}>{abbr}</span>,
    },
    {
      key: 'phase',
      title: t('col.phase'),
      dataIndex: 'phase',
      width: 100,
      priority: 3,
      render: (p: number) => t(`phase.${p}`),
    },
    {
      key: 'assessor',
      title: t('col.assessor'),
      dataIndex: 'assessorName',
      width: 150,
      priority: 2,
      ellipsis: true,
      render: (name: string, r: AssessProjectRow) => (r.authorizedName ? `${name} → ${r.authorizedName}` : name),
    },
    {
      key: 'plannedTime',
      title: t('col.plannedTime'),
      dataIndex: 'plannedTime',
      width: 150,
      priority: 2,
      render: (v: string) => dayjs(v).format(TIME),
    },
    {
      key: 'status',
      title: t('col.status'),
      dataIndex: 'status',
      width: 100,
      render: (s: number) => <AssessStatusTag status={s} />,
    },
    {
      key: 'score',
      title: t('col.score'),
      dataIndex: 'total',
      width: 200,
      render: (total: number | null, r: AssessProjectRow) =>
        total === null ? (
          '-'
        ) : (
          <span data-testid="assess-score">
            {total} · <BandText band={r.band} />
          </span>
        ),
    },
    {
      title: t('col.actions'),
      key: 'actions',
      fixed: 'right',
      width: 230,
      render: (_: unknown, r: AssessProjectRow) => {
        const a = actions(r);
        return (
          <Space size={4} wrap={false}>
            {a.evaluate && (
              <Button type="link" size="small" onClick={() => navigate(assessPaths.gauge(r))} data-testid="assess-fill">
                {r.status === 2 ? t('action.resume') : t('action.fill')}
              </Button>
            )}
            {a.view && (
              <Button
                type="link"
                size="small"
                onClick={() => navigate(assessPaths.detail(r.id))}
                data-testid="assess-view"
              >
                {t('action.view')}
              </Button>
            )}
            {a.view && (
              <Button
                type="link"
                size="small"
                onClick={() => navigate(assessPaths.viewReport(r.id))}
                data-testid="assess-report"
              >
                {t('action.report')}
              </Button>
            )}
            {a.authorize && (
              <Button type="link" size="small" onClick={() => setAuthorizing(r)} data-testid="assess-authorize">
                {t('action.authorize')}
              </Button>
            )}
            {a.end && (
              <KeyboardPopconfirm
                title={t('confirm.end')}
                onConfirm={() => run(() => end.mutateAsync(r.id), t('action.end'))}
              >
                <Button type="link" size="small" data-testid="assess-end">
                  {t('action.end')}
                </Button>
              </KeyboardPopconfirm>
            )}
            {a.cancel && (
              <KeyboardPopconfirm
                title={t('confirm.cancel')}
                onConfirm={() => run(() => cancel.mutateAsync(r.id), t('action.cancel'))}
              >
                <Button type="link" size="small" danger data-testid="assess-cancel">
                  {t('action.cancel')}
                </Button>
              </KeyboardPopconfirm>
            )}
          </Space>
        );
      },
    },
  ];
  return (
    <>
      <FitTable<AssessProjectRow>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={rows}
        pagination={pagination}
        columns={columns}
        data-testid="assess-table"
        onRow={(r) => ({ 'data-testid': `assess-row-${r.id}` }) as never}
      />
      <AuthorizeModal project={authorizing} onClose={() => setAuthorizing(null)} />
    </>
  );
}
