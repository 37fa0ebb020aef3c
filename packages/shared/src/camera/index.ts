export * from './camera.schema';
