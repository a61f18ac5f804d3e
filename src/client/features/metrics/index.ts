// Runtime metrics (spec 000 §2).
import '../../shell-core';

export { MetricsPage } from './metrics-page';
