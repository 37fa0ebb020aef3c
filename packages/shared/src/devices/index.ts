export * from './devices.schema';
