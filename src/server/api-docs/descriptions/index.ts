// LEGACY: every operation's description, for the routes that are not route entries yet (TAGS now live in ../tags.ts).
import type { OperationTable } from '../operation-doc';
import { ACCOUNT_DOCS } from './account-docs';
import { CATALOGUE_DOCS } from './catalogue-docs';
import { MANAGEMENT_DOCS } from './management-docs';
import { PROJECT_DOCS } from './project-docs';
import { SUBJECT_DOCS } from './subject-docs';
import { USER_DOCS } from './user-docs';

/** The tables one by one (a test checks no key appears in two of them). */
export const OPERATION_TABLES: readonly OperationTable[] = [ACCOUNT_DOCS, USER_DOCS, PROJECT_DOCS, SUBJECT_DOCS, CATALOGUE_DOCS, MANAGEMENT_DOCS];

export const OPERATION_DOCS: OperationTable = Object.assign({}, ...OPERATION_TABLES);
