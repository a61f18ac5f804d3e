// OAuth clients (spec 001 §2).
// PLACEHOLDERS: whoever builds this area replaces these exports with the real components (same names, or
// update src/client/app.tsx). Pages get `{ params }`, popups `{ params, close }` (components/popup/popup-types).
import '../../shell-core';
import { placeholderPage, placeholderPopup } from '../../components/placeholder-page';

export const OAuthClientListPage = placeholderPage('managementPortalApp.oauthClient.home.title', [
  ['oauth-client-new', 'managementPortalApp.oauthClient.home.createLabel'],
]);
export const OAuthClientDialog = placeholderPopup('managementPortalApp.oauthClient.home.createOrEditLabel');
export const OAuthClientDeleteDialog = placeholderPopup('entity.delete.title');
