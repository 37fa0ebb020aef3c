export * from './consultation-state';
export * from './telemedicine.schema';
