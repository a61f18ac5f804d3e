// Source data: the server-paged list, the detail page, the create/edit dialog and the delete
// confirmation.
import '../../shell-core';
export { SourceDataListPage } from './source-data-list-page';
export { SourceDataDetailPage } from './source-data-detail-page';
export { SourceDataDialog } from './source-data-dialog';
export { SourceDataDeleteDialog } from './source-data-delete-dialog';
