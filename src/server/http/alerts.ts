// The alert headers every write answers with (docs/api-conventions.md, "Alerts"): a success alert names an i18n key
// of the client and one parameter (the entity's identifier); a failure alert is an error with no body, only the key
// `error.<key>` and the entity name in the headers, which ManagementPortal's client shows as a toast.
import { ALERT_HEADER, ERROR_HEADER, HttpError, PARAMS_HEADER } from './errors';

/** Entities whose alerts are keyed `managementPortalApp.<entity>.<action>`. */
export type AlertEntity = 'organization' | 'project' | 'role' | 'group' | 'source' | 'sourceType' | 'sourceData' | 'subject' | 'oauthClient';
export type AlertAction = 'created' | 'updated' | 'deleted';

/** Success alert headers with any key (users use `userManagement.<action>`). */
export function alert(key: string, param: string): Record<string, string> {
  return { [ALERT_HEADER]: key, [PARAMS_HEADER]: param };
}

export function entityAlert(entity: AlertEntity, action: AlertAction, param: string): Record<string, string> {
  return alert(`managementPortalApp.${entity}.${action}`, param);
}

/** A failure alert: the status, `X-managementPortalApp-error: error.<key>`, params = the entity name, no body. */
export function failureAlert(status: 400 | 409, key: string, entity: string, message = `error.${key}`): HttpError {
  return new HttpError(status, undefined, { [ERROR_HEADER]: `error.${key}`, [PARAMS_HEADER]: entity }, message);
}
