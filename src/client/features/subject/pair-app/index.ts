// The pair-app dialog (spec 001 §2, pairing): its own chunk, so the QR code library loads only here.
import '../../../shell-core';

export { PairAppDialog } from './pair-app-dialog';
