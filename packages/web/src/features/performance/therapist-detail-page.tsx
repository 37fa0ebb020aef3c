import { Card, Skeleton, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { performanceEndpoints, type AchievementSessionRow } from '@rehab/shared';
import { useEndpointQuery } from '../../lib/endpoints';
import { ExportButton, KindTag, MonthTag, PerfHeader, TotalRow, figure } from './common';

/**
 * The sessions behind a figure (/achievement/therapist-detail/:templateId/:id/:month/:comboId/:combo): each
 * completed session of the therapist's month for the project template and combo (`~`: prescribed alone), how it
 * was credited, and the rule version (effective day, points, coefficient) that valued it.
 */
export function TherapistDetailPage() {
  const { t } = useTranslation('performance');
  const { templateId = '0', id = '0', month = '', combo = '~' } = useParams();
  const list = useEndpointQuery(
    performanceEndpoints.therapistDetail,
    { body: { staffId: Number(id), month, templateId: Number(templateId), combo: combo === '~' ? '' : combo } },
    { select: (r) => r.data },
  );
  const rows = list.data ?? [];
  const title = t('detail.title', { month, project: rows[0]?.projectName ?? '' });
  return (
    <div className="perf-page" data-testid="achievement-detail-page">
      <PerfHeader
        back
        title={
          <Space>
            {title}
            {combo !== '~' && <span>({combo})</span>}
            <MonthTag month={month} />
          </Space>
        }
        extra={
          <ExportButton
            title={title}
            headers={[
              t('detail.day'),
              t('detail.patient'),
              t('project'),
              t('detail.kind'),
              t('detail.rule'),
              t('col.points'),
              t('detail.coefficient'),
              t('col.value'),
            ]}
            rows={rows.map((r) => [
              r.treatDate,
              r.patientName,
              r.projectName,
              t(`kind.${r.kind === 2 ? 'authorized' : r.kind === 3 ? 'substitute' : 'own'}`),
              r.ruleEffectiveFrom ?? '-',
              r.points,
              r.coefficientX100 / 100,
              r.value / 100,
            ])}
            sumColumns={[5, 7]}
          />
        }
      />
      <Card size="small">
        {list.isLoading ? (
          <Skeleton active />
        ) : list.isError ? (
          <Card type="inner" data-testid="perf-error">
            {list.error.message}
          </Card>
        ) : (
          <Table<AchievementSessionRow>
            rowKey="factId"
            size="small"
            pagination={false}
            dataSource={rows}
            locale={{ emptyText: t('empty') }}
            data-testid="perf-sessions"
            scroll={{ x: 900 }}
            columns={[
              {
                key: 'day',
                title: t('detail.day'),
                render: (_, r) => dayjs(r.treatDate).format('YYYY-MM-DD'),
              },
              { key: 'patient', title: t('detail.patient'), dataIndex: 'patientName' },
              { key: 'project', title: t('project'), dataIndex: 'projectName' },
              { key: 'kind', title: t('detail.kind'), render: (_, r) => <KindTag kind={r.kind} /> },
              {
                key: 'rule',
                title: t('detail.rule'),
                render: (_, r) =>
                  r.ruleVersionId
                    ? t('detail.ruleText', { id: r.ruleVersionId, from: r.ruleEffectiveFrom })
                    : t('detail.noRule'),
              },
              { key: 'points', title: t('col.points'), align: 'right', dataIndex: 'points' },
              {
                key: 'coefficient',
                title: t('detail.coefficient'),
                align: 'right',
                render: (_, r) => figure(r.coefficientX100),
              },
              { key: 'value', title: t('col.value'), align: 'right', render: (_, r) => figure(r.value) },
            ]}
            summary={(data) =>
              data.length > 0 ? (
                <TotalRow
                  label={t('totalSessions', { n: data.length })}
                  offset={5}
                  cells={[data.reduce((s, r) => s + r.points, 0), '', figure(data.reduce((s, r) => s + r.value, 0))]}
                />
              ) : null
            }
          />
        )}
      </Card>
    </div>
  );
}
