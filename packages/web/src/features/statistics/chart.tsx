import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** The colours of the statistics charts, one per metric family. */
export const METRIC_COLORS = {
  sessions: '#1677ff',
  visits: '#13c2c2',
  patients: '#52c41a',
  newPatients: '#fa8c16',
  minutes: '#722ed1',
  authorizedSessions: '#eb2f96',
  substituteSessions: '#faad14',
  received: '#52c41a',
  refunds: '#ff4d4f',
  receivable: '#1677ff',
} as const;

/**
 * An echarts chart that follows its container's width; `onPick` gets the category index of a clicked bar or point
 * (the drill-down), and the chart's axis labels are clickable too.
 */
export function StatChart({
  option,
  height = 320,
  testId,
  onPick,
}: {
  option: EChartsCoreOption;
  height?: number;
  testId?: string;
  onPick?: (index: number) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  }, [onPick]);

  useEffect(() => {
    if (!ref.current) return;
    const instance = echarts.init(ref.current);
    chart.current = instance;
    instance.on('click', (e) => {
      if (typeof e.dataIndex === 'number') pick.current?.(e.dataIndex);
    });
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(ref.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return (
    <div ref={ref} style={{ width: '100%', height, cursor: onPick ? 'pointer' : undefined }} data-testid={testId} />
  );
}
