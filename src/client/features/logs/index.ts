// Loggers.
import '../../shell-core';

export { LogsPage } from './logs-page';
