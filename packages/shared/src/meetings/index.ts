export * from './meeting-state';
export * from './meeting.schema';
