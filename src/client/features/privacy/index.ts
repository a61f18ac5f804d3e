// The record of processing activities (GDPR Art. 30).
import '../../shell-core';

export { ProcessingRecordPage } from './processing-record-page';
