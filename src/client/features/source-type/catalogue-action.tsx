// An Edit or Delete action of a source type or source data row: the popup link, or, when the user may not change that
// type (catalogue-access.ts), a button that stays focusable but does nothing, with the reason as its tooltip and as its
// accessible description (a disabled button could not be focused to hear why).
import { useId, type ReactNode } from 'react';
import type { CatalogueRefusal } from '../../../common/catalogue-scope';
import { Link } from '../../lib/router-react';
import { PopupLink } from '../../components/popup';
import type { CatalogueRefusals } from './catalogue-access';
import { useT } from '../../lib/i18n-react';

export interface CatalogueActionProps {
  /** The popup path (edit or delete). */
  to: string;
  className: string;
  /** Why the action is refused; undefined: offered. */
  refusal: CatalogueRefusal | undefined;
  /** Whose reasons to show: `sourceType` or `sourceData`. */
  entity: 'sourceType' | 'sourceData';
  children: ReactNode;
  /** The accessible name, when it should say more than the visible label (it must start with it). */
  label?: string;
}

export function CatalogueAction({ to, className, refusal, entity, children, label }: CatalogueActionProps): ReactNode {
  const t = useT();
  const id = useId();
  if (!refusal) return <PopupLink to={to} className={className} aria-label={label}>{children}</PopupLink>;
  const reason = t(`managementPortalApp.${entity}.refusal.${refusal}`);
  return (
    <>
      <button type="button" className={className} aria-disabled="true" title={reason} aria-describedby={id} aria-label={label} onClick={(event) => event.preventDefault()}>
        {children}
      </button>
      <span id={id} className="visually-hidden">{reason}</span>
    </>
  );
}

/**
 * A list row's View, Edit and Delete: `path()` is the entity's page, `path('edit' | 'delete')` its popups. With
 * `name` (the row's source type or source-data name) each action's accessible name names the row.
 */
export function CatalogueRowActions({ path, refusals, entity, name }: {
  path: (popup?: 'edit' | 'delete') => string;
  refusals: CatalogueRefusals;
  entity: CatalogueActionProps['entity'];
  name?: string;
}): ReactNode {
  const t = useT();
  const named = t(`entity.named.${entity}`, { name: name ?? '' });
  const label = (action: string) => (name === undefined ? undefined : t('entity.action.named', { action, entity: named }));
  const [view, edit, remove] = [t('entity.action.view'), t('entity.action.edit'), t('entity.action.delete')];
  return (
    <span className="row-actions source-type__actions">
      <Link to={path()} className="button button--secondary button--small" aria-label={label(view)}>{view}</Link>
      <CatalogueAction to={path('edit')} className="button button--secondary button--small" refusal={refusals.edit} entity={entity} label={label(edit)}>
        {edit}
      </CatalogueAction>
      <CatalogueAction to={path('delete')} className="button button--danger button--small" refusal={refusals.delete} entity={entity} label={label(remove)}>
        {remove}
      </CatalogueAction>
    </span>
  );
}
