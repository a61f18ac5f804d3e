// The alert headers of api.md §1.6 for the entities of this part: success alerts
// (`managementPortalApp.<entity>.<action>` + the entity's identifier) and the header-only "failure alert" errors
// (`error.<key>` + the entity name, empty body) the original answers for duplicate names and ids.
import { ALERT_HEADER, ERROR_HEADER, HttpError, PARAMS_HEADER } from '../http/errors';

export type AlertEntity = 'organization' | 'project' | 'role' | 'group';

export function entityAlert(entity: AlertEntity, action: 'created' | 'updated' | 'deleted', param: string): Record<string, string> {
  return { [ALERT_HEADER]: `managementPortalApp.${entity}.${action}`, [PARAMS_HEADER]: param };
}

/** A failure alert: status, `X-managementPortalApp-error: error.<key>`, params = entity name, no body. */
export function failureAlert(status: 400 | 409, key: string, entity: AlertEntity): HttpError {
  return new HttpError(status, undefined, { [ERROR_HEADER]: `error.${key}`, [PARAMS_HEADER]: entity }, `error.${key}`);
}
