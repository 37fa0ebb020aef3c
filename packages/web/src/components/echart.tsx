import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/**
 * An echarts chart (bar, line and pie) that follows its container's width; `theme` 'dark' for the big screen;
 * `onPick` gets the category index of a clicked bar, point or slice (a drill-down).
 */
export function Chart({
  option,
  height = 320,
  testId,
  theme,
  onPick,
}: {
  option: EChartsCoreOption;
  height?: number;
  testId?: string;
  theme?: 'dark';
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
    const instance = echarts.init(ref.current, theme);
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
  }, [theme]);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return (
    <div ref={ref} style={{ width: '100%', height, cursor: onPick ? 'pointer' : undefined }} data-testid={testId} />
  );
}
