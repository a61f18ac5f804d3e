// "Sort by" (login or external id) and "Order" (ascending or descending) of the subject list.
import type { ReactNode } from 'react';
import { Select } from '../../components/form';
import { useT } from '../../lib/i18n-react';
import { SORT_FIELDS, type SubjectSort, type SubjectSortField } from './subject-paging';

export interface SubjectSortControlsProps {
  sort: SubjectSort;
  onChange: (sort: SubjectSort) => void;
}

export function SubjectSortControls({ sort, onChange }: SubjectSortControlsProps): ReactNode {
  const t = useT();
  return (
    <div className="subject-list__sort">
      <Select
        label={t('managementPortalApp.subject.sort.by')}
        name="sortBy"
        value={sort.field}
        onChange={(field) => onChange({ ...sort, field: field as SubjectSortField })}
        options={SORT_FIELDS.map((field) => ({ value: field, label: t(`managementPortalApp.subject.sort.${field}`) }))}
      />
      <Select
        label={t('managementPortalApp.subject.sort.order')}
        name="sortOrder"
        value={sort.ascending ? 'asc' : 'desc'}
        onChange={(order) => onChange({ ...sort, ascending: order !== 'desc' })}
        options={[
          { value: 'asc', label: t('managementPortalApp.subject.sort.asc') },
          { value: 'desc', label: t('managementPortalApp.subject.sort.desc') },
        ]}
      />
    </div>
  );
}
