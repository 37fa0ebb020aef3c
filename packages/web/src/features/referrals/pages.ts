export { ReferralListPage, TransferListPage } from './list-page';
export { TransferDetailPage } from './transfer-detail-page';
