export { TubesPage } from './tubes-page';
export { TubeDetailPage } from './tube-detail-page';
export { LeasePage } from './lease-page';
