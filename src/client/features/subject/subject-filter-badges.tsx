// One removable badge per active filter ("External id: abc") and a link that clears them all.
import type { ReactNode } from 'react';
import type { GroupDTO } from '../../../common/dto';
import { FilterBadge } from '../../components/badge';
import { useT } from '../../lib/i18n-react';
import { activeFilterKeys, type FilterKey, type SubjectFilters } from './subject-filters';

export interface SubjectFilterBadgesProps {
  filters: SubjectFilters;
  groups: readonly GroupDTO[];
  onRemove: (key: FilterKey) => void;
  onClear: () => void;
}

export function SubjectFilterBadges({ filters, groups, onRemove, onClear }: SubjectFilterBadgesProps): ReactNode {
  const t = useT();
  const active = activeFilterKeys(filters);
  if (active.length === 0) return null;
  const shown = (key: FilterKey): string => {
    const value = filters[key].trim();
    if (key === 'neverPaired') return t(`managementPortalApp.subject.filter.pairing.${value === 'true' ? 'true' : 'false'}`);
    return key === 'groupId' ? groups.find((g) => String(g.id) === value)?.name ?? value : value;
  };
  return (
    <div className="subject-list__badges">
      {active.map((key) => (
        <FilterBadge key={key} label={t(`managementPortalApp.subject.filter.${key}`)} value={shown(key)} onRemove={() => onRemove(key)} />
      ))}
      <button type="button" className="button button--link button--small" onClick={onClear}>
        {t('managementPortalApp.subject.filter.clear')}
      </button>
    </div>
  );
}
