// The pair-app dialog (spec 001 §2, pairing): its own chunk, so the QR code library loads only here.
// PLACEHOLDERS: whoever builds this area replaces these exports with the real components (same names, or
// update src/client/app.tsx). Pages get `{ params }`, popups `{ params, close }` (components/popup/popup-types).
import '../../../shell-core';
import { placeholderPopup } from '../../../components/placeholder-page';

export const PairAppDialog = placeholderPopup('managementPortalApp.subject.pairApp.title');
