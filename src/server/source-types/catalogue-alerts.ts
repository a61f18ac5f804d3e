// Alerts of the catalogue entities, source types and source data (http/alerts.ts).
import { entityAlert, failureAlert } from '../http/alerts';

export type CatalogueEntity = 'sourceType' | 'sourceData';

export const catalogueAlert = (entity: CatalogueEntity, action: 'created' | 'updated' | 'deleted', param: string) => entityAlert(entity, action, param);

/** A new entity that already has an id. */
export const idExists = (entity: CatalogueEntity) => failureAlert(400, 'idexists', entity);
