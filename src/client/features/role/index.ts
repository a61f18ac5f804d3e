// Role detail (spec 001 §2).
export { RoleDetailPage } from './role-detail-page';
