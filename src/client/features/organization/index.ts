// Organizations: list, detail (Projects and Permissions tabs), the create/edit and the delete dialog.
import '../../shell-core';
export { OrganizationListPage } from './organization-list-page';
export { OrganizationDetailPage } from './organization-detail-page';
export { OrganizationDialog } from './organization-dialog';
export { OrganizationDeleteDialog } from './organization-delete-dialog';
export { OrganizationTotals } from './organization-totals';
