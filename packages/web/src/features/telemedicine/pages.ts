export { TelemedicineListPage } from './list-page';
export { TelemedicineDetailPage } from './detail-page';
