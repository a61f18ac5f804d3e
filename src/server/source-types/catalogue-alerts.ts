// Alert headers (api.md §1.6) for the catalogue entities, source types and source data: success alerts and the
// header-only "failure alert" (`error.idexists` for a new entity that already has an id).
import { ALERT_HEADER, ERROR_HEADER, HttpError, PARAMS_HEADER } from '../http/errors';

export type CatalogueEntity = 'sourceType' | 'sourceData';

export function catalogueAlert(entity: CatalogueEntity, action: 'created' | 'updated' | 'deleted', param: string): Record<string, string> {
  return { [ALERT_HEADER]: `managementPortalApp.${entity}.${action}`, [PARAMS_HEADER]: param };
}

export const idExists = (entity: CatalogueEntity) =>
  new HttpError(400, undefined, { [ERROR_HEADER]: 'error.idexists', [PARAMS_HEADER]: entity }, 'error.idexists');
