// Global revisions.
import '../../shell-core';
export { RevisionListPage } from './revision-list-page';
export { RevisionPage } from './revision-page';
