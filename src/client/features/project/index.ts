// Projects: list, detail with its tabs, the create/edit and the delete dialog.
import '../../shell-core';
export { ProjectListPage } from './project-list-page';
export { ProjectDetailPage } from './project-detail-page';
export { ProjectDialog } from './project-dialog';
export { ProjectDeleteDialog } from './project-delete-dialog';
