import { useMemo, useState } from 'react';
import { App, Button, Card, Col, Empty, List, Row, Space } from 'antd';
import { KeyboardPopconfirm } from '../../components/keyboard-popconfirm';
import { useTranslation } from 'react-i18next';
import { DevicePerm, devicesEndpoints } from '@rehab/shared';
import { Chart } from '../../components/echart';
import { useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';
import { usePermission } from '../../lib/session';
import { SessionTable } from './equipment-info-page';
import { useLiveDevices } from './common';

/**
 * Training sessions per patient (/DasEquipment/gameDrill): the patients with device sessions, and for the one
 * chosen the trend of score, repetitions and range of motion over the sessions and the sessions themselves; a
 * therapist confirms an ended session bound to a work order into its treatment record.
 */
export function GameDrillPage() {
  const { t } = useTranslation('devices');
  const { message } = App.useApp();
  const can = usePermission();
  useLiveDevices();
  const patients = useEndpointQuery(devicesEndpoints.sessionPatients, {}, { select: (r) => r.data });
  const [chosen, setChosen] = useState<number | null>(null);
  const patientId = chosen ?? patients.data?.[0]?.patientId ?? null;
  const sessions = useEndpointQuery(
    devicesEndpoints.sessionPage,
    { body: { patientId: patientId ?? undefined, page: 1, limit: 100 } },
    { select: (r) => r.data.list, enabled: patientId !== null },
  );
  const confirm = useEndpointMutation(devicesEndpoints.confirm, {
    invalidates: [devicesEndpoints.sessionPage],
    onError: (e) => message.error(e.message),
    onSuccess: () => message.success(t('session.confirmDone')),
  });
  const rows = useMemo(() => sessions.data ?? [], [sessions.data]);
  const option = useMemo(() => {
    const ordered = [...rows].filter((r) => r.status !== 'running').reverse();
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0, data: [t('session.score'), t('session.repetitions'), t('session.rom')] },
      grid: { left: 40, right: 24, top: 36, bottom: 30 },
      xAxis: { type: 'category', data: ordered.map((r) => new Date(r.startedAt).toLocaleDateString()) },
      yAxis: { type: 'value' },
      series: [
        { name: t('session.score'), type: 'line', data: ordered.map((r) => r.score) },
        { name: t('session.repetitions'), type: 'line', data: ordered.map((r) => r.repetitions) },
        { name: t('session.rom'), type: 'line', data: ordered.map((r) => r.rangeOfMotion) },
      ],
    };
  }, [rows, t]);
  return (
    <Row gutter={16} wrap={false} align="top">
      <Col flex="220px">
        <Card title={t('drill.patients')} size="small" loading={patients.isLoading}>
          <List
            size="small"
            dataSource={patients.data ?? []}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
            renderItem={(p) => (
              <List.Item
                onClick={() => setChosen(p.patientId)}
                style={{ cursor: 'pointer', background: p.patientId === patientId ? '#e6f4ff' : undefined }}
                data-testid="drill-patient"
              >
                <span>{p.name}</span>
                <span style={{ color: 'rgba(0, 0, 0, 0.6)' }}>{t('drill.count', { n: p.sessions })}</span>
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Card title={t('drill.trend')} size="small">
            {rows.length ? <Chart option={option} height={280} testId="drill-chart" /> : <Empty />}
          </Card>
          <Card title={t('drill.sessions')} size="small">
            <SessionTable
              rows={rows}
              extra={(r) =>
                can(DevicePerm.confirm) && r.status !== 'running' && r.workOrderId && !r.confirmedAt ? (
                  <KeyboardPopconfirm
                    title={t('session.confirmAsk')}
                    onConfirm={() => confirm.mutate({ params: { id: r.id } })}
                  >
                    <Button size="small" type="link">
                      {t('session.confirm')}
                    </Button>
                  </KeyboardPopconfirm>
                ) : null
              }
            />
          </Card>
        </Space>
      </Col>
    </Row>
  );
}
