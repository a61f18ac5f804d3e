// Sources: the general list, one source, and the create / edit / delete popups. The project page's
// Sources tab embeds source-list.tsx. Pages get `{ params }`, popups `{ params, close }` (components/popup/popup-types).
import '../../shell-core';

export { SourceListPage } from './source-list-page';
export { SourceDetailPage } from './source-detail-page';
export { SourceDialog } from './source-dialog';
export { SourceDeleteDialog } from './source-delete-dialog';
