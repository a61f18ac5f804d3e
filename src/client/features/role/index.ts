// Role detail (spec 001 §2).
import '../../shell-core';
export { RoleDetailPage } from './role-detail-page';
