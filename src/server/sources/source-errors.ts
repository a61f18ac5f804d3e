// The answers sources give (api.md §1.6, §5.10, §5.9.3): success alerts `managementPortalApp.source.*`, the
// header-only failure alerts of the original (`error.<key>`, params `source`) and the parameterized errors.
import { ALERT_HEADER, apiError, ERROR_HEADER, HttpError, PARAMS_HEADER } from '../http/errors';

export function sourceAlert(action: 'created' | 'updated' | 'deleted', sourceName: string): Record<string, string> {
  return { [ALERT_HEADER]: `managementPortalApp.source.${action}`, [PARAMS_HEADER]: sourceName };
}

/** Failure alert: no body, `X-managementPortalApp-error: error.<key>`, params `source`. */
export function sourceFailure(status: 400 | 409, key: string): HttpError {
  return new HttpError(status, undefined, { [ERROR_HEADER]: `error.${key}`, [PARAMS_HEADER]: 'source' }, `error.${key}`);
}

export const sourceNotFound = (sourceName: string) =>
  apiError(404, 'error.sourceNotFound', 'source', `Source not found: ${sourceName}`, { sourceName });

export const sourceTypeNotFound = (spec: string) =>
  apiError(404, 'error.sourceTypeNotFound', 'sourceType', `Source type ${spec} not found`, { 'producer-model-version': spec });

export const projectNameNotFound = (projectName: string) =>
  apiError(404, 'error.projectNameNotFound', 'project', `Project ${projectName} not found`, { projectName });

/** A source in a project must be of a type the project includes (§6.5). */
export const typeNotInProject = (projectName: string) =>
  apiError(400, 'error.invalidTransfer', 'source', `Project ${projectName} does not include this source type`, { projectName });
