// Runtime metrics.
import '../../shell-core';

export { MetricsPage } from './metrics-page';
