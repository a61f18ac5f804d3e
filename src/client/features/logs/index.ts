// Loggers (spec 000 §2).
// PLACEHOLDERS: whoever builds this area replaces these exports with the real components (same names, or
// update src/client/app.tsx). Pages get `{ params }`, popups `{ params, close }` (components/popup/popup-types).
import '../../shell-core';
import { placeholderPage } from '../../components/placeholder-page';

export const LogsPage = placeholderPage('logs.title');
