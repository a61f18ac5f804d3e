// Role detail.
import '../../shell-core';
export { RoleDetailPage } from './role-detail-page';
