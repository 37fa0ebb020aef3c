import { Card, Skeleton, Space, Table } from 'antd';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { performanceEndpoints, type AchievementProjectRow } from '@rehab/shared';
import { useEndpointQuery } from '../../lib/endpoints';
import { href, paths } from '../../lib/paths';
import { ExportButton, MonthTag, PerfHeader, TotalRow, figure } from './common';

const sum = <T,>(rows: readonly T[], f: (r: T) => number) => rows.reduce((s, r) => s + f(r), 0);
/** The combo segment of the detail's address: the combo's name, `~` for projects prescribed alone. */
export const comboSegment = (combo: string) => (combo === '' ? '~' : combo);

/**
 * A therapist's month by project (/achievement/therapist-projects/:id/:month/:therapistName): each project template
 * and combo with its sessions, points and value; a project opens the sessions behind its figure.
 */
export function TherapistProjectsPage() {
  const { t } = useTranslation('performance');
  const { id = '0', month = '', therapistName = '' } = useParams();
  const staffId = Number(id);
  const list = useEndpointQuery(
    performanceEndpoints.therapistProjects,
    { body: { staffId, month } },
    { select: (r) => r.data },
  );
  const rows = list.data ?? [];
  const title = t('projects.title', { name: therapistName, month });
  return (
    <div className="perf-page" data-testid="achievement-projects-page">
      <PerfHeader
        back
        title={
          <Space>
            {title}
            <MonthTag month={month} />
          </Space>
        }
        extra={
          <ExportButton
            title={title}
            headers={[t('project'), t('combo'), t('col.sessions'), t('col.points'), t('col.value')]}
            rows={rows.map((r) => [r.templateName, r.comboName, r.sessions, r.points, r.value / 100])}
            sumColumns={[2, 3, 4]}
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
          <Table<AchievementProjectRow>
            rowKey={(r) => `${r.templateId}:${r.comboName}`}
            size="small"
            pagination={false}
            dataSource={rows}
            locale={{ emptyText: t('empty') }}
            data-testid="perf-projects"
            columns={[
              {
                key: 'project',
                title: t('project'),
                render: (_, r) => (
                  <Link
                    to={href(paths.achievementTherapistDetail, {
                      templateId: r.templateId,
                      id: staffId,
                      month,
                      comboId: 0,
                      combo: comboSegment(r.comboName),
                    })}
                    data-testid={`perf-project-${r.templateId}`}
                  >
                    {r.templateName || t('noTemplate')}
                  </Link>
                ),
              },
              { key: 'combo', title: t('combo'), render: (_, r) => r.comboName || '-' },
              { key: 'sessions', title: t('col.sessions'), align: 'right', dataIndex: 'sessions' },
              { key: 'points', title: t('col.points'), align: 'right', dataIndex: 'points' },
              { key: 'value', title: t('col.value'), align: 'right', render: (_, r) => figure(r.value) },
            ]}
            summary={(data) =>
              data.length > 0 ? (
                <TotalRow
                  label={t('total')}
                  offset={2}
                  cells={[sum(data, (r) => r.sessions), sum(data, (r) => r.points), figure(sum(data, (r) => r.value))]}
                />
              ) : null
            }
          />
        )}
      </Card>
    </div>
  );
}
