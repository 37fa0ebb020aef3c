export { Chart } from '../../components/echart';

/**
 * Work-order status colours used by every workload chart and by the numbers in tables and cards: the theme's
 * success and primary, orange 8 and purple 7, each at least 4.5:1 on white (WCAG 1.4.3, issue 24).
 */
export const STATUS_COLORS = {
  completed: '#2a7f0c',
  unfinished: '#1668dc',
  expired: '#ad4e00',
  // charts only (never text)
  invalidated: '#bfbfbf',
  minutes: '#531dab',
} as const;
