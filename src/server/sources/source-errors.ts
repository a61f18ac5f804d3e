// The answers sources give (api.md §1.6, §5.10, §5.9.3): success alerts `managementPortalApp.source.*`, the
// header-only failure alerts of the original (`error.<key>`, params `source`) and the parameterized errors.
import { apiError, type HttpError } from '../http/errors';
import { entityAlert, failureAlert } from '../http/alerts';
export { projectNotFound as projectNameNotFound, sourceNotFound, sourceTypeNotFound } from '../http/not-found';

export const sourceAlert = (action: 'created' | 'updated' | 'deleted', sourceName: string) => entityAlert('source', action, sourceName);

/** Failure alert: no body, `X-managementPortalApp-error: error.<key>`, params `source`. */
export const sourceFailure = (status: 400 | 409, key: string): HttpError => failureAlert(status, key, 'source');

/** A source in a project must be of a type the project includes (§6.5). */
export const typeNotInProject = (projectName: string) =>
  apiError(400, 'error.invalidTransfer', 'source', `Project ${projectName} does not include this source type`, { projectName });
