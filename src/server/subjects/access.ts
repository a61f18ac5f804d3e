// LEGACY re-export; import from auth/guards.
export { allowed, requireAccess as requireAllowed } from '../auth/guards';
