// The pair-app dialog (pairing): its own chunk, so the QR code library loads only here.
import '../../../shell-core';

export { PairAppDialog } from './pair-app-dialog';
