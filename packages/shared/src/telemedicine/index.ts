export * from './consultation-state';
export * from './telemedicine.schema';
export * from './call.schema';
export * from './proposal.schema';
