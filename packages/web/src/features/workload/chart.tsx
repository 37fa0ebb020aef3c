export { Chart } from '../../components/echart';

/** Work-order status colours used by every workload chart and tag. */
export const STATUS_COLORS = {
  completed: '#52c41a',
  unfinished: '#1677ff',
  expired: '#fa8c16',
  invalidated: '#bfbfbf',
  minutes: '#722ed1',
} as const;
