// Source types: the client-sorted list, the detail page, the create/edit dialog with source-data rows
// and the delete confirmation.
import '../../shell-core';
export { SourceTypeListPage } from './source-type-list-page';
export { SourceTypeDetailPage } from './source-type-detail-page';
export { SourceTypeDialog } from './source-type-dialog';
export { SourceTypeDeleteDialog } from './source-type-delete-dialog';
