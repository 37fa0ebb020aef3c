export * from './heartbeat-state';
export * from './heartbeat.schema';
