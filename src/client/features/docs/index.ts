// The embedded API documentation.
import '../../shell-core';

export { ApiDocsPage } from './api-docs-page';
