export { TaskListPage } from './task-list-page';
export { TaskDetailPage } from './task-detail-page';
