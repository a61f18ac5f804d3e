// Health (spec 000 §2).
import '../../shell-core';

export { HealthPage } from './health-page';
