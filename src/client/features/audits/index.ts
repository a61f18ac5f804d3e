// The audit log (spec 000 §2).
import '../../shell-core';

export { AuditsPage } from './audits-page';
