// Groups inside a project: the create dialog and the confirmation for deleting a group with subjects.
// The Groups tab itself (group-list.tsx) is rendered by the project detail page.
import '../../shell-core';
export { GroupDialog } from './group-dialog';
export { GroupDeleteDialog } from './group-delete-dialog';
