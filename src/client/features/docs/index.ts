// The embedded API documentation (spec 000 §2).
import '../../shell-core';

export { ApiDocsPage } from './api-docs-page';
