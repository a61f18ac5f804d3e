// Source types (spec 001 §2).
// PLACEHOLDERS: whoever builds this area replaces these exports with the real components (same names, or
// update src/client/app.tsx). Pages get `{ params }`, popups `{ params, close }` (components/popup/popup-types).
import '../../shell-core';
import { placeholderPage, placeholderPopup } from '../../components/placeholder-page';

export const SourceTypeListPage = placeholderPage('managementPortalApp.sourceType.home.title', [
  ['source-type-new', 'managementPortalApp.sourceType.home.createLabel'],
]);
export const SourceTypeDetailPage = placeholderPage('managementPortalApp.sourceType.detail.title');
export const SourceTypeDialog = placeholderPopup('managementPortalApp.sourceType.home.createOrEditLabel');
export const SourceTypeDeleteDialog = placeholderPopup('entity.delete.title');
