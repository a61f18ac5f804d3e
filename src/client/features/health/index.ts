// Health.
import '../../shell-core';

export { HealthPage } from './health-page';
