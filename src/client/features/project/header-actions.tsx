// Edit and Delete in the header of an organization's or a project's page, for those who may use them. While the
// entity is still loading they are disabled buttons (a link cannot be disabled); once it is there, links that open
// the popups.
import type { ReactNode } from 'react';
import { PopupLink } from '../../components/popup';
import { useT } from '../../lib/i18n-react';

export interface HeaderActionsProps {
  /** Popup path of the edit dialog. */
  edit: string;
  /** Popup path of the delete dialog; none: no Delete. */
  remove?: string;
  loading: boolean;
}

export function HeaderActions({ edit, remove, loading }: HeaderActionsProps): ReactNode {
  const t = useT();
  const action = (to: string, className: string, label: string) =>
    loading ? (
      <button type="button" className={className} disabled>
        {label}
      </button>
    ) : (
      <PopupLink to={to} className={className}>
        {label}
      </PopupLink>
    );
  return (
    <div className="entity-page__header-actions">
      {action(edit, 'button button--secondary', t('entity.action.edit'))}
      {remove && action(remove, 'button button--danger', t('entity.action.delete'))}
    </div>
  );
}
