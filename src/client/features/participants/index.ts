// Participants at scale (docs/subjects.md): the CSV import page and the printable pairing sheet, in a chunk of their
// own so the project page does not load them.
import '../../shell-core';

export { SubjectImportPage, UserImportPage } from './import-page';
export { PairingSheetPage } from './pairing-sheet-page';
