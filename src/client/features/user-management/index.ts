// User management: list, detail and the user dialogs. One lazy chunk.
import '../../shell-core';
export { UserListPage } from './user-list-page';
export { UserDetailPage } from './user-detail-page';
export { UserDialog, UserNewAdminDialog } from './user-dialog';
export { UserDeleteDialog, UserSendActivationDialog } from './user-confirm-dialogs';
