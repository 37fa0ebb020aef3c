import { Card, Empty, List, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { logsEndpoints } from '@rehab/shared';
import { useEndpointQuery } from '../../lib/endpoints';

/**
 * Who has looked at this patient (issue 22): each reader's latest read of each kind from the access
 * log, newest first. Looking at this panel is itself no read of the patient's data.
 */
export function PatientViewersPanel({ patientId }: { patientId: number }) {
  const { t } = useTranslation('patients');
  const viewers = useEndpointQuery(
    logsEndpoints.patientViewers,
    { params: { id: patientId } },
    { select: (r) => r.data },
  );
  const rows = viewers.data ?? [];
  return (
    <Card size="small" title={t('viewers.title')} data-testid="patient-viewers" loading={viewers.isLoading}>
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('viewers.none')} />
      ) : (
        <List
          size="small"
          dataSource={rows.slice(0, 10)}
          renderItem={(row) => (
            <List.Item>
              <div
                style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}
                data-testid="patient-viewer"
              >
                <span>{row.userName ?? '-'}</span>
                <Tag>{t(`viewers.kinds.${row.kind}`)}</Tag>
                <Typography.Text type="secondary">{dayjs(row.createdAt).format('YYYY-MM-DD HH:mm')}</Typography.Text>
              </div>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
