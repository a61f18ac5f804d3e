// Global revisions (spec 001 §2).
export { RevisionListPage } from './revision-list-page';
