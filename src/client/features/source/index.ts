// Sources (spec 001 §2).
// PLACEHOLDERS: whoever builds this area replaces these exports with the real components (same names, or
// update src/client/app.tsx). Pages get `{ params }`, popups `{ params, close }` (components/popup/popup-types).
import '../../shell-core';
import { placeholderPage, placeholderPopup } from '../../components/placeholder-page';

export const SourceListPage = placeholderPage('managementPortalApp.source.home.title', [
  ['general-source-new', 'managementPortalApp.source.home.createLabel'],
]);
export const SourceDetailPage = placeholderPage('managementPortalApp.source.detail.title');
export const SourceDialog = placeholderPopup('managementPortalApp.source.home.createOrEditLabel');
export const SourceDeleteDialog = placeholderPopup('entity.delete.title');
