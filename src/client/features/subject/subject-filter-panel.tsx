// The left filter panel of the subject list: subject id, external id, "Not seen for N days" and pairing (never paired, or paired), and behind "Advanced filter"
// human readable id, group (within a project, unless hidden), enrollment from/to, person name and date of birth
// (unless hidden). Validation messages (invalidDate, invalidRange) show under the field at fault.
import { useId, useState, type ReactNode } from 'react';
import type { GroupDTO } from '../../../common/dto';
import { DateInput, Select, TextField } from '../../components/form';
import { useT } from '../../lib/i18n-react';
import type { FilterError, FilterKey, SubjectFilters } from './subject-filters';
import type { HiddenSubjectFields } from './use-hidden-fields';

export interface SubjectFilterPanelProps {
  draft: SubjectFilters;
  onChange: (key: FilterKey, value: string) => void;
  errors: Partial<Record<FilterKey, FilterError>>;
  groups: readonly GroupDTO[];
  showGroup: boolean;
  hidden: HiddenSubjectFields;
}

const ADVANCED: readonly FilterKey[] = ['humanReadableId', 'groupId', 'enrollmentDateFrom', 'enrollmentDateTo', 'personName', 'dateOfBirth'];

export function SubjectFilterPanel({ draft, onChange, errors, groups, showGroup, hidden }: SubjectFilterPanelProps): ReactNode {
  const t = useT();
  const advancedId = useId();
  // Open when the URL brought an advanced filter along, so what filters the list is visible.
  const [advanced, setAdvanced] = useState(() => ADVANCED.some((key) => draft[key] !== ''));
  const label = (key: FilterKey) => t(`managementPortalApp.subject.filter.${key}`);
  const message = (key: FilterKey) => (errors[key] ? { key: `managementPortalApp.subject.filter.${errors[key]}` } : undefined);
  const text = (key: FilterKey) => (
    <TextField label={label(key)} name={key} type="search" value={draft[key]} onChange={(value) => onChange(key, value)} message={message(key)} />
  );
  const date = (key: FilterKey) => (
    <DateInput label={label(key)} name={key} value={draft[key]} onChange={(value) => onChange(key, value)} message={message(key)} />
  );

  return (
    <aside className="subject-filters" aria-label={t('managementPortalApp.subject.filter.title')}>
      <h2 className="subject-filters__title">{t('managementPortalApp.subject.filter.title')}</h2>
      {text('subjectId')}
      {text('externalId')}
      <TextField label={label('notSeenDays')} name="notSeenDays" inputMode="numeric" value={draft.notSeenDays}
        onChange={(value) => onChange('notSeenDays', value)} message={message('notSeenDays')} />
      <Select
        label={label('neverPaired')}
        name="neverPaired"
        value={draft.neverPaired}
        onChange={(value) => onChange('neverPaired', value)}
        placeholder={t('managementPortalApp.subject.filter.anyPairing')}
        options={[
          { value: 'true', label: t('managementPortalApp.subject.filter.pairing.true') },
          { value: 'false', label: t('managementPortalApp.subject.filter.pairing.false') },
        ]}
      />
      <button
        type="button"
        className="button button--link subject-filters__toggle"
        aria-expanded={advanced}
        aria-controls={advancedId}
        onClick={() => setAdvanced((open) => !open)}
      >
        {t('managementPortalApp.subject.filter.advanced')}
      </button>
      <div id={advancedId} className="subject-filters__advanced" hidden={!advanced}>
        {text('humanReadableId')}
        {showGroup && (
          <Select
            label={label('groupId')}
            name="groupId"
            value={draft.groupId}
            onChange={(value) => onChange('groupId', value)}
            placeholder={t('managementPortalApp.subject.filter.anyGroup')}
            options={groups.filter((g) => g.id !== undefined).map((g) => ({ value: String(g.id), label: g.name }))}
          />
        )}
        {date('enrollmentDateFrom')}
        {date('enrollmentDateTo')}
        {!hidden.personName && text('personName')}
        {!hidden.dateOfBirth && date('dateOfBirth')}
      </div>
    </aside>
  );
}
