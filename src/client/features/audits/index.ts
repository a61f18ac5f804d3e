// The audit log.
import '../../shell-core';

export { AuditsPage } from './audits-page';
