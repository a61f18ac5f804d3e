// The catalogue's enumerations as people read them, in the interface language: a source type's scope ("Passive",
// "Passief") and a source-data row's processing state ("Raw", "Ruw"). The API keeps its values; a value the client
// does not know shows as it is.
import { PROCESSING_STATES, SOURCE_TYPE_SCOPES } from '../../../common/dto';
import type { Translate } from '../../lib/i18n-react';

const known = (list: readonly string[], value: string | null | undefined): value is string => value != null && list.includes(value);

export function scopeLabel(t: Translate, scope: string | null | undefined): string {
  return known(SOURCE_TYPE_SCOPES, scope) ? t(`managementPortalApp.sourceType.scope.${scope}`) : scope ?? '';
}

export function processingStateLabel(t: Translate, state: string | null | undefined): string {
  return known(PROCESSING_STATES, state) ? t(`managementPortalApp.sourceData.state.${state}`) : state ?? '';
}

/** Select options: the API's value, the readable label. */
export const scopeOptions = (t: Translate) => SOURCE_TYPE_SCOPES.map((value) => ({ value, label: scopeLabel(t, value) }));
export const processingStateOptions = (t: Translate) => PROCESSING_STATES.map((value) => ({ value, label: processingStateLabel(t, value) }));
