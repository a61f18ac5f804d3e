// Global revisions (spec 001 §2).
import '../../shell-core';
export { RevisionListPage } from './revision-list-page';
export { RevisionPage } from './revision-page';
