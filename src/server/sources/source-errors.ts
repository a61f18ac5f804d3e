// The answers sources give (docs/subjects.md): success alerts `managementPortalApp.source.*`, ManagementPortal's
// header-only failure alerts (`error.<key>`, params `source`) and the parameterized errors. The 404s of projects,
// sources and source types are http/not-found.ts's.
import { apiError, type HttpError } from '../http/errors';
import { entityAlert, failureAlert } from '../http/alerts';

export const sourceAlert = (action: 'created' | 'updated' | 'deleted', sourceName: string) => entityAlert('source', action, sourceName);

/** Failure alert: no body, `X-managementPortalApp-error: error.<key>`, params `source`. */
export const sourceFailure = (status: 400 | 409, key: string): HttpError => failureAlert(status, key, 'source');

/** A source in a project must be of a type the project includes. */
export const typeNotInProject = (projectName: string) =>
  apiError(400, 'error.invalidTransfer', 'source', `Project ${projectName} does not include this source type`, { projectName });
