// Organizations (spec 001 §2): list, detail (Projects and Permissions tabs) and the create/edit dialog.
import '../../shell-core';
export { OrganizationListPage } from './organization-list-page';
export { OrganizationDetailPage } from './organization-detail-page';
export { OrganizationDialog } from './organization-dialog';
