// Subjects: lists, detail, revisions and the subject dialogs (pairing is its own chunk: subject/pair-app).
// Pages get `{ params }`, popups `{ params, close }` (components/popup/popup-types).
import '../../shell-core';

export { SubjectListPage } from './subject-list-page';
export { SubjectDetailPage } from './subject-detail-page';
export { SubjectRevisionListPage } from './subject-revision-list-page';
export { SubjectRevisionPage } from './subject-revision-page';
export { SubjectDialog } from './subject-dialog';
export { SubjectDeleteDialog } from './subject-delete-dialog';
export { SubjectDiscontinueDialog } from './subject-discontinue-dialog';
export { SubjectEraseDialog } from './subject-erase-dialog';
export { SubjectLiftRestrictionDialog, SubjectRestrictDialog } from './subject-restrict-dialog';
export { SourceAssignerDialog } from './source-assigner-dialog';
