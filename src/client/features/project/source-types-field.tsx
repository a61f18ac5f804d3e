// The project dialog's source types: a typeahead over the cached source types (200 ms debounce,
// filtered by the typed text, without the ones already chosen), each shown as producer_model_catalogVersion; the
// chosen ones are buttons, and clicking one removes it.
import type { ReactNode } from 'react';
import type { SourceTypeDTO } from '../../../common/dto';
import { Typeahead } from '../../components/typeahead';
import { useT } from '../../lib/i18n-react';
import type { SessionState } from '../../lib/session-store';
import { useSessionState } from '../../lib/session-react';
import { matchingSourceTypes, sourceTypeLabel, withoutSourceType } from './project-form-model';

const selectSourceTypes = (state: SessionState) => state.sourceTypes;

export interface SourceTypesFieldProps {
  value: readonly SourceTypeDTO[];
  onChange: (types: SourceTypeDTO[]) => void;
}

export function SourceTypesField({ value, onChange }: SourceTypesFieldProps): ReactNode {
  const t = useT();
  const all = useSessionState(selectSourceTypes);
  return (
    <div className="source-types-field">
      <Typeahead<SourceTypeDTO>
        name="sourceTypes"
        label={t('managementPortalApp.project.sourceTypes')}
        placeholder={t('managementPortalApp.project.sourceTypesPlaceholder')}
        debounceMs={200}
        search={(text) => matchingSourceTypes(all, value, text)}
        optionLabel={sourceTypeLabel}
        onSelect={(type) => onChange([...value, type])}
      />
      <ul className="source-types-field__chosen" aria-label={t('managementPortalApp.project.sourceTypesChosen')}>
        {value.map((type) => (
          <li key={sourceTypeLabel(type)}>
            <button
              type="button"
              className="button button--secondary button--small"
              title={t('managementPortalApp.project.sourceTypeRemove')}
              aria-label={t('managementPortalApp.project.sourceTypeRemoveNamed', { name: sourceTypeLabel(type) })}
              onClick={() => onChange(withoutSourceType(value, type))}
            >
              {sourceTypeLabel(type)} <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
