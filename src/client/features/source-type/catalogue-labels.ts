// The catalogue's enumerations as people read them, in the interface language: a source type's scope ("Passive",
// "Passief") and a source-data row's processing state ("Raw", "Ruw"). The API keeps its values; a value the client
// does not know shows as it is.
import { PROCESSING_STATES, SOURCE_TYPE_SCOPES } from '../../../common/dto';
import { knownValueLabel, knownValueOptions } from '../../components/value-label';
import type { Translate } from '../../lib/i18n-react';

const SCOPE_KEYS = 'managementPortalApp.sourceType.scope.';
const STATE_KEYS = 'managementPortalApp.sourceData.state.';

export const scopeLabel = (t: Translate, scope: string | null | undefined): string => knownValueLabel(t, SOURCE_TYPE_SCOPES, SCOPE_KEYS, scope);

export const processingStateLabel = (t: Translate, state: string | null | undefined): string =>
  knownValueLabel(t, PROCESSING_STATES, STATE_KEYS, state);

/** Select options: the API's value, the readable label. */
export const scopeOptions = (t: Translate) => knownValueOptions(t, SOURCE_TYPE_SCOPES, SCOPE_KEYS);
export const processingStateOptions = (t: Translate) => knownValueOptions(t, PROCESSING_STATES, STATE_KEYS);
