// Source data (spec 001 §2).
// PLACEHOLDERS: whoever builds this area replaces these exports with the real components (same names, or
// update src/client/app.tsx). Pages get `{ params }`, popups `{ params, close }` (components/popup/popup-types).
import '../../shell-core';
import { placeholderPage, placeholderPopup } from '../../components/placeholder-page';

export const SourceDataListPage = placeholderPage('managementPortalApp.sourceData.home.title', [
  ['source-data-new', 'managementPortalApp.sourceData.home.createLabel'],
]);
export const SourceDataDetailPage = placeholderPage('managementPortalApp.sourceData.detail.title');
export const SourceDataDialog = placeholderPopup('managementPortalApp.sourceData.home.createOrEditLabel');
export const SourceDataDeleteDialog = placeholderPopup('entity.delete.title');
