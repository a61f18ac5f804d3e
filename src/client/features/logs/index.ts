// Loggers (spec 000 §2).
import '../../shell-core';

export { LogsPage } from './logs-page';
