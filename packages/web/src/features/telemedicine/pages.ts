export { TelemedicineListPage } from './list-page';
export { TelemedicineDetailPage } from './detail-page';
export { TelemedicineAssessProjectPage, TelemedicineTreatProjectPage } from './proposals-page';
