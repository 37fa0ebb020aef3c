export { Chart as StatChart } from '../../components/echart';

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
