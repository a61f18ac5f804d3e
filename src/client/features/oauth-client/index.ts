// OAuth clients: the list page and its create/edit and delete popups, routed by src/client/app.tsx.
import '../../shell-core';

export { OAuthClientListPage } from './oauth-client-list-page';
export { OAuthClientDialog } from './oauth-client-dialog';
export { OAuthClientDeleteDialog } from './oauth-client-delete-dialog';
