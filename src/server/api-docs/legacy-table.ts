// LEGACY, deleted with descriptions/ and operation-doc.ts once every route is a route entry: the hand-written
// descriptions of the routes not moved to entries yet, so the document still describes them meanwhile.
import { OPERATION_DOCS } from './descriptions';
import type { OperationView } from './openapi-parts';

/** The old table's description of a route, by `METHOD /path/{param}`. */
export const legacyOperation = (key: string): OperationView | undefined => OPERATION_DOCS[key];

/** Keys of the old table that name no route. */
export const legacyUnknown = (keys: Set<string>): string[] => Object.keys(OPERATION_DOCS).filter((key) => !keys.has(key));
