// Small status labels (activated/deactivated, subject status, registration kind) and the removable badges that show
// the filters applied to a list.
import type { ReactNode } from 'react';
import { useT } from '../lib/i18n-react';

export type BadgeTone = 'success' | 'danger' | 'warning' | 'info' | 'neutral';

export interface BadgeProps {
  tone?: BadgeTone;
  children?: ReactNode;
  className?: string;
}

export function Badge({ tone = 'neutral', children, className }: BadgeProps): ReactNode {
  return <span className={`badge badge--${tone}${className ? ` ${className}` : ''}`}>{children}</span>;
}

export interface FilterBadgeProps {
  /** Already translated, e.g. "External id". */
  label: string;
  /** The filter's value; shown after the label. */
  value?: string;
  onRemove: () => void;
}

export function FilterBadge({ label, value, onRemove }: FilterBadgeProps): ReactNode {
  const t = useT();
  const text = value === undefined || value === '' ? label : `${label}: ${value}`;
  return (
    <span className="filter-badge">
      <span className="filter-badge__text">{text}</span>
      <button
        type="button"
        className="filter-badge__remove"
        aria-label={t('global.filter.remove', { filter: text })}
        title={t('global.filter.remove', { filter: text })}
        onClick={onRemove}
      >
        <span aria-hidden="true">×</span>
      </button>
    </span>
  );
}
