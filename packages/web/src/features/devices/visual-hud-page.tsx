import { useMemo } from 'react';
import { Alert, Card, Col, Empty, Row, Space, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { devicesEndpoints, shownState } from '@rehab/shared';
import { Chart } from '../../components/echart';
import { useEndpointQuery } from '../../lib/endpoints';
import { StateTag, duration, timeText, useChosenDevice, useLiveDevices, useNow } from './common';

/**
 * The live page of one device (/DasEquipment/visualHUD?id=): the patient (masked name), game, elapsed time,
 * repetitions and the score trend of the running session, and the offline state. Each sample batch rings the
 * device doorbell and the page fetches again; a poll every 15 s shows a device that went silent.
 */
export function VisualHudPage() {
  const { t } = useTranslation('devices');
  useLiveDevices(150);
  const { id, picker } = useChosenDevice();
  const hud = useEndpointQuery(
    devicesEndpoints.hud,
    { params: { id: id ?? 0 } },
    { select: (r) => r.data, enabled: id !== null, refetchInterval: 15_000 },
  );
  const h = hud.data;
  const s = h?.session ?? null;
  const now = useNow();
  const elapsed = s ? (now - Date.parse(s.startedAt)) / 1000 : null;
  const state = h ? shownState(h, now) : null;
  const option = useMemo(
    () => ({
      grid: { left: 40, right: 20, top: 20, bottom: 30 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: (s?.scores ?? []).map((x) => new Date(x.ts).toLocaleTimeString()) },
      yAxis: { type: 'value' },
      series: [{ type: 'line', smooth: true, areaStyle: {}, data: (s?.scores ?? []).map((x) => x.value) }],
    }),
    [s?.scores],
  );
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={
          <Space>
            {t('hud.title')}
            {state && <StateTag state={state} />}
          </Space>
        }
        extra={picker}
        loading={hud.isLoading}
      >
        {h && state === 'offline' && (
          <Alert
            type="error"
            showIcon
            data-testid="hud-offline"
            message={t('hud.offline', { time: timeText(h.lastActivityAt) })}
            style={{ marginBottom: 16 }}
          />
        )}
        {!s ? (
          <Empty description={t('hud.idle')} data-testid="hud-idle" />
        ) : (
          <Row gutter={[24, 24]} data-testid="hud-session">
            <Col xs={12} md={6}>
              <Statistic title={t('session.patient')} value={s.patientMasked ?? t('hud.unbound')} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title={t('session.game')} value={s.game} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title={t('hud.elapsed')} value={duration(elapsed)} />
            </Col>
            <Col xs={12} md={6}>
              <div data-testid="hud-repetitions">
                <Statistic title={t('session.repetitions')} value={s.repetitions ?? '-'} />
              </div>
            </Col>
            <Col span={24}>
              <Chart option={option} height={300} testId="hud-chart" />
            </Col>
          </Row>
        )}
      </Card>
    </Space>
  );
}
